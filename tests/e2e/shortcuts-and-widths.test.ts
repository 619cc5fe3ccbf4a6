import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import type { ExtensionBrowser } from './browser';
import { composerBarLayout, overlaps } from './composer-layout';
import type { E2eEnvironment } from './environment';
import { signUpInOptions } from './flows';
import { grantTab, openPanel, SCREENSHOTS, shoot, startPanelEnvironment } from './panel';

/**
 * What a new user's walk in real Chromium found: the keyboard commands bind (and the panel and options page
 * show what the browser bound, or how to set one it left unbound), and the side panel lays out from 240 px up.
 */

const USER = { username: 'walkuser', email: 'walk@example.test', password: 'correct horse battery' };

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
    await (await signUpInOptions(ctx, env.server.url, USER)).close();
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    articleTab = await grantTab(ctx, article);
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it.each([240, 252, 400])('lays the composer bar out at %i px: nothing overlaps, nothing is cut', async (width) => {
    const panel = await openPanel(ctx, articleTab);
    await panel.setViewport({ width, height: 700 });
    await panel.waitForSelector('.composer-estimate:not(:empty)');
    await panel.waitForSelector('.model-button-name');
    const layout = await composerBarLayout(panel);
    await shoot(panel, `composer-${width}px`);
    expect(layout.parts.map((p) => p.text || p.name)).toEqual([
      expect.any(String),
      expect.stringContaining('Trove'),
      expect.stringMatching(/tokens/),
      'Send',
    ]);
    expect(overlaps(layout)).toEqual([]);
    expect(layout.parts.filter((p) => p.width < 1 || p.cut).map((p) => p.text)).toEqual([]);
    expect(layout.barRight).toBeLessThanOrEqual(layout.pageWidth);
    await panel.close();
  });
});
