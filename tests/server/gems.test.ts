import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  dataOf,
  type Gem,
  type GemSummary,
  gemListSchema,
  gemSchema,
  gemSummarySchema,
  listOf,
} from '../../lib/api/contract';
import { limits, messages } from '../../lib/api/validators';
import { expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';

const t = setupTestServer();

const post = (s: Session, body: unknown, headers?: Record<string, string>) =>
  t.api('/api/gems', { token: s.jwt, body, headers });
async function saveGem(
  s: Session,
  data: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Promise<GemSummary> {
  const res = await post(s, gemBody(data), headers);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(gemSummarySchema).parse(res.body).data;
}
const getGem = (s: Session, id: number) => t.api(`/api/gems/${id}`, { token: s.jwt });
const putGem = (s: Session, id: number, data: unknown) =>
  t.api(`/api/gems/${id}`, { method: 'PUT', token: s.jwt, body: { data } });
const allGems = async (s: Session, q = '') =>
  gemListSchema.parse((await t.api(`/api/get-all-bookmark${q}`, { token: s.jwt })).body);
const tagNames = (g: GemSummary) => g.tags.map((x) => x.tag);

describe('POST /api/gems', () => {
  it('saves a gem with defaults into Unfiltered', async () => {
    const s = await t.signUp('save');
    const res = await post(s, gemBody({ title: '  Hello  ', url: 'https://Example.com/a?utm_source=x#top' }));
    expect(res.status).toBe(201);
    const gem = dataOf(gemSummarySchema).parse(res.body).data;
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      title: 'Hello',
      description: '',
      url: 'https://Example.com/a?utm_source=x#top',
      canonicalUrl: 'https://example.com/a',
      media_type: 'Link',
      media: {},
      image: null,
      favicon: null,
      byline: null,
      publishedAt: null,
      collectionId: s.user.unfiltered_collection_id,
      author: { id: s.user.id, username: s.user.username },
      tags: [],
      notes: '',
      isFavourite: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await getGem(s, gem.id)).body).toEqual({ data: { ...gem, text: null } });
  });

  it('keeps every field it is given', async () => {
    const s = await t.signUp('full');
    const reading = (await t.api('/api/collections', { token: s.jwt, body: { data: { name: 'Reading' } } })).body.data
      .id;
    const gem = await saveGem(s, {
      description: 'desc',
      media_type: 'Code',
      media: { language: 'ts', code: 'let x = 1;' },
      image: 'https://example.com/i.png',
      favicon: '',
      text: 'body text',
      byline: 'Ada',
      publishedAt: '2024-01-02T03:04:05+02:00',
      collectionId: reading,
    });
    expect(gem).toMatchObject({
      description: 'desc',
      media_type: 'Code',
      media: { language: 'ts', code: 'let x = 1;' },
      image: 'https://example.com/i.png',
      favicon: null,
      byline: 'Ada',
      publishedAt: '2024-01-02T01:04:05.000Z',
      collectionId: reading,
    });
    expect((await getGem(s, gem.id)).body.data).toEqual({ ...gem, text: 'body text' });
  });

  it('accepts tag ids and names, creating names on the fly without duplicates', async () => {
    const s = await t.signUp('tagged');
    const known = (await t.api('/api/tags', { token: s.jwt, body: { data: { tag: 'Known' } } })).body.data;
    const gem = await saveGem(s, { tags: [known.id, 'known', 'new one', 'NEW ONE'] });
    expect(tagNames(gem)).toEqual(['Known', 'new one']);
    expect(gem.tags.find((x) => x.tag === 'Known')?.id).toBe(known.id);
    expect((await t.api('/api/tags', { token: s.jwt })).body.total).toBe(2);
  });

  it('keeps an all-digit tag name a name, not an id', async () => {
    const s = await t.signUp('digits');
    const gem = await saveGem(s, { tags: ['2024', '1'] });
    expect(tagNames(gem)).toEqual(['1', '2024']);
  });

  it.each([
    ['data.url', { url: 'example.com/no-protocol' }, messages.urlInvalid()],
    ['data.url', { url: 'ftp://example.com/file' }, messages.urlInvalid()],
    ['data.url', { url: '' }, messages.urlRequired],
    ['data.url', { url: undefined }, messages.urlRequired],
    ['data.title', { title: '   ' }, messages.required],
    ['data.title', { title: 'x'.repeat(501) }, messages.tooLong],
    ['data.media_type', { media_type: 'Podcast' }, undefined],
    ['data.media', { media: { unknown: 1 } }, undefined],
    ['data.image', { image: 'javascript:alert(1)' }, messages.urlInvalid()],
    ['data.publishedAt', { publishedAt: 'yesterday' }, undefined],
    ['data.collectionId', { collectionId: 'abc' }, undefined],
    ['data.tags.0', { tags: [''] }, undefined],
  ])('rejects a bad %s: %j', async (path, patch, message) => {
    const s = await t.signUp('bad');
    expectFieldError(await post(s, gemBody(patch)), path, message);
    expect((await allGems(s)).total).toBe(0);
  });

  it('takes a url of up to 2048 characters and refuses a longer one naming data.url, on save and update', async () => {
    const s = await t.signUp('longurl');
    const base = 'https://example.com/p?q=';
    // random, so the database cannot compress the index row it used to fail on
    const urlOf = (length: number) =>
      base +
      randomBytes(length)
        .toString('base64url')
        .slice(0, length - base.length);
    const longest = await saveGem(s, { url: urlOf(limits.urlMax) });
    expect(longest.url).toHaveLength(limits.urlMax);
    // ~3,000 characters used to reach the database and fail there (an index row too big): a 500
    for (const length of [limits.urlMax + 1, 3000, 6000])
      expectFieldError(await post(s, gemBody({ url: urlOf(length) })), 'data.url', messages.urlTooLong);
    // short enough as sent, but its matching key percent-encodes each "/" of the query: too long as well
    expectFieldError(await post(s, gemBody({ url: base + '/'.repeat(1000) })), 'data.url', messages.urlTooLong);
    expectFieldError(await putGem(s, longest.id, { url: urlOf(3000) }), 'data.url', messages.urlTooLong);
    expectFieldError(
      await t.api(`/api/gems-at-url?url=${encodeURIComponent(urlOf(3000))}`, { token: s.jwt }),
      'url',
      messages.urlTooLong,
    );
    expect((await allGems(s)).total).toBe(1);
  });

  it('takes publishedAt in the years 100 to 9999 (UTC) and refuses other years naming the field', async () => {
    const s = await t.signUp('dates');
    for (const publishedAt of ['0100-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2024-02-29T23:30:00-05:00']) {
      const gem = await saveGem(s, { publishedAt });
      expect(gem.publishedAt).toBe(new Date(publishedAt).toISOString());
    }
    const first = (await allGems(s)).data[0] as GemSummary;
    // the first two passed the format check and failed in the database (SQLSTATE 22008): a 500; the
    // third was saved but read back as 2001
    for (const publishedAt of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '0001-06-01T00:00:00Z']) {
      const message = 'Must be a date in the years 100 to 9999 (UTC)';
      expectFieldError(await post(s, gemBody({ publishedAt })), 'data.publishedAt', message);
      expectFieldError(await putGem(s, first.id, { publishedAt }), 'data.publishedAt', message);
    }
    expect((await allGems(s)).total).toBe(3);
    const { text, ...listed } = (await getGem(s, first.id)).body.data;
    expect([listed, text]).toEqual([first, null]);
  });

  it('rejects malformed bodies and unknown tag ids without saving', async () => {
    const s = await t.signUp('junk');
    expect(expectError(await post(s, '{"data": {'), 400, 'ValidationError').message).toBe(
      'Request body must be valid JSON',
    );
    expectFieldError(await post(s, { title: 'x', url: 'https://example.com/' }), 'data');
    expectFieldError(await post(s, gemBody({ tags: [999_999] })), 'tags', 'Unknown tag id 999999');
    // ids beyond the integer range are bad input, not server errors
    expectError(await post(s, gemBody({ tags: [99_999_999_999] })), 400);
    expectError(await post(s, gemBody({ collectionId: 99_999_999_999 })), 400);
    expect((await allGems(s)).total).toBe(0);
  });

  it("another user's collection or tag is refused and nothing is saved", async () => {
    const a = await t.signUp('victim');
    const b = await t.signUp('thief');
    const tag = (await t.api('/api/tags', { token: a.jwt, body: { data: { tag: 'secret' } } })).body.data;
    expectError(await post(b, gemBody({ collectionId: a.user.unfiltered_collection_id })), 404, 'NotFoundError');
    expectFieldError(await post(b, gemBody({ tags: [tag.id] })), 'tags');
    expect((await allGems(b)).total).toBe(0);
    expect(
      (await t.api(`/api/collections/${a.user.unfiltered_collection_id}`, { token: a.jwt })).body.data.gems_count,
    ).toBe(0);
    expect((await t.api('/api/tags', { token: b.jwt })).body.total).toBe(0);
  });
});

