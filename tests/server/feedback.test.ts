import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf, type Feedback, feedbackSchema, listOf, tagSchema, uploadResponseSchema } from '../../lib/api/contract';
import { messages } from '../../lib/api/validators';
import { configFromEnv } from '../../server/config';
import {
  expectError,
  expectFieldError,
  makeDataDir,
  removeDataDir,
  SECRET,
  setupTestServer,
  startTestServer,
  type TestServer,
} from './harness';

const t = setupTestServer();

const ADMIN_TOKEN = 'operator-token-0123456789abcdef';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const DIAGNOSTICS = {
  extensionVersion: '0.1.0',
  browser: 'Chrome 140',
  os: 'Linux',
  activeModel: null,
  recentErrors: ['boom'],
};

/** Uploads one PNG as a bug-report image to `server`; returns its link and id. */
async function uploadImage(server: { url: string }, token: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'shot.png');
  form.append('isFeedbackImg', 'true');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const { data } = uploadResponseSchema.parse(await res.json());
  return { link: data.media[0] ?? '', id: data.uploads[0]?.id ?? 0 };
}

const report = (overrides: Record<string, unknown> = {}) => ({
  data: {
    title: 'Save button does nothing',
    description: 'Steps…',
    url: 'https://example.com/page',
    category: 'Bug',
    isExtension: true,
    ...overrides,
  },
});
const submit = (token: string, body: unknown, server: { api: typeof t.api } = t) =>
  server.api('/api/feedbacks?populate=*', { token, body });
const createTag = async (token: string, tag: string) =>
  dataOf(tagSchema).parse((await t.api('/api/tags', { token, body: { data: { tag } } })).body).data;
const pagedFeedbacks = listOf(feedbackSchema).extend({ page: z.number(), perPage: z.number() });
const myReports = async (token: string) => {
  const res = await t.api('/api/feedbacks', { token });
  expect(res.status).toBe(200);
  return pagedFeedbacks.parse(res.body);
};

