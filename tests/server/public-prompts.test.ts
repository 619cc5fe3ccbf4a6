/**
 * The public prompt page (`/prompts/{username}/{slug}`) and its anonymous runs: the owner's setting, the models they
 * enable, the daily limit per visitor address and the monthly budget (held like house-model credits, so runs started
 * together cannot pass it), all against the fake provider as the house upstream. The page reads and runs with no
 * script; the XSS corpus in the prompt and in the model's answer is written as text.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiSettingsSchema, dataOf } from '../../lib/api/contract';
import { type AnonymousUse, anonymousUseSchema, EMPTY_GENERATE_TEXT } from '../../lib/api/public-prompt-contract';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf } from './chat-helpers';
import { backend, expectFieldError, type Session, startTestServer, type TestServer } from './harness';
import { OWN_TAGS, XSS } from './xss-corpus';

let fake: FakeProvider;
let t: TestServer;
let houseModel: number;

beforeAll(async () => {
  fake = await startFakeProvider();
  t = await startTestServer({
    houseProvider: 'openai',
    houseBaseUrl: `${fake.url}/v1`,
    houseApiKey: 'sk-house-test-4321',
    houseCredits: 1000,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const settingsOf = (body: unknown): AnonymousUse => dataOf(anonymousUseSchema).parse(body).data;

async function owner(prefix: string) {
  const s = await t.signUp(prefix);
  houseModel = await modelIdOf(t, s.jwt, 'trove-chat');
  return s;
}

async function publicPrompt(s: Session, data: Record<string, unknown>) {
  const res = await t.api('/api/prompts', { token: s.jwt, body: { data: { isPublic: true, ...data } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const settings = settingsOf((await t.api('/api/anonymous-use', { token: s.jwt })).body);
  const link = settings.prompts.find((p) => p.id === res.body.data.id);
  if (!link) throw new Error('the public prompt is not listed');
  return new URL(link.url).pathname;
}

async function allow(s: Session, data: Record<string, unknown> = {}) {
  const put = await t.api('/api/anonymous-use', {
    token: s.jwt,
    method: 'PUT',
    body: { data: { enabledModels: [houseModel], ...data } },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const on = await t.api('/api/enable-anonymous-users', { token: s.jwt, method: 'POST' });
  expect(on.status).toBe(200);
  return settingsOf(on.body);
}

async function visit(path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { Accept: 'text/html' } });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function generate(path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await fetch(`${t.url}${path}`, { method: 'POST', body: form, headers: { Accept: 'text/html' } });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const credits = async (s: Session) =>
  aiSettingsSchema.parse((await t.api('/api/ai-settings', { token: s.jwt })).body.data).credits;
const spent = async (s: Session) =>
  settingsOf((await t.api('/api/anonymous-use', { token: s.jwt })).body).spentThisMonth;
const answerOf = (html: string) => /<div class="answer-text">([\s\S]*?)<\/div>/.exec(html)?.[1];

describe('the page', () => {
  it('is found by its readable address, shows the variables as a form, and leads to sign-up while anonymous use is off', async () => {
    const ada = await owner('pp');
    const path = await publicPrompt(ada, {
      title: 'Tweet writer',
      description: 'Short posts',
      text: 'Write a tweet about {{Topic}} in a {{Tone | Formal, Friendly}} tone',
    });
    expect(path).toBe(`/prompts/${ada.user.username}/tweet-writer`);
    const page = await visit(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Tweet writer</h1>');
    expect(page.text).toContain('name="v.Topic"');
    expect(page.text).toContain('<option value="Friendly">Friendly</option>');
    expect(page.text).toContain('href="#signup"');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'self'/);
    const run = await generate(path, { modelId: String(houseModel), 'v.Topic': 'tea', 'v.Tone': 'Formal' });
    expect(run.status).toBe(403);
    expect(run.text).toContain('Sign up to generate');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 404 for a private prompt, an unknown slug or user, and for a prompt made private', async () => {
    const bob = await owner('pq');
    const priv = await t.api('/api/prompts', { token: bob.jwt, body: { data: { title: 'Secret', text: 'x {{A}}' } } });
    expect(priv.status).toBe(201);
    expect((await visit(`/prompts/${bob.user.username}/secret`)).status).toBe(404);
    expect((await visit(`/prompts/nosuchuser/secret`)).status).toBe(404);
    const path = await publicPrompt(bob, { title: 'Open one', text: 'Say {{A}}' });
    expect((await visit(path)).status).toBe(200);
    const id = settingsOf((await t.api('/api/anonymous-use', { token: bob.jwt })).body).prompts[0]?.id;
    const off = await t.api(`/api/prompts/${id}`, {
      token: bob.jwt,
      method: 'PUT',
      body: { data: { isPublic: false } },
    });
    expect(off.status).toBe(200);
    expect((await visit(path)).status).toBe(404);
  });

  it('keeps a hidden prompt’s text off the page', async () => {
    const cy = await owner('ph');
    const path = await publicPrompt(cy, { title: 'Hidden', text: 'SECRET-INSTRUCTIONS {{Thing}}', showPrompt: false });
    const page = await visit(path);
    expect(page.text).not.toContain('SECRET-INSTRUCTIONS');
    expect(page.text).toContain('name="v.Thing"');
  });
});

describe('anonymous runs', () => {
  it('streams the answer, charges the owner’s credits and budget, and says "Please enter text to generate" for empty input', async () => {
    const ada = await owner('pr');
    const path = await publicPrompt(ada, { title: 'Summer', text: 'Summarise: {{Text}}' });
    const settings = await allow(ada, { monthlyBudget: 50 });
    expect(settings).toMatchObject({ isAnonymousEnabled: true, enabledModels: [houseModel], spentThisMonth: 0 });
    expect((await visit(path)).text).toContain(`<option value="${houseModel}">Trove Chat</option>`);

    const empty = await generate(path, { modelId: String(houseModel), 'v.Text': '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(EMPTY_GENERATE_TEXT);

    const before = await credits(ada);
    fake.script({ chunks: ['Short ', 'and sweet.'], usage: { input: 1500, output: 600 } });
    const run = await generate(path, { modelId: String(houseModel), 'v.Text': 'a long story' });
    expect(run.status).toBe(200);
    expect(answerOf(run.text)).toBe('Short and sweet.');
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: '4321' });
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Summarise: a long story');
    expect(await credits(ada)).toBe(before - 3);
    expect(await spent(ada)).toBe(3);
  });

  it('runs a prompt without variables on the visitor’s text', async () => {
    const ada = await owner('pt');
    const path = await publicPrompt(ada, { title: 'Plain', text: 'Translate to French' });
    await allow(ada);
    expect((await visit(path)).text).toContain('placeholder="Enter your text here"');
    expect((await generate(path, { modelId: String(houseModel), text: '' })).text).toContain(EMPTY_GENERATE_TEXT);
    fake.script({ chunks: ['Bonjour'] });
    const run = await generate(path, { modelId: String(houseModel), text: 'Hello' });
    expect(answerOf(run.text)).toBe('Bonjour');
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Translate to French\\n\\nHello');
  });

  it('refuses models the owner did not enable, and owners cannot enable models they cannot use', async () => {
    const ada = await owner('pm');
    const path = await publicPrompt(ada, { title: 'Models', text: 'Hi {{Name}}' });
    await allow(ada);
    const other = await modelIdOf(t, ada.jwt, 'gpt-4o-mini');
    const run = await generate(path, { modelId: String(other), 'v.Name': 'Ada' });
    expect(run.status).toBe(400);
    expect(run.text).toContain('Choose one of the models offered here');
    expect(fake.requests).toHaveLength(0);
    const put = await t.api('/api/anonymous-use', {
      token: ada.jwt,
      method: 'PUT',
      body: { data: { enabledModels: [houseModel, other] } },
    });
    expectFieldError(put, 'data.enabledModels.1');
    const bad = await t.api('/api/anonymous-use', {
      token: ada.jwt,
      method: 'PUT',
      body: { data: { dailyLimit: -1 } },
    });
    expectFieldError(bad, 'data.dailyLimit');
  });

  it('limits runs per visitor address a day', async () => {
    const ada = await owner('pl');
    const path = await publicPrompt(ada, { title: 'Limited', text: 'Echo {{X}}' });
    await allow(ada, { dailyLimit: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await generate(path, { modelId: String(houseModel), 'v.X': 'x' })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const last = await generate(path, { modelId: String(houseModel), 'v.X': 'x' });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
  });

  it('stops at the monthly budget, also for runs started together', async () => {
    const ada = await owner('pb');
    const path = await publicPrompt(ada, { title: 'Budget', text: 'Echo {{X}}' });
    await allow(ada, { monthlyBudget: 3, dailyLimit: 100 });
    let release: () => void = () => {};
    const gate = new Promise((resolve) => {
      release = () => resolve(undefined);
    });
    for (let i = 0; i < 8; i++) fake.script({ chunks: ['a', 'b'], lastChunkAfter: gate });
    const runs = Array.from({ length: 8 }, () => generate(path, { modelId: String(houseModel), 'v.X': 'x' }));
    // The refused runs answer at once; the three held wait for the gate.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const settled = Promise.all(runs);
    while (fake.requests.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const statuses = (await settled).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = (await settled).find((r) => r.status === 429);
    expect(refused?.text).toContain('budget for the month is spent');
    expect(await spent(ada)).toBe(3);
    expect(fake.requests).toHaveLength(3);
  });

  it('turning anonymous use off takes effect on the next Generate', async () => {
    const ada = await owner('po');
    const path = await publicPrompt(ada, { title: 'Switch', text: 'Echo {{X}}' });
    await allow(ada);
    expect((await generate(path, { modelId: String(houseModel), 'v.X': 'x' })).status).toBe(200);
    const off = await t.api('/api/disable-anonymous-users', { token: ada.jwt, method: 'POST' });
    expect(settingsOf(off.body).isAnonymousEnabled).toBe(false);
    const run = await generate(path, { modelId: String(houseModel), 'v.X': 'x' });
    expect(run.status).toBe(403);
    expect(run.text).toContain('Sign up to generate');
    expect((await visit(path)).text).toContain('href="#signup"');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives the budget back when the model fails', async () => {
    const ada = await owner('pf');
    const path = await publicPrompt(ada, { title: 'Failing', text: 'Echo {{X}}' });
    await allow(ada);
    const before = await credits(ada);
    fake.script({ chunks: ['half'], errorAfter: 1, errorMessage: 'upstream broke' });
    const run = await generate(path, { modelId: String(houseModel), 'v.X': 'x' });
    expect(run.status).toBe(200);
    expect(run.text).toMatch(/<p class="error" role="alert">[^<]+<\/p>/);
    expect(await spent(ada)).toBe(0);
    expect(await credits(ada)).toBe(before);
  });
});

describe("the author's own endpoint", () => {
  // Another fake than the house upstream: that one cannot be anyone's own endpoint.
  let lab: FakeProvider;
  beforeAll(async () => {
    lab = await startFakeProvider();
  });
  afterAll(() => lab?.close());

  it('fails for a visitor with what happened only: never its key, its address or the words it answered', async () => {
    const ada = await owner('pe');
    const endpoint = await t.api('/api/ai-endpoints', {
      token: ada.jwt,
      body: { name: 'Ada Lab', kind: 'openai-compatible', baseUrl: `${lab.url}/v1`, apiKey: 'sk-ada-endpoint-9090' },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const modelId = endpoint.body.data.models.find((m: { model: string }) => m.model === 'gpt-4o-mini').id;
    const path = await publicPrompt(ada, { title: 'Own endpoint', text: 'Echo {{X}}' });
    await allow(ada, { enabledModels: [modelId] });
    const said = 'Incorrect API key provided: sk-ada-endpoint-9090, refused at https://u:hunter2@10.9.8.7/v1';
    lab.script({ chunks: [], status: 401, errorMessage: said });
    const run = await generate(path, { modelId: String(modelId), 'v.X': 'x' });
    expect(run.status).toBe(200);
    expect(run.text).toContain('Ada Lab answered 401: it refused the key. The author of this prompt can check it.');
    for (const secret of ['sk-ada-endpoint', 'Incorrect API key', 'hunter2', '10.9.8.7', new URL(lab.url).host])
      expect(run.text).not.toContain(secret);
  });
});

describe('escaping', () => {
  const PAGE_TAGS = new Set([...OWN_TAGS, 'textarea', 'select', 'option', 'details', 'summary', 'pre', 'section']);
  const check = (text: string) => {
    const tags = new Set([...text.matchAll(/<\/?([a-z0-9!]+)/gi)].map((m) => m[1]?.toLowerCase()));
    expect([...tags].filter((tag) => !PAGE_TAGS.has(tag ?? ''))).toEqual([]);
    // Addresses only (a description meta may say "javascript:" as text).
    expect(text).not.toMatch(/(href|src|action)="(javascript|data):/i);
    expect(text).not.toMatch(/<meta http-equiv/i);
    expect(text.match(/<style>/g)).toHaveLength(2);
    expect(text).not.toContain('\u0000');
  };

  it('writes the corpus in the title, description, text and variables, and in the model’s answer, as text', async () => {
    const ada = await owner('px');
    await allow(ada, { dailyLimit: 100 });
    for (const [i, payload] of XSS.entries()) {
      const path = await publicPrompt(ada, {
        title: `${payload} ${i}`,
        description: XSS[(i + 1) % XSS.length],
        text: `Do ${XSS[(i + 2) % XSS.length]} with {{${i}" onfocus="alert(1)}}`,
      });
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      check(page.text);
      fake.script({ chunks: [XSS[(i + 3) % XSS.length] ?? '', payload] });
      const run = await generate(path, { modelId: String(houseModel), [`v.${i}" onfocus="alert(1)`]: payload });
      expect(run.status, run.text).toBe(200);
      check(run.text);
      expect(answerOf(run.text)).not.toContain('<');
    }
  });
});

describe('in Chromium', () => {
  const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));

  it('runs with JavaScript off, the answer streamed into the page, and runs no script of the corpus', async ({
    skip,
  }) => {
    skip(backend !== 'pglite', 'Chromium runs on the PGlite run only');
    const ada = await owner('pc');
    await allow(ada, { dailyLimit: 100 });
    const path = await publicPrompt(ada, {
      title: `Tweet ${XSS[0]} ${XSS[1]}`,
      description: XSS[2],
      text: 'Write a tweet about {{Topic}} in a {{Tone | Formal, Friendly}} tone',
    });
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      pipe: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      await page.setJavaScriptEnabled(false);
      await page.goto(`${t.url}${path}`, { waitUntil: 'load' });
      await page.type('textarea[name="v.Topic"]', 'tea');
      await page.select('select[name="v.Tone"]', 'Friendly');
      fake.script({ chunks: ['Tea time! ', XSS[0] ?? '', ' #tea'] });
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
      const dom = await page.evaluate(() => ({
        scripts: document.scripts.length,
        handlers: [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
        ),
        answer: document.querySelector('.answer-text')?.textContent,
        topic: (document.querySelector('textarea[name="v.Topic"]') as HTMLTextAreaElement | null)?.value,
      }));
      expect(dom).toEqual({
        scripts: 0,
        handlers: [],
        answer: `Tea time! ${XSS[0]} #tea`,
        topic: 'tea',
      });
      expect(dialogs).toEqual([]);
      expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Write a tweet about tea in a Friendly tone');
      mkdirSync(SCREENSHOTS, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
        await page.setViewport({ width: 1000, height: 900 });
        await page.screenshot({ path: `${SCREENSHOTS}public-prompt-${scheme}.png` as `${string}.png` });
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