describe('GET/PUT/DELETE /api/gems/{id}', () => {
  it('updates only the given fields', async () => {
    const s = await t.signUp('upd');
    const c = (await t.api('/api/collections', { token: s.jwt, body: { data: { name: 'Later' } } })).body.data;
    const gem = await saveGem(s, { description: 'keep me', tags: ['one'], image: 'https://example.com/i.png' });
    const res = await putGem(s, gem.id, {
      title: 'Renamed',
      url: 'https://EXAMPLE.com/b?z=1&a=2',
      collectionId: c.id,
      tags: ['two'],
      image: '',
    });
    expect(res.status).toBe(200);
    const updated = dataOf(gemSchema).parse(res.body).data;
    expect(updated).toMatchObject({
      id: gem.id,
      title: 'Renamed',
      description: 'keep me',
      canonicalUrl: 'https://example.com/b?a=2&z=1',
      collectionId: c.id,
      image: null,
      createdAt: gem.createdAt,
    });
    expect(tagNames(updated)).toEqual(['two']);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(gem.updatedAt));
    expect((await getGem(s, gem.id)).body.data).toEqual(updated);
    expect(tagNames((await putGem(s, gem.id, { tags: [] })).body.data)).toEqual([]);
  });

  it('a bad update is a 400 that changes nothing', async () => {
    const s = await t.signUp('badupd');
    const gem = await saveGem(s, { tags: ['kept'] });
    expectFieldError(await putGem(s, gem.id, { url: 'nope' }), 'data.url', messages.urlInvalid());
    expectFieldError(await putGem(s, gem.id, { title: '' }), 'data.title', messages.required);
    expectFieldError(await putGem(s, gem.id, { title: 'x', tags: [999_999] }), 'tags');
    expectError(await t.api(`/api/gems/${gem.id}`, { method: 'PUT', token: s.jwt, body: 'nope' }), 400);
    expectError(await putGem(s, gem.id, { collectionId: 999_999 }), 404);
    expect((await getGem(s, gem.id)).body.data).toEqual({ ...gem, text: null });
  });

  it("another user's gem is a 404 and is not changed or deleted", async () => {
    const a = await t.signUp('gemowner');
    const b = await t.signUp('gemthief');
    const gem = await saveGem(a, { tags: ['mine'] });
    const bGem = await saveGem(b);
    expectError(await getGem(b, gem.id), 404, 'NotFoundError');
    expectError(await putGem(b, gem.id, { title: 'pwned' }), 404);
    expectError(await t.api(`/api/gems/${gem.id}`, { method: 'DELETE', token: b.jwt }), 404);
    // nor may b point its own gem at a's collection or tags
    expectError(await putGem(b, bGem.id, { collectionId: a.user.unfiltered_collection_id }), 404);
    expectFieldError(await putGem(b, bGem.id, { tags: [gem.tags[0]?.id] }), 'tags');
    expect((await getGem(a, gem.id)).body.data).toEqual({ ...gem, text: null });
    expect((await getGem(b, bGem.id)).body.data).toEqual({ ...bGem, text: null });
  });

  it('deletes an own gem', async () => {
    const s = await t.signUp('delgem');
    const gem = await saveGem(s);
    const res = await t.api(`/api/gems/${gem.id}`, { method: 'DELETE', token: s.jwt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: gem.id } });
    expectError(await getGem(s, gem.id), 404);
    expectError(await t.api(`/api/gems/${gem.id}`, { method: 'DELETE', token: s.jwt }), 404);
    for (const id of ['abc', '0', '99999999', '99999999999'])
      expectError(await t.api(`/api/gems/${id}`, { token: s.jwt }), 404);
  });
});

