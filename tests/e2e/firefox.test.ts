import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { freshDataDir, removeDataDir } from '../pglite-template';
import { testServerArgs } from '../server-entry';
import { type ServerProcess, startServerProcess } from '../server-process';
import { composerBarLayout, expectComposerBarFits } from './composer-layout';
import {
  type FirefoxWithExtension,
  findByText,
  launchFirefoxWithExtension,
  openFirefoxPage,
  reload,
  until,
} from './firefox';
import { firefoxMenuAccessKeys } from './firefox-menu-keys';
import { fetchGems } from './flows';
import { SCREENSHOTS } from './panel';
import { startTestSite } from './test-site';

/**
 * The Firefox build in Debian's Firefox ESR (helpers in ./firefox.ts): the first-run steps in Firefox's words,
 * shortcuts Firefox does not take for itself, a save from the popup, and the sidebar at Firefox's default
 * width (252 px). Kept to one launch: it adds to every CI run.
 */

const USER = { username: 'foxuser', email: 'fox@example.test', password: 'correct horse battery' };
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

type Command = { name: string; description: string; shortcut: string };
const commandsIn = (page: Page) =>
  page.evaluate(`browser.commands.getAll().then((all) => all.filter((c) => !c.name.startsWith('_')))`) as Promise<
    Command[]
  >;
const listed = (page: Page) =>
  page.evaluate(
    `[...document.querySelectorAll('.browser-shortcuts dt')].map((dt) => dt.textContent + ': ' + dt.nextElementSibling.textContent)`,
  ) as Promise<string[]>;

/**
 * Screenshots in the page's light and dark themes, switched as the options page's Theme does (the page reloads;
 * `ready` says when it is drawn again).
 */
async function shootThemes(page: Page, name: string, ready: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`localStorage.setItem('trove.theme', '${theme}')`);
    await reload(page);
    await until(page, `document.documentElement.dataset.theme === '${theme}' && (${ready})`, `${name} in ${theme}`);
    await page.screenshot({ path: `${SCREENSHOTS}firefox-${name}-${theme}.png` });
  }
  await page.evaluate(`localStorage.removeItem('trove.theme')`);
}

