import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import type { ExtensionBrowser } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { backgroundWorker, signInOverApi, signUpInOptions } from './flows';

const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));

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

/**
 * Opens the options page's Teams section until `text` shows in it (in `selector`). A click on Show my teams was lost in
 * whole runs (the page still moving as its sections loaded, the section closed again or not drawn yet after a reload):
 * the section is opened whenever it is seen closed.
 */
function teamsShow(options: Page, text: string, selector = '#teams') {
  return options.waitForFunction(
    (want, within) => {
      const toggle = document.querySelector<HTMLButtonElement>('#teams button[aria-controls="teams-body"]');
      if (toggle?.getAttribute('aria-expanded') === 'false') toggle.click();
      return [...document.querySelectorAll(within)].some((el) => el.textContent?.includes(want));
    },
    { polling: 500 },
    text,
    selector,
  );
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

  it('a team member gets an answer through the team key from the fake provider, then sees the allowance spent', async () => {
    // The team's owner, over HTTP: their OpenAI key at the fake provider, a team, an invitation, GPT-4o mini allowed
    // and an allowance of one hold ($0.0006: the price of 1,000 output tokens).
    const lead = { username: 'e2eteamlead', email: 'lead@example.test', password: 'correct horse battery' };
    const register = await fetch(`${env.server.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lead),
    });
    expect(register.status).toBe(201);
    const leadJwt = await signInOverApi(env.server.url, lead.username, lead.password);
    const as = async (jwt: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${env.server.url}/api/${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text;
    };
    const json = async (jwt: string, method: string, path: string, body?: unknown) =>
      JSON.parse(await as(jwt, method, path, body));
    const TEAM_KEY = 'sk-e2e-team-key-5150';
    await as(leadJwt, 'PUT', 'ai-settings/keys/openai', { apiKey: TEAM_KEY, baseUrl: `${fake.url}/v1` });
    const team = (await json(leadJwt, 'POST', 'teams', { data: { name: 'Newsroom' } })).data as { id: number };
    await json(leadJwt, 'POST', `teams/${team.id}/members`, { data: { username: USER.username } });
    const models = (await json(leadJwt, 'GET', 'user-models')).data as { id: number; model: string }[];
    const gpt = models.find((m) => m.model === 'gpt-4o-mini');
    if (!gpt) throw new Error('no gpt-4o-mini in the catalogue');
    await json(leadJwt, 'POST', 'share-key-with-team', {
      data: { teamId: team.id, provider: 'openai', modelIds: [gpt.id] },
    });
    await json(leadJwt, 'PUT', `teams/${team.id}`, { data: { defaultAllowanceUsd: 0.0006 } });

    // The member accepts in the options page's Teams section, then sees the model labelled Team.
    await teamsShow(options, 'invited you to Newsroom as member');
    await options.locator('#teams .team-invitations button::-p-text(Accept)').click();
    await options.waitForSelector('#teams article h3::-p-text(Newsroom)');
    await options.reload();
    const gptLabel = '#ai-settings .ai-model[data-model="gpt-4o-mini"] [data-label]';
    await options.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'Team', {}, gptLabel);
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await options.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      await teamsShow(options, 'Newsroom', '#teams article h3');
      const section = await options.$('#teams');
      await section?.screenshot({ path: `${SCREENSHOTS}teams-member-${theme}.png` });
    }
    await options.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);

    // An answer through the team key: the fake provider sees the lead's key, never the member's (they have none).
    const jwt = await signInOverApi(env.server.url, USER.username, USER.password);
    const chat = (await json(jwt, 'POST', 'chats', { title: 'Team answer' })).data as { id: number };
    fake.reset();
    fake.script({ chunks: ['From ', 'the team key.'], usage: { input: 1500, output: 600 } });
    const stream = await as(jwt, 'POST', `chats/${chat.id}/messages`, { text: 'Hello team', modelId: gpt.id });
    expect(stream).toContain('event: done');
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: TEAM_KEY.slice(-4) });

    // What is left ($0.000015) covers no other answer: Inactive, saying why, in the page as in the API.
    const reason = 'Your monthly allowance in the team Newsroom is spent';
    await options.reload();
    await options.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'Inactive', {}, gptLabel);
    expect(await options.$eval('#ai-settings .ai-model[data-model="gpt-4o-mini"]', (el) => el.textContent)).toContain(
      reason,
    );
    const refused = await fetch(`${env.server.url}/api/chats/${chat.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ text: 'Again', modelId: gpt.id }),
    });
    expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([
      400,
      reason,
    ]);
    expect(await options.content()).not.toContain(TEAM_KEY);
  });
});