describe('GET /api/get-all-bookmark', () => {
  it("pages the user's gems, newest first, with the total", async () => {
    const s = await t.signUp('list');
    const other = await t.signUp('listother');
    await saveGem(other);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await saveGem(s, { title: `g${i}` })).id);
    const all = await allGems(s);
    expect(all).toMatchObject({ total: 5, page: 1, perPage: 20 });
    expect(all.data.map((g) => g.id)).toEqual([...ids].reverse());
    const p2 = await allGems(s, '?perPage=2&page=2');
    expect(p2).toMatchObject({ total: 5, page: 2, perPage: 2 });
    expect(p2.data.map((g) => g.id)).toEqual([ids[2], ids[1]]);
    expect((await allGems(s, '?perPage=2&page=4')).data).toEqual([]);
    for (const q of ['perPage=0', 'perPage=101', 'page=0', 'page=x']) {
      expectFieldError(await t.api(`/api/get-all-bookmark?${q}`, { token: s.jwt }), q.split('=')[0] as string);
    }
  });
});

describe('GET /api/gems-at-url', () => {
  it('finds gems by canonical URL, only the user’s own', async () => {
    const s = await t.signUp('url');
    const other = await t.signUp('urlother');
    const gem = await saveGem(s, { url: 'https://Example.com:443/page?utm_source=x&b=2&a=1#frag' });
    await saveGem(other, { url: 'https://example.com/page?a=1&b=2' });
    const find = (url: string, who = s) => t.api(`/api/gems-at-url?url=${encodeURIComponent(url)}`, { token: who.jwt });

    const hit = await find('https://example.com/page?a=1&b=2');
    expect(hit.status).toBe(200);
    const list = listOf(gemSummarySchema).parse(hit.body);
    expect(list.total).toBe(1);
    expect(list.data.map((g) => g.id)).toEqual([gem.id]);
    expect((await find('https://EXAMPLE.com/page?b=2&a=1&fbclid=1')).body.total).toBe(1);
    expect((await find('https://example.com/other')).body).toEqual({ data: [], total: 0 });
    expect((await find('https://example.com/page')).body.total).toBe(0);
    expect((await find('https://example.com/Page?a=1&b=2')).body.total).toBe(0);

    const second = await saveGem(s, { url: 'https://example.com/page?b=2&a=1' });
    expect((await find('https://example.com/page?a=1&b=2')).body.data.map((g: Gem) => g.id)).toEqual([
      second.id,
      gem.id,
    ]);

    // a chat started on the page carries its address but is not a save of it
    const chat = await t.api('/api/chats', { token: s.jwt, body: { url: 'https://example.com/page?a=1&b=2' } });
    expect(chat.status).toBe(201);
    expect((await find('https://example.com/page?a=1&b=2')).body.total).toBe(2);

    expectFieldError(await t.api('/api/gems-at-url', { token: s.jwt }), 'url', messages.urlRequired);
    expectFieldError(await find('not a url'), 'url', messages.urlInvalid());
  });
});

