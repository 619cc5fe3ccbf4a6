import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, openExtensionPage, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { signUpInOptions } from './flows';

/**
 * The design tokens in real Chromium: the type scale is not shrunk by Chromium's 75% body default,
 * and the pages follow the system's light or dark theme. Screenshots of each state and theme are
 * written to test-output/screenshots/ to be looked at.
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));
const THEMES = ['light', 'dark'] as const;

async function look(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  return page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const input = document.querySelector('input');
    return {
      fontSize: body.fontSize,
      background: body.backgroundColor,
      inputFontSize: input ? getComputedStyle(input).fontSize : null,
    };
  });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

describe('one look for every page, light and dark', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    env = await startE2eEnvironment('themes');
    ctx = env.ctx;
  });

  afterAll(() => env?.close());

  it('the options page on first run and signed in: 14 px text, inputs included, in both themes', async () => {
    const firstRun = await openExtensionPage(ctx, 'options.html');
    await firstRun.waitForSelector('#server-url');
    const seen: Record<string, string> = {};
    for (const theme of THEMES) {
      const style = await look(firstRun, theme);
      expect(style).toMatchObject({ fontSize: '14px', inputFontSize: '14px' });
      seen[theme] = style.background;
      await shoot(firstRun, `options-first-run-${theme}`);
    }
    expect(seen.light).toBe('rgb(255, 255, 255)');
    expect(seen.dark).toBe('rgb(23, 23, 28)');
    await firstRun.close();

    const options = await signUpInOptions(ctx, env.server.url, {
      username: 'looker',
      email: 'looker@example.test',
      password: 'correct horse battery',
    });
    await options.waitForSelector('#ai-settings .ai-model');
    for (const theme of THEMES) {
      await look(options, theme);
      await shoot(options, `options-signed-in-${theme}`);
    }
    // On a wide window the page's sections are listed beside its column, in view however far down; a link brings its
    // section up
    await options.setViewport({ width: 1280, height: 800 });
    await options.locator('nav[aria-label="On this page"] a::-p-text(Teams)').click();
    await options.waitForFunction(() => {
      const top = document.getElementById('teams-heading')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 40;
    });
    const beside = await options.$eval('nav[aria-label="On this page"]', (nav) => {
      const box = nav.getBoundingClientRect();
      const column = document.querySelector('main.options')?.getBoundingClientRect();
      return { top: box.top, clearOfColumn: column !== undefined && box.right <= column.left };
    });
    expect(beside).toEqual({ top: 24, clearOfColumn: true });
    for (const theme of THEMES) {
      await look(options, theme);
      await options.screenshot({ path: `${SCREENSHOTS}options-contents-wide-${theme}.png` });
    }
    await options.close();
  });

  it('the popup, fresh, in both themes', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${env.site.url}/news-article.html`);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('form[aria-busy="false"]');
    // The article's title is longer than its field: the field shows its start, the caret waiting before it.
    expect(
      await popup.$eval('#gem-title', (title) => [
        document.activeElement === title,
        (title as HTMLInputElement).selectionStart,
        title.scrollLeft,
      ]),
    ).toEqual([true, 0, 0]);
    for (const theme of THEMES) {
      const style = await look(popup, theme);
      expect(style.fontSize).toBe('14px');
      await shoot(popup, `popup-theme-fresh-${theme}`);
    }
    await popup.close().catch(() => {});
    await page.close();
  });

  it('a theme chosen in the options applies over the system one', async () => {
    const options = await openExtensionPage(ctx, 'options.html');
    await options.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await options.waitForSelector('#appearance-theme');
    await options.select('#appearance-theme', 'dark');
    const popup = await openExtensionPage(ctx, 'popup.html');
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await popup.waitForSelector('#root > *');
    expect(
      await popup.evaluate(() => [
        document.documentElement.dataset.theme,
        getComputedStyle(document.body).backgroundColor,
      ]),
    ).toEqual(['dark', 'rgb(23, 23, 28)']);
    await options.select('#appearance-theme', 'system');
    await popup.close();
    await options.close();
  });
});
