import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, openExtensionPage, openPopup } from './browser';
import { type OwnServerEnvironment, startE2eEnvironmentWithOwnServer } from './environment';
import { backgroundWorker, clickMenuItem, fetchGems, signUpAndSignIn } from './flows';

const USER = { username: 'traveller', email: 'traveller@example.test', password: 'correct horse battery' };

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('saves made while the server is down', () => {
  let env: OwnServerEnvironment;
  let ctx: ExtensionBrowser;
  let site: OwnServerEnvironment['site'];
  const gems = () => fetchGems(env.server.url, USER.username, USER.password);
  const queueLength = async () => {
    const worker = await backgroundWorker(ctx);
    return worker.evaluate(async () => {
      const scope = globalThis as unknown as {
        chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown[]>> } } };
      };
      return ((await scope.chrome.storage.local.get('saveQueue')).saveQueue ?? []).length;
    });
  };

  beforeAll(async () => {
    env = await startE2eEnvironmentWithOwnServer('outage');
    ({ ctx, site } = env);
    await signUpAndSignIn(ctx, env.server.url, USER);
    // The popup once while online, until its form is filled in: the collections and tags it fetched are what the
    // background keeps for when the server goes away (without them an offline popup says it can't reach the server).
    const page = await ctx.browser.newPage();
    await page.goto(`${site.url}/blog-post.html`);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('form[aria-busy="false"]');
    await popup.close();
    await page.close();
  });

  afterAll(() => env?.close());

  it('keeps 20 saves from the popup and the menu, and delivers exactly 20 gems when the server is back', async () => {
    await env.stopServer();
    const page = await ctx.browser.newPage();
    for (let i = 0; i < 10; i++) {
      await page.goto(`${site.url}/blog-post.html?copy=${i}`);
      const popup = await openPopup(ctx, page);
      await popup.waitForSelector('button[type="submit"]');
      await popup.click('button[type="submit"]');
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
    expect(await queueLength()).toBe(20);

    await env.startServer();
    // What the browser's "online" event does; the periodic alarm would do it within a minute too.
    await (await backgroundWorker(ctx)).evaluate(() =>
      (globalThis as unknown as { trove: { drainQueue(): Promise<number> } }).trove.drainQueue(),
    );
    const delivered = await waitFor(gems, (list) => list.total >= 20);
    expect(delivered.total).toBe(20);
    expect(new Set(delivered.data.map((g) => g.url)).size).toBe(20);
    expect(delivered.data.filter((g) => g.media_type === 'Link')).toHaveLength(10);
    expect(await queueLength()).toBe(0);
    await page.close();
  });

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
    expect(await queueLength()).toBe(3);

    await (await backgroundWorker(ctx)).close();
    await env.startServer();
    // Any extension page wakes the service worker, which sends what is queued as it starts.
    const options = await openExtensionPage(ctx, 'options.html');
    const delivered = await waitFor(gems, (list) => list.total >= 23);
    expect(delivered.total).toBe(23);
    expect(delivered.data.filter((g) => g.url.includes('after-stop='))).toHaveLength(3);
    await options.close();
    await page.close();
  });
});
