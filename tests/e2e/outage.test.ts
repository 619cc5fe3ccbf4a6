import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, openPopup, submitPopupForm } from './browser';
import type { E2eEnvironment } from './environment';
import { backgroundWorker, clickMenuItem } from './flows';
import { gemsOnceThereAre, queueLength, startOutageEnvironment } from './outage';

describe('saves made while the server is down', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let site: E2eEnvironment['site'];

  beforeAll(async () => {
    env = await startOutageEnvironment('outage');
    ({ ctx, site } = env);
  });

  afterAll(() => env?.close());

  it('keeps 20 saves from the popup and the menu, and delivers exactly 20 gems when the server is back', async () => {
    await env.stopServer();
    const page = await ctx.browser.newPage();
    for (let i = 0; i < 10; i++) {
      await page.goto(`${site.url}/blog-post.html?copy=${i}`);
      const popup = await openPopup(ctx, page);
      await submitPopupForm(popup);
      await popup.waitForSelector('::-p-text(Saved on this device)');
      await popup.close();
    }
    await page.goto(`${site.url}/capture-e2e.html`);
    await (await openPopup(ctx, page)).close();
    await page.bringToFront();
    for (let i = 0; i < 10; i++) {
      const outcome = await clickMenuItem(ctx, {
        menuItemId: 'trove-save-link',
        linkUrl: `${site.url}/news-article.html?link=${i}`,
        pageUrl: `${site.url}/capture-e2e.html`,
        frameId: 0,
      });
      expect(outcome).toMatchObject({ status: 'queued' });
    }
    expect(await queueLength(ctx)).toBe(20);

    await env.startServer();
    // What the browser's "online" event does; the periodic alarm would do it within a minute too.
    await (await backgroundWorker(ctx)).evaluate(() =>
      (globalThis as unknown as { trove: { drainQueue(): Promise<number> } }).trove.drainQueue(),
    );
    const delivered = await gemsOnceThereAre(env.server.url, 20);
    expect(delivered.total).toBe(20);
    expect(new Set(delivered.data.map((g) => g.url)).size).toBe(20);
    expect(delivered.data.filter((g) => g.media_type === 'Link')).toHaveLength(10);
    expect(await queueLength(ctx)).toBe(0);
    await page.close();
  });
});
