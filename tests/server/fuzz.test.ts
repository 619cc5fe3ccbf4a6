/**
 * The API under bad input (issue 12): for every route, a corpus of malformed requests (wrong types,
 * NUL and lone surrogates, huge strings, deep nesting, wrong content types, odd ids, odd paths,
 * queries and headers). No answer may be a 5xx; every error has the standard envelope and names the
 * problem (a 400 to a request that changed one field names that field, in its field errors or its
 * message). Text with NUL or lone surrogates is saved, cleaned, wherever a browser could send it.
 *
 * How many requests (fuzz-corpus.ts): 5,092 (it was 6,431; 7,913 before). Every field of every route gets what can
 * get past validation (missing, null, NUL, a lone surrogate, huge text, numbers past PostgreSQL's integer, bytes that
 * are not UTF-8, odd idempotency keys), every JSON route its whole-body cases (too deep, over 5 MB, 300 kB in every
 * string); the other variants (more wrong types, other spellings of a number or an id, odd bodies and content types)
 * exercise the contract's shared schemas and body reader, so each field, key or route gets one of them in turn (two of
 * the odd bodies) and every one of them is still sent, across the routes. On PGlite only (vitest.config.ts): what the requests meet is the server's
 * validation and its SQL, the same on PostgreSQL, whose driver's answer to a value the database refuses is
 * data-errors.test.ts's.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, dataOf, gemSchema, gemSummarySchema } from '../../lib/api/contract';
import { PER_ADDRESS_LIMITS_OFF } from '../../server/auth/limits';
import { type Fixtures, multipart, ROUTES, send, type WireRequest, type WireResponse } from './api-routes';
import { chatUser, modelIdOf, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { type FuzzCase, fuzzCases } from './fuzz-corpus';
import { setupTestServer } from './harness';

const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';
// No upload limit: 120 a minute would answer some of the upload routes' cases with a 429, which ones depending on
// the machine's speed, and a case answered 429 checks nothing (tests/server/rate-limits.test.ts tests the limit).
const t = setupTestServer({ adminToken: ADMIN_TOKEN, rateLimits: { ...PER_ADDRESS_LIMITS_OFF, upload: null } });
const fake = setupFakeProvider();
const CONCURRENCY = 4;

let fixtures: Fixtures;

beforeAll(async () => {
  const user = await chatUser(t, fake);
  const { token } = user;
  const signedIn = await t.signIn(user.session.user.username);
  const collection = await t.api('/api/collections', { token, body: { data: { name: 'Fuzz fixtures' } } });
  // a spare tag first: a fuzzed id of 1 (tags-delete's `ids.0`) deletes it, not the fixture tag the gem cases use
  await t.api('/api/tags', { token, body: { data: { tag: 'spare' } } });
  const tag = await t.api('/api/tags', { token, body: { data: { tag: 'fixture' } } });
  const gem = await t.api('/api/gems', {
    token,
    body: { data: { title: 'Fixture', url: 'https://example.com/fixture', collectionId: collection.body.data.id } },
  });
  const upload = await send(t.url, {
    method: 'POST',
    target: '/api/upload',
    headers: { Authorization: `Bearer ${token}` },
    body: multipart({ isFeedbackImg: 'true' }),
  });
  const answer = await stream(t.url, `/api/chats/${user.chatId}/messages`, {
    token,
    body: { text: 'Hello', modelId: user.modelId },
  });
  expect([collection.status, tag.status, gem.status, upload.status, answer.status]).toEqual([201, 201, 201, 201, 200]);
  const share = await t.api(`/api/chats/${user.chatId}/share`, { method: 'POST', token });
  expect(share.status).toBe(201);
  // From here the model answers with JSON a suggestion route can read: the fuzz is about our input handling, and an
  // answer the model got wrong is the provider's fault (a 502, tested in suggestions.test.ts).
  fake.setDefault({ chunks: ['{"tags": ["fixture", "new idea"], "collection": "Fuzz fixtures"}'] });
  const endpoint = await t.api('/api/ai-endpoints', {
    token,
    body: { name: 'Fixture endpoint', kind: 'ollama', baseUrl: fake.url },
  });
  expect(endpoint.status).toBe(201);
  const made = async (path: string, data: Record<string, unknown>) => {
    const res = await t.api(path, { token, body: { data } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const own = {
    promptId: await made('/api/prompts', { title: 'Fixture prompt', text: 'About {{Topic}}' }),
    voiceId: await made('/api/brand-voices', { name: 'Fixture voice', text: 'Warm.' }),
    personaId: await made('/api/personas', { name: 'Fixture persona', text: 'Edit.' }),
    memoryId: await made('/api/memories', { memory: 'I like fixtures' }),
    savedSearchId: await made('/api/saved-searches', { name: 'Fixture search', query: 'fixture sort:added' }),
  };
  const bulk = await t.api('/api/bulk-jobs', {
    token,
    body: { action: 'favourite', target: { ids: [gem.body.data.id] } },
  });
  expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
  const imported = await t.api('/api/collection-import', {
    token,
    body: { fileName: 'links.txt', content: 'https://example.com/imported' },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(202);
  const [message] = await storedMessages(t, token, user.chatId);
  if (!message) throw new Error('the fixture message was not stored');
  const imageModelId = await modelIdOf(t, token, 'gpt-image-1');
  const picture = await t.api(`/api/chats/${user.chatId}/pictures`, {
    token,
    body: { prompt: 'A fixture picture', modelId: imageModelId },
  });
  expect(picture.status, JSON.stringify(picture.body)).toBe(201);
  const uploaded = upload.body.data.uploads[0];
  fixtures = {
    token,
    refreshToken: signedIn.refreshToken,
    adminToken: ADMIN_TOKEN,
    gemId: gem.body.data.id,
    collectionId: collection.body.data.id,
    tagId: tag.body.data.id,
    chatId: user.chatId,
    messageId: message.id,
    modelId: user.modelId,
    imageModelId,
    pictureMessageId: picture.body.data.id,
    uploadId: uploaded.id,
    uploadFile: new URL(uploaded.url).pathname.split('/').at(-1) as string,
    providerUrl: fake.url,
    shareToken: share.body.data.token,
    pictureFile: (picture.body.data.images[0].url as string).split('/').at(-1) as string,
    endpointId: endpoint.body.data.id,
    bulkJobId: bulk.body.data.id,
    importId: imported.body.data.id,
    ...own,
  };
});

interface Failure {
  label: string;
  status: number;
  problem: string;
  body: string;
}

/** What is wrong with an answer to a fuzz case, or null. */
function problemWith(c: FuzzCase, res: WireResponse): string | null {
  if (res.status >= 500) return 'a server error';
  if (c.expect && res.status !== 429 && !c.expect.includes(res.status)) return `expected ${c.expect.join(' or ')}`;
  if (res.status < 400) return null;
  const parsed = apiErrorSchema.safeParse(res.body);
  if (!parsed.success) return 'no error envelope';
  const { error } = parsed.data;
  if (error.status !== res.status) return `envelope status ${error.status}`;
  if (!error.message.trim()) return 'an empty message';
  if (/\bat .+\.(ts|js):\d+/.test(res.text)) return 'a stack trace';
  if (res.status !== 400) return null;
  const errors = (error.details as { errors?: { path?: unknown; message?: unknown }[] } | undefined)?.errors;
  if (errors && !errors.every((e) => typeof e.path === 'string' && typeof e.message === 'string' && e.message))
    return 'malformed field errors';
  if (!c.field) return null;
  // A name or email another request of the fuzz registered first: the answer names that field, rightly.
  const said = errors?.length ? errors.map((e) => String(e.message)) : [error.message];
  if (said.every((message) => /already taken/i.test(message))) return null;
  // Every 400 to a request aimed at one field names it (or a part of it, or what holds it): in its field errors or its
  // message.
  const field = c.field;
  const related = (p: string) => p === field || p.startsWith(`${field}.`) || (p !== '' && field.startsWith(`${p}.`));
  const names = (errors ?? []).map((e) => e.path as string);
  if (names.some(related) || namesInMessage(error.message, field)) return null;
  if (c.refusedAs && names.includes(c.refusedAs)) return null;
  return `neither the message ${JSON.stringify(error.message)} nor the field errors ${JSON.stringify(names)} name ${field}`;
}