describe('saves and lists carry gems without their page text', () => {
  it('a save, its retry, the library page, gems-at-url, edit-bookmarks, the trash and a restore leave it out; the gem itself has it', async () => {
    const s = await t.signUp('summaries');
    const text = 'A long page about tide mills and their sluice gates. '.repeat(2_000); // ~100 kB
    const saving = gemBody({ url: 'https://mills.example/tide', text });
    const saved = await post(s, saving, { 'Idempotency-Key': 'tide-mill' });
    const retried = await post(s, saving, { 'Idempotency-Key': 'tide-mill' });
    expect([saved.status, retried.status]).toEqual([201, 200]);
    const trashed = dataOf(gemSummarySchema).parse(saved.body).data;
    expect(retried.body.data.id).toBe(trashed.id);
    const kept = await saveGem(s, { url: 'https://mills.example/other', text });
    const token = s.jwt;
    const data = async (res: Promise<{ body: { data: Record<string, unknown>[] } }>) => (await res).body.data;
    const lists = [
      await data(t.api('/api/get-all-bookmark', { token })),
      await data(t.api(`/api/gems-at-url?url=${encodeURIComponent('https://mills.example/tide')}`, { token })),
      await data(
        t.api('/api/edit-bookmarks', { method: 'PUT', token, body: { bookmarks: [{ id: kept.id, title: 'Mill' }] } }),
      ),
    ];
    expect((await t.api(`/api/gems/${trashed.id}`, { method: 'DELETE', token })).status).toBe(200);
    lists.push(await data(t.api('/api/trash', { token })));
    lists.push(await data(t.api('/api/trash/restore', { token, body: { ids: [trashed.id] } })));

    expect(lists.map((list) => list.map((gem) => gem.id))).toEqual([
      [kept.id, trashed.id],
      [trashed.id],
      [kept.id],
      [trashed.id],
      [trashed.id],
    ]);
    lists.push([saved.body.data, retried.body.data]);
    expect(lists.flat().filter((gem) => 'text' in gem)).toEqual([]);
    expect(dataOf(gemSchema).parse((await getGem(s, trashed.id)).body).data.text).toBe(text);
  });
});

