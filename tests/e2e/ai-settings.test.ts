import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import type { ExtensionBrowser } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { backgroundWorker, signUpInOptions } from './flows';

/** Groq is one of the catalogue's OpenAI-compatible providers: a key plus a base URL (here, the fake provider). */
const PROVIDER = 'Groq';
const SLUG = 'groq';
const API_KEY = 'gsk-e2e-secret-key-7391';
const USER = { username: 'e2eaiuser', email: 'ai@example.test', password: 'correct horse battery' };

const labels = (page: Page) =>
  page.$$eval(`#ai-settings .ai-model[data-provider="${PROVIDER}"] [data-label]`, (els) =>
    els.map((e) => e.textContent),
  );

async function waitForLabels(page: Page, label: string) {
  await page.waitForFunction(
    (provider, wanted) => {
      const els = [...document.querySelectorAll(`#ai-settings .ai-model[data-provider="${provider}"] [data-label]`)];
      return els.length > 0 && els.every((e) => e.textContent === wanted);
    },
    {},
    PROVIDER,
    label,
  );
}

const keyState = (page: Page) => page.$eval(`[data-testid="ai-key-state-${SLUG}"]`, (el) => el.textContent ?? '');

/** Everything the extension keeps in chrome.storage (local and session), read in the background worker. */
async function readExtensionStorage(ctx: ExtensionBrowser): Promise<string> {
  const worker = await backgroundWorker(ctx);
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      chrome: { storage: { local: { get(k: null): Promise<object> }; session: { get(k: null): Promise<object> } } };
    };
    const [local, session] = await Promise.all([
      scope.chrome.storage.local.get(null),
      scope.chrome.storage.session.get(null),
    ]);
    return JSON.stringify({ local, session });
  });
}

/** The user's AI settings straight from the API, signing in over HTTP. */
async function fetchAiSettings(serverUrl: string) {
  const signIn = await fetch(`${serverUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: USER.username, password: USER.password }),
  });
  const { jwt } = (await signIn.json()) as { jwt: string };
  const response = await fetch(`${serverUrl}/api/ai-settings`, { headers: { authorization: `Bearer ${jwt}` } });
  return (await response.json()) as {
    data: { providers: { provider: string; apiKey: string | null; baseUrl: string | null }[] };
  };
}

describe('AI settings in the options page', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;
  let options: Page;

  beforeAll(async () => {
    [env, fake] = await Promise.all([startE2eEnvironment('ai-settings'), startFakeProvider()]);
    ctx = env.ctx;
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('shows the AI settings once signed in, the OpenAI-compatible models Inactive without a key', async () => {
    options = await signUpInOptions(ctx, env.server.url, USER);
    await options.waitForSelector('#ai-settings h2::-p-text(AI settings)');
    await options.waitForSelector(`#ai-settings .ai-model[data-provider="${PROVIDER}"]`);
    expect((await labels(options)).length).toBeGreaterThan(0);
    expect(new Set(await labels(options))).toEqual(new Set(['Inactive']));
    expect(await keyState(options)).toBe('No key');
  });

  it('adds a key and the fake provider as base URL: the models turn to API and only the mask shows', async () => {
    await options.type(`#ai-key-${SLUG}`, API_KEY);
    await options.type(`#ai-base-url-${SLUG}`, `${fake.url}/v1`);
    expect(
      await options.$eval(`#ai-key-${SLUG}`, (el) => [(el as HTMLInputElement).type, el.getAttribute('autocomplete')]),
    ).toEqual(['password', 'off']);
    await options.click(`button[aria-label="Save ${PROVIDER} key"]`);

    await waitForLabels(options, 'API');
    expect(await keyState(options)).toBe(`Key: ••••${API_KEY.slice(-4)} · ${fake.url}/v1`);
    expect(await options.$eval(`#ai-key-${SLUG}`, (el) => (el as HTMLInputElement).value)).toBe('');
    expect(await options.content()).not.toContain(API_KEY);

    const stored = await fetchAiSettings(env.server.url);
    expect(stored.data.providers.find((p) => p.provider === PROVIDER)).toMatchObject({
      apiKey: `••••${API_KEY.slice(-4)}`,
      baseUrl: `${fake.url}/v1`,
    });
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
  });

  it('never keeps the key in chrome.storage', async () => {
    const storage = await readExtensionStorage(ctx);
    expect(storage).toContain(env.server.url); // the storage was read: the server address is kept there
    expect(storage).not.toContain(API_KEY);
    expect(storage).not.toContain(API_KEY.slice(0, 12));
  });

  it('shows the mask again after a reload, then removing the key turns the models back to Inactive', async () => {
    await options.reload();
    await waitForLabels(options, 'API');
    expect(await keyState(options)).toContain(`Key: ••••${API_KEY.slice(-4)}`);

    await options.click(`button[aria-label="Remove ${PROVIDER} key"]`);
    await waitForLabels(options, 'Inactive');
    expect(await keyState(options)).toBe('No key');
    const stored = await fetchAiSettings(env.server.url);
    expect(stored.data.providers.find((p) => p.provider === PROVIDER)).toMatchObject({ apiKey: null, baseUrl: null });
    expect(await readExtensionStorage(ctx)).not.toContain(API_KEY);
  });
});
