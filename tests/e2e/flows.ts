import { authResponseSchema, dataOf, gemListSchema, gemSchema } from '../../lib/api/contract';
import { normaliseServerUrl } from '../../lib/background/server-url';
import type { ExtensionBrowser } from './browser';
import { isBackground, openExtensionPage } from './browser';

/** As a person would: point the options page at the server and create an account there. */
export async function signUpInOptions(
  ctx: ExtensionBrowser,
  serverUrl: string,
  user: { username: string; email: string; password: string },
) {
  const options = await openExtensionPage(ctx, 'options.html');
  const serverField = await options.waitForSelector('#server-url');
  // Select the old address as Ctrl+A would: a triple click under load can land as single clicks, appending to it.
  await serverField?.focus();
  await serverField?.evaluate((input) => (input as HTMLInputElement).select());
  await serverField?.type(serverUrl);
  await options.waitForFunction(
    (url) => (document.querySelector('#server-url') as HTMLInputElement).value === url,
    {},
    serverUrl,
  );
  // Through a locator: under load the page may still move as it finishes loading, and a plain click lands beside.
  await options.locator('::-p-text(Save server)').click();
  // Saved: the button is off again (the field holds the saved address). Not the "Server saved." toast, which goes after
  // 4 s and, under a whole run's load, was gone before the page was next looked at; a refusal is said instead.
  const outcome = await options.waitForFunction(
    () => {
      const form = document.querySelector('#server-url')?.closest('form');
      const refused = form?.querySelector('[role="alert"]');
      if (refused) return `refused: ${refused.textContent}`;
      const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
      return button?.disabled && !button.hasAttribute('aria-busy') ? 'saved' : false;
    },
    { timeout: 60_000 },
  );
  const saved = await outcome.jsonValue();
  if (saved !== 'saved') throw new Error(`The options page did not save the server: ${saved}`);
  // The first-run steps tick the server once its check answers, which moves the page: wait for that, and
  // click through a locator (it waits until the tab stops moving).
  await options.waitForSelector('.first-run li[data-done="true"]');
  await options.locator('[role="tab"]::-p-text(Create account)').click();
  await options.waitForSelector('#signup-username');
  await options.type('#signup-username', user.username);
  await options.type('#signup-email', user.email);
  await options.type('#signup-password', user.password);
  await options.click('button[type="submit"]::-p-text(Create account)');
  await options.waitForSelector('.signed-in-as');
  return options;
}

/**
 * For journeys whose subject is not signing up (tests/e2e/pages-in-step.test.ts and the options-page journeys sign up
 * through the options page): creates the account over HTTP and hands the extension that sign-in as its own sign-in
 * keeps it (lib/background/session.ts startSession: the server's address, the tokens, the user, and the new user's
 * blocked sites, none). The background's storage watchers see it as they see a sign-in in the options page.
 */
export async function signUpAndSignIn(
  ctx: ExtensionBrowser,
  serverUrl: string,
  user: { username: string; email: string; password: string },
): Promise<void> {
  const signedUp = await fetch(`${serverUrl}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (signedUp.status !== 201) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const session = authResponseSchema.parse(await signedUp.json());
  const worker = await backgroundWorker(ctx);
  await worker.evaluate(
    async (url, { jwt, refreshToken, user: signedIn }) => {
      // This function runs in the service worker, where `chrome` exists.
      const { storage } = (
        globalThis as unknown as {
          chrome: { storage: Record<'local' | 'session', { set(items: object): Promise<void> } | undefined> };
        }
      ).chrome;
      await storage.session?.set({ accessToken: jwt });
      await storage.local?.set({ serverUrl: url, refreshToken, user: signedIn, blockedSites: [] });
    },
    normaliseServerUrl(serverUrl),
    session,
  );
}

/** Signs in over HTTP, as a second device would: the access token for direct API calls. */
export async function signInOverApi(serverUrl: string, identifier: string, password: string): Promise<string> {
  const signIn = await fetch(`${serverUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  return ((await signIn.json()) as { jwt: string }).jwt;
}

/** Reads the user's gems straight from the API (signing in over HTTP), newest first. */
export async function fetchGems(serverUrl: string, identifier: string, password: string) {
  const jwt = await signInOverApi(serverUrl, identifier, password);
  const list = await fetch(`${serverUrl}/api/get-all-bookmark?perPage=100`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  return gemListSchema.parse(await list.json());
}

/** Reads `GET {path}` as the user, straight through the API. */
export async function getOverApi(serverUrl: string, identifier: string, password: string, path: string) {
  const jwt = await signInOverApi(serverUrl, identifier, password);
  const answer = await fetch(`${serverUrl}/api/${path}`, { headers: { authorization: `Bearer ${jwt}` } });
  if (!answer.ok) throw new Error(`GET ${path} failed: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<unknown>;
}

/** One gem as `GET /api/gems/{id}` gives it: with its page text, which lists leave out. */
export async function fetchGem(serverUrl: string, identifier: string, password: string, id: number) {
  return dataOf(gemSchema).parse(await getOverApi(serverUrl, identifier, password, `gems/${id}`)).data;
}

/** Calls the API as the user (signing in over HTTP), as another device of theirs would; the answer's `data`. */
export async function callOverApi(
  serverUrl: string,
  identifier: string,
  password: string,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
) {
  const jwt = await signInOverApi(serverUrl, identifier, password);
  const made = await fetch(`${serverUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify(body),
  });
  if (!made.ok) throw new Error(`${method} ${path} failed: ${made.status} ${await made.text()}`);
  return ((await made.json()) as { data: { id: number } }).data;
}

/** Creates something of the user's straight through the API (`POST {path}` with `{data}`). */
export const createOverApi = (
  serverUrl: string,
  identifier: string,
  password: string,
  path: string,
  data: Record<string, unknown>,
) => callOverApi(serverUrl, identifier, password, 'POST', path, { data });

/** Saves a gem straight through the API (signing in over HTTP), as another device of the user would. */
export async function saveGemOverApi(
  serverUrl: string,
  identifier: string,
  password: string,
  gem: { title: string; url: string; text?: string; collectionId?: number },
) {
  const jwt = await signInOverApi(serverUrl, identifier, password);
  const saved = await fetch(`${serverUrl}/api/gems`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ data: gem }),
  });
  if (!saved.ok) throw new Error(`saving the gem failed: ${saved.status} ${await saved.text()}`);
}

/** Runs a right-click menu item in the background, for the active tab, as a click on it would. */
export async function clickMenuItem(ctx: ExtensionBrowser, info: Record<string, unknown>) {
  const worker = await backgroundWorker(ctx);
  return worker.evaluate(async (menuInfo) => {
    // This function runs in the service worker, where `chrome` and the `trove` hook exist.
    const scope = globalThis as unknown as {
      chrome: { tabs: { query(q: object): Promise<unknown[]> } };
      trove: { handleMenuClick(i: unknown, t: unknown): Promise<unknown> };
    };
    const [tab] = await scope.chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return scope.trove.handleMenuClick(menuInfo, tab);
  }, info);
}

export async function backgroundWorker(ctx: ExtensionBrowser) {
  const target = await ctx.browser.waitForTarget(isBackground);
  const worker = await target.worker();
  if (!worker) throw new Error('no background worker');
  return worker;
}