describe('Idempotency-Key', () => {
  const key = () => `save-${Math.random().toString(36).slice(2)}`;

  it('a repeated key returns the first gem with 200 and saves once', async () => {
    const s = await t.signUp('idem');
    const k = key();
    const first = await post(s, gemBody({ title: 'first' }), { 'Idempotency-Key': k });
    const second = await post(s, gemBody({ title: 'retry' }), { 'Idempotency-Key': k });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await allGems(s)).total).toBe(1);
    expect((await post(s, gemBody(), { 'Idempotency-Key': key() })).status).toBe(201);
    expect((await post(s, gemBody())).status).toBe(201);
    expect((await allGems(s)).total).toBe(3);
  });

  it('five concurrent saves with one key make exactly one gem', async () => {
    const s = await t.signUp('race');
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(s, gemBody({ title: `try ${i}`, tags: ['raced'] }), { 'Idempotency-Key': k }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const all = await allGems(s);
    expect(all.total).toBe(1);
    expect(all.data[0]?.id).toBe(results[0]?.body.data.id);
    expect((await t.api('/api/tags', { token: s.jwt })).body.total).toBe(1);
  });

  it('different users may use the same key', async () => {
    const a = await t.signUp('keya');
    const b = await t.signUp('keyb');
    const k = key();
    const ga = await post(a, gemBody(), { 'Idempotency-Key': k });
    const gb = await post(b, gemBody(), { 'Idempotency-Key': k });
    expect([ga.status, gb.status]).toEqual([201, 201]);
    expect(gb.body.data.id).not.toBe(ga.body.data.id);
    expect(gb.body.data.author.id).toBe(b.user.id);
    expect((await allGems(a)).total).toBe(1);
    expect((await allGems(b)).total).toBe(1);
  });

  it('a malformed key is a 400', async () => {
    const s = await t.signUp('badkey');
    for (const k of ['short', 'has spaces in it', 'x'.repeat(201)]) {
      expect(expectError(await post(s, gemBody(), { 'Idempotency-Key': k }), 400).message).toBe(
        'Idempotency-Key header is invalid',
      );
    }
    expect((await allGems(s)).total).toBe(0);
  });
});
