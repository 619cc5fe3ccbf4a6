import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, openExtensionPage, openPopup } from './browser';
import type { E2eEnvironment } from './environment';
import { backgroundWorker, clickMenuItem } from './flows';
import { gemsOnceThereAre, queueLength, startOutageEnvironment } from './outage';

describe('saves made while the server is down, the service worker stopped before it is back', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let site: E2eEnvironment['site'];

  beforeAll(async () => {
    env = await startOutageEnvironment('outage-worker');
    ({ ctx, site } = env);
  });

  afterAll(() => env?.close());

  it('delivers queued saves after the service worker was stopped', async () => {
    await env.stopServer();
    const page = await ctx.browser.newPage();
    await page.goto(`${site.url}/capture-e2e.html`);
    await (await openPopup(ctx, page)).close();
    await page.bringToFront();
    for (let i = 0; i < 3; i++) {
      await clickMenuItem(ctx, {
        menuItemId: 'trove-save-link',
        linkUrl: `${site.url}/docs-page.html?after-stop=${i}`,
        pageUrl: `${site.url}/capture-e2e.html`,
        frameId: 0,
      });
    }
    expect(await queueLength(ctx)).toBe(3);

    await (await backgroundWorker(ctx)).close();
    await env.startServer();
    // Any extension page wakes the service worker, which sends what is queued as it starts.
    const options = await openExtensionPage(ctx, 'options.html');
    const delivered = await gemsOnceThereAre(env.server.url, 3);
    expect(delivered.total).toBe(3);
    expect(delivered.data.filter((g) => g.url.includes('after-stop='))).toHaveLength(3);
    await options.close();
    await page.close();
  });
});
