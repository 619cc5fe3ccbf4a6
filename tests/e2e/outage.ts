import { gemListSchema } from '../../lib/api/contract';
import { type ExtensionBrowser, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { backgroundWorker, signInOverApi, signUpAndSignIn } from './flows';

/**
 * The outage journeys' set-up (outage*.test.ts, one a file so that two workers share them evenly): a server of their
 * own, to stop and start again, and a user signed in who has opened the popup once while online: the collections and
 * tags it fetched are what the background keeps for when the server goes away (without them an offline popup says it
 * can't reach the server).
 */
export const USER = { username: 'traveller', email: 'traveller@example.test', password: 'correct horse battery' };

export async function startOutageEnvironment(name: string): Promise<E2eEnvironment> {
  const env = await startE2eEnvironment(name);
  await signUpAndSignIn(env.ctx, env.server.url, USER);
  const page = await env.ctx.browser.newPage();
  await page.goto(`${env.site.url}/blog-post.html`);
  const popup = await openPopup(env.ctx, page);
  await popup.waitForSelector('form[aria-busy="false"]');
  await popup.close();
  await page.close();
  return env;
}

/** How many saves the background holds for when the server is back. */
export async function queueLength(ctx: ExtensionBrowser): Promise<number> {
  const worker = await backgroundWorker(ctx);
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown[]>> } } };
    };
    return ((await scope.chrome.storage.local.get('saveQueue')).saveQueue ?? []).length;
  });
}

/** USER's gems once there are `total` of them (or after a minute, as they are then), signed in over HTTP once. */
export async function gemsOnceThereAre(serverUrl: string, total: number) {
  const jwt = await signInOverApi(serverUrl, USER.username, USER.password);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = await fetch(`${serverUrl}/api/get-all-bookmark?perPage=100`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    const gems = gemListSchema.parse(await list.json());
    if (gems.total >= total || Date.now() > deadline) return gems;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
