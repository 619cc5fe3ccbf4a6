import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { type ExtensionBrowser, emulateTheme, extensionPath, launchWithExtension, openExtensionPage } from './browser';
import { composerBarLayout, expectComposerBarFits, overlaps, toolTabsLayout } from './composer-layout';
import type { E2eEnvironment } from './environment';
import { backgroundWorker, signUpAndSignIn } from './flows';
import { grantTab, openPanel, SCREENSHOTS, shoot, startPanelEnvironment } from './panel';

/**
 * What a new user's walk in real Chromium found: the keyboard commands bind (and the panel and options page
 * show what the browser bound, or how to set one it left unbound), and the side panel lays out from 240 px up.
 */

const USER = { username: 'walkuser', email: 'walk@example.test', password: 'correct horse battery' };

type Command = { name: string; description: string; shortcut: string };

async function commandsOf(ctx: ExtensionBrowser): Promise<Command[]> {
  const worker = await backgroundWorker(ctx);
  const all = await worker.evaluate(() =>
    (globalThis as unknown as { chrome: { commands: { getAll(): Promise<unknown> } } }).chrome.commands.getAll(),
  );
  return (all as Command[]).filter((c) => !c.name.startsWith('_'));
}

/** The browser shortcuts a page lists, as "keys: what it does". */
const listed = (page: Page) =>
  page.$$eval('.browser-shortcuts dt', (dts) =>
    dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
  );

describe('keyboard commands and narrow panels, in Chromium', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;
  let articleTab: number;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    env = await startPanelEnvironment('shortcuts', fake);
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    articleTab = await grantTab(ctx, article);
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('binds a key to every command of the built extension', async () => {
    const commands = await commandsOf(ctx);
    expect(commands.map((c) => c.name).sort()).toEqual(['open-library', 'save-page', 'toggle-chat']);
    expect(commands.filter((c) => !c.shortcut).map((c) => c.name)).toEqual([]);
  });

  it("lists the keys the browser bound in the panel's Keyboard shortcuts and on the options page", async () => {
    const expected = (await commandsOf(ctx)).map((c) => `${c.shortcut.split('+').join(' + ')}: ${c.description}`);
    const panel = await openPanel(ctx, articleTab);
    await panel.locator('button[aria-label="Chat settings"]').click();
    await panel.locator('[role="menuitem"]::-p-text(Keyboard shortcuts)').click();
    await panel.waitForSelector('.browser-shortcuts dt');
    expect(await listed(panel)).toEqual(expected);
    await shoot(panel, 'keyboard-shortcuts');
    await panel.close();

    const options = await openExtensionPage(ctx, 'options.html');
    await options.waitForSelector('.browser-shortcuts dt');
    expect(await listed(options)).toEqual(expected);
    await options.close();
  });

  it('says when Chromium left a command unbound, with a link to its shortcut page', async () => {
    // The same build, suggesting a key Chromium keeps for itself (Alt+Shift+C, the old default): Chromium
    // loads it with that command unbound.
    const copy = mkdtempSync(join(tmpdir(), 'trove-e2e-unbound-'));
    cpSync(extensionPath, copy, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
    manifest.commands['toggle-chat'].suggested_key = { default: 'Alt+Shift+C' };
    writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
    const other = await launchWithExtension(copy);
    try {
      const unbound = (await commandsOf(other)).find((c) => c.name === 'toggle-chat');
      expect(unbound?.shortcut).toBe('');
      const options = await openExtensionPage(other, 'options.html');
      await options.waitForSelector('.browser-shortcuts dt');
      expect(await listed(options)).toContain(
        'not set: Open or close the Trove chat panel — set it in chrome://extensions/shortcuts',
      );
      for (const theme of ['light', 'dark'] as const) {
        await emulateTheme(options, theme);
        const section = await options.$('section[aria-labelledby="shortcuts-heading"]');
        await section?.screenshot({ path: `${SCREENSHOTS}options-shortcut-unbound-${theme}.png` });
      }
      const opened = other.browser.waitForTarget((t) => t.url() === 'chrome://extensions/shortcuts', {
        timeout: 15_000,
      });
      await options.locator('.browser-shortcuts dd button::-p-text(chrome://extensions/shortcuts)').click();
      expect((await opened).url()).toBe('chrome://extensions/shortcuts');
    } finally {
      await other.close();
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it.each([240, 252, 400])('lays the composer out at %i px: nothing overlaps, nothing is cut', async (width) => {
    const panel = await openPanel(ctx, articleTab);
    await panel.setViewport({ width, height: 700 });
    await panel.waitForSelector('.composer-estimate:not(:empty)');
    await panel.waitForSelector('.model-button-name');
    const layout = await composerBarLayout(panel);
    await shoot(panel, `composer-${width}px`);
    expectComposerBarFits(layout);

    const tabs = await toolTabsLayout(panel);
    expect(tabs.parts.map((p) => p.text)).toEqual(['Chat', 'Picture', 'Web search', 'Research']);
    expect(tabs.parts.filter((p) => p.width < 1 || p.cut).map((p) => p.text)).toEqual([]);
    expect(overlaps(tabs)).toEqual([]);
    expect(tabs.barRight).toBeLessThanOrEqual(tabs.pageWidth);
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(panel, theme);
      const composer = await panel.$('.chat-panel:not(.panel-skeleton) .composer');
      await composer?.screenshot({ path: `${SCREENSHOTS}composer-tools-${width}px-${theme}.png` });
    }
    await panel.close();
  });
});