describe('the Firefox build in Firefox ESR', () => {
  let fox: FirefoxWithExtension;
  let server: ServerProcess;
  let site: Awaited<ReturnType<typeof startTestSite>>;
  let fake: FakeProvider;
  let dataDir: string;
  let options: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    dataDir = await freshDataDir('trove-e2e-firefox-');
    fake = await startFakeProvider();
    [server, site, fox] = await Promise.all([
      startServerProcess({
        args: testServerArgs(),
        env: {
          DATA_DIR: dataDir,
          TROVE_HOUSE_PROVIDER: 'openai-compatible',
          TROVE_HOUSE_BASE_URL: `${fake.url}/v1`,
          TROVE_HOUSE_API_KEY: 'house-key-e2e',
        },
      }),
      startTestSite(),
      launchFirefoxWithExtension(),
    ]);
  });

  afterAll(async () => {
    await fox?.close();
    await server?.stop();
    await site?.close();
    await fake?.close();
    if (dataDir) removeDataDir(dataDir);
  });

  it("says Firefox's Pin to Toolbar in the first-run steps, then signs up", async () => {
    options = await openFirefoxPage(fox, 'options.html');
    const toolbarStep = await findByText(options, '.first-run li', 'Toolbar:');
    // Soft: the sign-up below is what the other tests need, whatever the wording.
    expect
      .soft(await toolbarStep.evaluate((el) => el.textContent))
      .toBe(
        'Toolbar: click the puzzle-piece icon beside the address bar, then the gear beside Trove, then Pin to Toolbar.',
      );
    await shootThemes(options, 'first-run', `document.querySelector('.first-run li')`);

    // Select the old address as Ctrl+A would (a triple click under load can land as three single clicks in Firefox).
    await options.focus('#server-url');
    await options.evaluate(`document.querySelector('#server-url').select()`);
    await options.type('#server-url', server.url);
    expect(await options.evaluate(`document.querySelector('#server-url').value`)).toBe(server.url);
    await (await findByText(options, 'button', 'Save server')).click();
    // Saved (the button off again, as flows.ts signUpInOptions waits) or refused (its alert, said in the failure).
    const saved = await until<string>(
      options,
      `(() => {
        const form = document.querySelector('#server-url').closest('form');
        const refused = form.querySelector('[role="alert"]');
        if (refused) return 'refused: ' + refused.textContent;
        const button = form.querySelector('button[type="submit"]');
        return button.disabled && !button.hasAttribute('aria-busy') ? 'saved' : false;
      })()`,
      'the server saved',
      60_000,
    );
    expect(saved).toBe('saved');
    await until(options, `document.querySelector('.first-run li[data-done="true"]')`, 'the server step ticked', 60_000);
    await (await findByText(options, '[role="tab"]', 'Create account')).click();
    await until(options, `document.querySelector('#signup-username')`);
    await options.type('#signup-username', USER.username);
    await options.type('#signup-email', USER.email);
    await options.type('#signup-password', USER.password);
    await (await findByText(options, 'button[type="submit"]', 'Create account')).click();
    await until(options, `document.querySelector('.signed-in-as')`, 'signed in');
  });

  it('binds every command to a key Firefox does not take for its menu bar, and lists it', async () => {
    const menuKeys = firefoxMenuAccessKeys(FIREFOX);
    const commands = await commandsIn(options);
    expect(commands.map((c) => c.name).sort()).toEqual(['open-library', 'save-page', 'toggle-chat']);
    // Alt with a menu's access key opens that menu (Shift or not); the extension never hears of it.
    const taken = commands
      .filter((c) => !c.shortcut || (/^Alt\+/.test(c.shortcut) && menuKeys.has(c.shortcut.split('+').at(-1) ?? '')))
      .map((c) => `${c.name}: ${c.shortcut || 'unbound'} (${menuKeys.get(c.shortcut.split('+').at(-1) ?? '')})`);
    expect(taken).toEqual([]);
    await until(options, `document.querySelector('.browser-shortcuts dt')`);
    expect(await listed(options)).toEqual(
      commands.map((c) => `${c.shortcut.split('+').join(' + ')}: ${c.description}`),
    );

    // A shortcut the user cleared in Firefox is "not set", with where to set it.
    await options.evaluate(`browser.commands.update({ name: 'toggle-chat', shortcut: '' })`);
    await reload(options);
    await until(options, `document.querySelector('.browser-shortcuts dt')`);
    expect(await listed(options)).toContain(
      'not set: Open or close the Trove chat panel — set it in about:addons → Manage Extension Shortcuts',
    );
    await options.evaluate(`browser.commands.reset('toggle-chat')`);
  });

  it('opens the sidebar at 252 px with nothing overlapping, and saves the page from the popup', async () => {
    const article = await fox.browser.newPage();
    await article.goto(`${site.url}/news-article.html`);
    const tabId = await options.evaluate(
      `browser.tabs.query({ active: true, currentWindow: true }).then(([t]) => t.id)`,
    );
    // The sidebar's page in a window of its own, 252 px wide (Firefox's default sidebar width), about the article.
    const sidebar = await openFirefoxPage(fox, `sidepanel.html?tabId=${tabId}`, { width: 252, window: true });
    // Firefox grants activeTab to a toolbar click only, which BiDi cannot make: the panel's own way to read
    // tabs, "Follow the active tab", gives the extension the page instead.
    await (await findByText(sidebar, 'label.ui-switch-label', 'Follow the active tab')).click();
    await until(sidebar, `document.querySelector('.page-chip-title')?.textContent.includes('Council approves')`);
    await until(
      sidebar,
      `document.querySelector('.composer-estimate')?.textContent.includes('tokens')`,
      'the estimate',
    );
    await until(sidebar, `document.querySelector('.model-button-name')?.textContent.trim()`, 'the model');
    const layout = await composerBarLayout(sidebar);
    await shootThemes(
      sidebar,
      'sidebar-252px',
      `document.querySelector('.page-chip-title')?.textContent.includes('Council approves') &&
        !document.querySelector('.composer-estimate')?.textContent.startsWith('≈ 0 ')`,
    );
    expectComposerBarFits(layout);

    // The popup in a tab behind the article, so the article is its window's active tab, as for a toolbar click;
    // brought to the front once it has read that tab (a tab behind gets no animation frames to paint with).
    await article.bringToFront();
    const popup = await openFirefoxPage(fox, 'popup.html', { background: true });
    await until(popup, `document.body.innerText.includes('Council approves')`, 'the tab read');
    await popup.bringToFront();
    await until(popup, `document.querySelector('#gem-title')?.value.includes('Council approves')`, 'the form');
    await until(popup, `document.querySelector('form[aria-busy="false"]')`, 'the form filled in');
    // Enter in the title saves, as a click on Save gem would; a click could miss it while suggestions arrive above it.
    await popup.focus('#gem-title');
    await popup.keyboard.press('Enter');
    await until(popup, `document.querySelector('.alert-success')?.textContent === 'Saved in Unfiltered.'`, 'saved');
    const gems = await fetchGems(server.url, USER.username, USER.password);
    expect(gems.data.map((g) => g.url)).toContain(`${site.url}/news-article.html`);
  });
});