describe('POST /api/feedbacks', () => {
  it('saves a report with its tags, image links and diagnostics, read back via GET', async () => {
    const { jwt, user } = await t.signUp('fb');
    const ui = await createTag(jwt, 'ui');
    const sync = await createTag(jwt, 'sync');
    const one = await uploadImage(t, jwt);
    const two = await uploadImage(t, jwt);
    const res = await submit(
      jwt,
      report({ tags: [sync.id, ui.id], imageLinks: [one.link, two.link], diagnostics: DIAGNOSTICS }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { data } = dataOf(feedbackSchema).parse(res.body);
    expect(data).toEqual({
      id: expect.any(Number),
      title: 'Save button does nothing',
      description: 'Steps…',
      url: 'https://example.com/page',
      category: 'Bug',
      isExtension: true,
      imageLinks: [one.link, two.link],
      tags: [sync, ui],
      diagnostics: DIAGNOSTICS,
      author: { id: user.id, username: user.username },
      createdAt: expect.any(String),
    });
    const second = dataOf(feedbackSchema).parse(
      (await submit(jwt, report({ title: 'Second', category: 'Question' }))).body,
    ).data;
    expect(second.imageLinks).toEqual([]);
    expect(second.diagnostics).toBeNull();
    expect(await myReports(jwt)).toEqual({ data: [second, data], total: 2, page: 1, perPage: 20 });
    expect((await myReports((await t.signUp('fbother')).jwt)).total).toBe(0);
  });

  it('validates the body with the spec messages, storing nothing', async () => {
    const { jwt } = await t.signUp('fbbad');
    expectFieldError(await submit(jwt, report({ isExtension: false })), 'data.isExtension');
    expectFieldError(await submit(jwt, report({ isExtension: undefined })), 'data.isExtension');
    expectFieldError(await submit(jwt, report({ url: 'example.com/page' })), 'data.url', messages.urlInvalid());
    expectFieldError(await submit(jwt, report({ url: 'ftp://example.com/x' })), 'data.url', messages.urlInvalid());
    expectFieldError(await submit(jwt, report({ title: '' })), 'data.title', messages.required);
    expectFieldError(await submit(jwt, report({ title: '   ' })), 'data.title', messages.required);
    expectFieldError(await submit(jwt, report({ category: 'Complaint' })), 'data.category');
    expectFieldError(await submit(jwt, report({ tags: ['ui'] })), 'data.tags.0');
    expectFieldError(await submit(jwt, report({ diagnostics: { ...DIAGNOSTICS, cookies: 'x' } })), 'data.diagnostics');
    expectFieldError(await submit(jwt, { title: 'no data wrapper' }), 'data');
    expect((await myReports(jwt)).total).toBe(0);
  });

  it("refuses another user's tag, upload, external images and images already attached", async () => {
    const a = await t.signUp('fbowner');
    const b = await t.signUp('fbintrude');
    const theirTag = await createTag(a.jwt, 'private');
    const theirImage = await uploadImage(t, a.jwt);
    const mine = await uploadImage(t, b.jwt);

    expectFieldError(await submit(b.jwt, report({ tags: [theirTag.id] })), 'data.tags');
    expectFieldError(await submit(b.jwt, report({ tags: [999_999] })), 'data.tags');
    expectFieldError(await submit(b.jwt, report({ imageLinks: [mine.link, theirImage.link] })), 'data.imageLinks.1');
    const key = new URL(mine.link).pathname;
    const outside = [
      'https://images.example.com/cat.png',
      `https://evil.example${key}`,
      `${mine.link}?x=1`,
      `${t.url}/api/health`,
    ];
    for (const link of outside)
      expectFieldError(await submit(b.jwt, report({ imageLinks: [link] })), 'data.imageLinks.0');
    expectFieldError(await submit(b.jwt, report({ imageLinks: ['not a url'] })), 'data.imageLinks.0');
    expect((await myReports(b.jwt)).total).toBe(0);

    // Nothing above claimed b's image: it can be used once, then never again.
    const ok = await submit(b.jwt, report({ imageLinks: [mine.link, mine.link] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.imageLinks).toEqual([mine.link]);
    const again = expectFieldError(await submit(b.jwt, report({ imageLinks: [mine.link] })), 'data.imageLinks.0');
    expect(again[0]?.message).toMatch(/already attached/);
    expect((await myReports(b.jwt)).total).toBe(1);
    // a's image was never attached: a may still delete it.
    expect((await t.api(`/api/upload/${theirImage.id}`, { method: 'DELETE', token: a.jwt })).status).toBe(200);
  });

  it('needs a signed-in user; JSON bodies keep their 5 MB limit', async () => {
    expectError(await t.api('/api/feedbacks', { body: report() }), 401);
    expectError(await t.api('/api/feedbacks'), 401);
    const { jwt } = await t.signUp('fblimit');
    const huge = JSON.stringify(report({ description: 'x'.repeat(6 * 1024 * 1024) }));
    expectError(await t.api('/api/feedbacks', { token: jwt, body: huge }), 413);
  });
});

describe('GET /api/admin/feedbacks', () => {
  it('does not exist when no admin token is configured', async () => {
    const { jwt } = await t.signUp('noadmin');
    expectError(await t.api('/api/admin/feedbacks'), 404, 'NotFoundError');
    expectError(await t.api('/api/admin/feedbacks', { token: jwt }), 404);
    expectError(await t.api('/api/admin/feedbacks', { token: ADMIN_TOKEN }), 404);
  });

  describe('with TROVE_ADMIN_TOKEN and PUBLIC_URL set', () => {
    let admin: TestServer;
    beforeAll(async () => {
      // The operator's listing spans all users: on PostgreSQL, where test servers share a database, it needs its own.
      admin = await startTestServer(
        { adminToken: ADMIN_TOKEN, publicUrl: 'https://trove.example.com/' },
        { isolated: true },
      );
    });
    afterAll(async () => admin?.close());

    it('refuses a missing or wrong token', async () => {
      await admin.signUp('first'); // the first account of a server is its admin (tests/server/operator.test.ts)
      const { jwt } = await admin.signUp('wrong');
      expectError(await admin.api('/api/admin/feedbacks'), 401, 'UnauthorizedError');
      expectError(await admin.api('/api/admin/feedbacks', { token: `${ADMIN_TOKEN}x` }), 401);
      expectError(await admin.api('/api/admin/feedbacks', { token: ADMIN_TOKEN.slice(1) }), 401);
      expectError(await admin.api('/api/admin/feedbacks', { token: jwt }), 401);
      expectError(await admin.api('/api/admin/feedbacks', { headers: { Authorization: ADMIN_TOKEN } }), 401);
    });

    it("lists everyone's reports, newest first, with the authors' emails and public links", async () => {
      const a = await admin.signUp('opa');
      const b = await admin.signUp('opb');
      const image = await uploadImage(admin, a.jwt);
      expect(image.link).toMatch(/^https:\/\/trove\.example\.com\/uploads\/[A-Za-z0-9_-]{22}\.png$/);
      // A link on the request's own origin is not this server's public link.
      const local = `${admin.url}${new URL(image.link).pathname}`;
      expectFieldError(await submit(a.jwt, report({ imageLinks: [local] }), admin), 'data.imageLinks.0');
      const tag = dataOf(tagSchema).parse(
        (await admin.api('/api/tags', { token: a.jwt, body: { data: { tag: 'crash' } } })).body,
      ).data;
      const first = await submit(a.jwt, report({ title: 'first', imageLinks: [image.link], tags: [tag.id] }), admin);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const second = await submit(b.jwt, report({ title: 'second' }), admin);
      const third = await submit(a.jwt, report({ title: 'third', category: 'Other' }), admin);

      const res = await admin.api('/api/admin/feedbacks?page=1&perPage=2', { token: ADMIN_TOKEN });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const list = pagedFeedbacks.parse(res.body);
      expect(list.total).toBe(3);
      expect(list.page).toBe(1);
      expect(list.perPage).toBe(2);
      expect(list.data.map((f) => f.title)).toEqual(['third', 'second']);
      expect(list.data.map((f) => f.author)).toEqual([
        { id: a.user.id, username: a.user.username, email: a.user.email },
        { id: b.user.id, username: b.user.username, email: b.user.email },
      ]);
      const next = await admin.api('/api/admin/feedbacks?page=2&perPage=2', { token: ADMIN_TOKEN });
      const last = next.body.data as Feedback[];
      expect(last.map((f) => [f.title, f.isExtension, f.imageLinks, f.tags, f.author.email])).toEqual([
        ['first', true, [image.link], [tag], a.user.email],
      ]);
      expect(second.body.data.author.email).toBeUndefined();
      expect(third.body.data.author.email).toBeUndefined();
      expectFieldError(await admin.api('/api/admin/feedbacks?perPage=500', { token: ADMIN_TOKEN }), 'perPage');
    });
  });
});

describe('configuration', () => {
  const dir = makeDataDir();
  afterAll(() => removeDataDir(dir));
  const env = (extra: Record<string, string>) => ({ DATA_DIR: dir, TROVE_SECRET: SECRET, ...extra });

  it('reads TROVE_ADMIN_TOKEN (at least 24 characters) and PUBLIC_URL', () => {
    const config = configFromEnv(
      env({ TROVE_ADMIN_TOKEN: ADMIN_TOKEN, PUBLIC_URL: 'https://trove.example.com/base/' }),
    );
    expect(config.adminToken).toBe(ADMIN_TOKEN);
    expect(config.publicUrl).toBe('https://trove.example.com/base');
    const unset = configFromEnv(env({ TROVE_ADMIN_TOKEN: '', PUBLIC_URL: '' }));
    expect(unset.adminToken).toBeUndefined();
    expect(unset.publicUrl).toBeUndefined();
    expect(() => configFromEnv(env({ TROVE_ADMIN_TOKEN: 'short' }))).toThrow(/TROVE_ADMIN_TOKEN/);
    expect(() => configFromEnv(env({ PUBLIC_URL: 'trove.example.com' }))).toThrow(/PUBLIC_URL/);
    expect(() => configFromEnv(env({ PUBLIC_URL: 'ftp://trove.example.com' }))).toThrow(/PUBLIC_URL/);
    expect(() => configFromEnv(env({ PUBLIC_URL: 'https://trove.example.com/?a=1' }))).toThrow(/PUBLIC_URL/);
  });

  it('reads DATABASE_POOL_SIZE, a whole number from 2 to 100', () => {
    expect(configFromEnv(env({ DATABASE_POOL_SIZE: '4' })).databasePoolSize).toBe(4);
    expect(configFromEnv(env({})).databasePoolSize).toBeUndefined();
    for (const bad of ['1', '2.5', '101', 'many'])
      expect(() => configFromEnv(env({ DATABASE_POOL_SIZE: bad }))).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses a number setting that is not a whole number, naming the text given rather than NaN', () => {
    const numbers = [
      'PORT',
      'TROVE_TRUST_PROXY',
      'DATABASE_POOL_SIZE',
      'ACCESS_TOKEN_TTL',
      'REFRESH_TOKEN_TTL',
      'TROVE_HOUSE_CREDITS',
      'TROVE_ANSWER_LEASE_SECONDS',
    ];
    for (const name of numbers) {
      for (const bad of ['many', '-1', '1e3', '0x10']) {
        expect(() => configFromEnv(env({ [name]: bad })), `${name}=${bad}`).toThrow(`${name} must be a whole number`);
        expect(() => configFromEnv(env({ [name]: bad })), `${name}=${bad}`).toThrow(`got "${bad}"`);
      }
    }
    // A token lifetime of 0 would refuse every token as soon as it is signed.
    expect(() => configFromEnv(env({ ACCESS_TOKEN_TTL: '0' }))).toThrow(
      'ACCESS_TOKEN_TTL must be a whole number of seconds ≥ 1',
    );
    const config = configFromEnv(env({ ACCESS_TOKEN_TTL: '60', REFRESH_TOKEN_TTL: ' 3600 ', PORT: '0' }));
    expect(config).toMatchObject({ accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 3600, port: 0 });
    expect(configFromEnv(env({})).accessTokenTtlSeconds).toBe(900);
  });
});