/** True when `message` names `field`: its path (`data.title`) or its own name (`title`), as a word. */
function namesInMessage(message: string, field: string) {
  const own = field
    .split('.')
    .filter((part) => !/^[0-9]+$/.test(part))
    .at(-1);
  const word = (name: string) => new RegExp(`(^|[^\\w.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`, 'i');
  return [field, own].some((name) => name && word(name).test(message));
}

async function runAll(cases: FuzzCase[]) {
  const failures: Failure[] = [];
  const retried: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    for (let c = cases[next++]; c; c = cases[next++]) {
      let res: WireResponse;
      try {
        res = await send(t.url, c.build());
      } catch (first) {
        // A kept-alive connection the server closed after refusing a large body (413) fails the next
        // request on it; a browser retries that once on a new connection, and so does this.
        retried.push(`${c.label}: ${(first as Error).cause ?? first}`);
        try {
          res = await send(t.url, c.build());
        } catch (error) {
          failures.push({
            label: c.label,
            status: 0,
            problem: `request failed: ${(error as Error).cause ?? error}`,
            body: '',
          });
          continue;
        }
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const problem = problemWith(c, res);
      if (problem) failures.push({ label: c.label, status: res.status, problem, body: res.text.slice(0, 300) });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { failures, statuses, retried };
}

const DIRTY = 'Dir\u0000ty\ud800 te\udc00xt';
const CLEAN = 'Dirty\ufffd te\ufffdxt';

describe('text with NUL and lone surrogates', () => {
  const json = (target: string, body: unknown, method = 'POST'): WireRequest => ({
    method: method as WireRequest['method'],
    target,
    headers: { Authorization: `Bearer ${fixtures.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const get = (target: string): WireRequest => ({
    method: 'GET',
    target,
    headers: { Authorization: `Bearer ${fixtures.token}` },
  });

  it('is saved cleaned in a gem (every text field, media, tags and object keys) and read back', async () => {
    const body = {
      'da\u0000ta': {
        title: DIRTY,
        description: DIRTY,
        url: 'https://example.com/\u0000dirty',
        text: DIRTY,
        byline: DIRTY,
        media: { alt: DIRTY, siteName: DIRTY, language: 'e\u0000n' },
        tags: [`tag ${DIRTY}`],
      },
    };
    const saved = await send(t.url, json('/api/gems', body));
    expect(saved.status, saved.text).toBe(201);
    const id = dataOf(gemSummarySchema).parse(saved.body).data.id;
    const read = dataOf(gemSchema).parse((await send(t.url, get(`/api/gems/${id}`))).body).data;
    expect(read).toMatchObject({
      title: CLEAN,
      description: CLEAN,
      url: 'https://example.com/dirty',
      text: CLEAN,
      byline: CLEAN,
    });
    expect(read.media).toMatchObject({ alt: CLEAN, siteName: CLEAN, language: 'en' });
    expect(read.tags.map((tag) => tag.tag)).toEqual([`tag ${CLEAN}`]);
  });

  it('is saved cleaned in an image gem sent as multipart', async () => {
    const data = JSON.stringify({ title: DIRTY, url: 'https://example.com/image', media: { alt: DIRTY } });
    const saved = await send(t.url, {
      method: 'POST',
      target: '/api/upload-all-file',
      headers: { Authorization: `Bearer ${fixtures.token}` },
      body: multipart({ data }),
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.data).toMatchObject({ title: CLEAN, media: { alt: CLEAN } });
  });

  it('is saved cleaned in tags and collections', async () => {
    const tag = await send(t.url, json('/api/tags', { data: { tag: DIRTY } }));
    expect(tag.status, tag.text).toBe(201);
    expect((await send(t.url, get('/api/tags'))).body.data.map((x: { tag: string }) => x.tag)).toContain(CLEAN);
    const collection = await send(t.url, json('/api/collections', { data: { name: DIRTY } }));
    expect(collection.status, collection.text).toBe(201);
    expect((await send(t.url, get(`/api/collections/${collection.body.data.id}`))).body.data.name).toBe(CLEAN);
  });

  it('is saved cleaned in feedback, diagnostics (jsonb) included', async () => {
    const diagnostics = {
      extensionVersion: '1.0\u0000',
      browser: DIRTY,
      os: DIRTY,
      activeModel: DIRTY,
      recentErrors: [DIRTY],
    };
    const body = {
      data: {
        title: DIRTY,
        description: DIRTY,
        url: 'https://example.com/bug',
        category: 'Bug',
        isExtension: true,
        diagnostics,
      },
    };
    const saved = await send(t.url, json('/api/feedbacks', body));
    expect(saved.status, saved.text).toBe(201);
    const list = (await send(t.url, get('/api/feedbacks?perPage=100'))).body.data;
    const found = list.find((f: { id: number }) => f.id === saved.body.data.id);
    expect(found).toMatchObject({ title: CLEAN, description: CLEAN });
    expect(found.diagnostics).toEqual({
      extensionVersion: '1.0',
      browser: CLEAN,
      os: CLEAN,
      activeModel: CLEAN,
      recentErrors: [CLEAN],
    });
  });

  it('is saved cleaned as a chat title and a chat message, and found by a search with NUL', async () => {
    const chat = await send(t.url, json('/api/chats', { title: `Chat ${DIRTY}` }));
    expect(chat.status, chat.text).toBe(201);
    const history = await send(t.url, get(`/api/chats/history?search=${encodeURIComponent('Dirty')}%00&perPage=100`));
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.map((c: { title: string }) => c.title)).toContain(`Chat ${CLEAN}`);
    const answer = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token: fixtures.token,
      body: { text: `Question ${DIRTY}`, modelId: fixtures.modelId, language: 'f\u0000r' },
    });
    expect(answer.status).toBe(200);
    const [message] = await storedMessages(t, fixtures.token, chat.body.data.id);
    expect(message).toMatchObject({ userText: `Question ${CLEAN}`, language: 'fr', status: 'done' });
  });

  it('is saved cleaned in AI settings and a provider key’s base URL', async () => {
    const settings = await send(
      t.url,
      json('/api/ai-settings', { defaultLanguage: 'd\u0000e', defaultBrandVoiceName: DIRTY }, 'PUT'),
    );
    expect(settings.status, settings.text).toBe(200);
    expect(settings.body.data).toMatchObject({ defaultLanguage: 'de', defaultBrandVoiceName: CLEAN });
    const key = await send(
      t.url,
      json(
        '/api/ai-settings/keys/anthropic',
        { apiKey: 'sk-ant-\u0000dirty-9876', baseUrl: `${fake.url}/v1\u0000` },
        'PUT',
      ),
    );
    expect(key.status, key.text).toBe(200);
    const anthropic = key.body.data.providers.find((p: { slug: string }) => p.slug === 'anthropic');
    expect(anthropic).toMatchObject({ apiKey: '••••9876', baseUrl: `${fake.url}/v1` });
  });

  it('is accepted in sign-up and sign-in', async () => {
    const username = `nul${Date.now().toString(36).slice(-8)}`;
    const email = `${username}@example.test`;
    const registered = await t.api('/api/auth/local/register', {
      body: { username: NUL(username), email: NUL(email), password: 'correct-horse-1' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect(registered.body.user).toMatchObject({ username, email });
    const signedIn = await t.api('/api/auth/local', { body: { identifier: NUL(email), password: 'correct-horse-1' } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });
});

const NUL = (text: string) => `${text.slice(0, 2)}\u0000${text.slice(2)}`;

// After the text tests: its hundreds of sign-in and sign-up attempts may meet the rate limits (429s, accepted here).
describe('every route under a corpus of bad input', () => {
  // ~5,100 requests: ~20 s of CPU (they were ~6,400 and ~36 s: fuzz-corpus.ts, documented-responses.ts).
  it('never answers 5xx, and every error is an envelope naming the problem', async () => {
    const cases = ROUTES.flatMap((route, turn) => fuzzCases(route, fixtures, turn));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { failures, statuses, retried } = await runAll(cases);
    const { user, system } = process.cpuUsage(cpu);
    // The server is in this process: its CPU and the client's.
    console.log(
      `took ${((performance.now() - started) / 1000).toFixed(1)} s, ${((user + system) / 1e6).toFixed(1)} s CPU`,
    );
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const counts = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    console.log(
      `[fuzz] ${cases.length} requests over ${ROUTES.length} routes, ${serverErrors} ≥ 500, ${failures.length} failures; statuses ${counts}; ${retried.length} retried after a dropped connection`,
    );
    if (retried.length) console.log(retried.join('\n'));
    expect(failures.slice(0, 25), `${failures.length} failures`).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 600_000);
});

// The routes of the server the fuzz sent its requests to: the app it serves, not one built again for this.
describe('the route list', () => {
  it('covers every route the app declares, and nothing else', () => {
    // a parameter's pattern (`:id{[0-9]+}`) is how the server matches it; the list names the parameter alone
    const declared = new Set(
      t.current.server.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/(:\w+)\{[^}]*\}/g, '$1')}`),
    );
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.pattern}`));
    expect(
      [...declared].filter((r) => !listed.has(r)),
      'routes missing from tests/server/api-routes.ts',
    ).toEqual([]);
    expect(
      [...listed].filter((r) => !declared.has(r)),
      'listed routes the app does not have',
    ).toEqual([]);
    expect(listed.size).toBe(ROUTES.length);
  });
});
