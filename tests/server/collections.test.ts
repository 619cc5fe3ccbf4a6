import { describe, expect, it } from 'vitest';
import { type Collection, collectionBookmarksSchema, collectionSchema, dataOf, listOf } from '../../lib/api/contract';
import { messages } from '../../lib/api/validators';
import { expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';

const t = setupTestServer();

async function createCollection(s: Session, name: string, parentId?: number | null): Promise<Collection> {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(collectionSchema).parse(res.body).data;
}
async function getCollection(s: Session, id: number) {
  return t.api(`/api/collections/${id}`, { token: s.jwt });
}
async function saveGem(s: Session, data: Record<string, unknown> = {}) {
  const res = await t.api('/api/gems', { token: s.jwt, body: gemBody(data) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; collectionId: number };
}
const collectionsOf = async (s: Session) =>
  listOf(collectionSchema).parse((await t.api('/api/get-user-collections', { token: s.jwt })).body);

describe('POST /api/collections and GET /api/get-user-collections', () => {
  it('creates a collection and lists it with gem counts, by name', async () => {
    const s = await t.signUp('create');
    const created = await createCollection(s, '  Zebra reads ');
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Zebra reads',
      parentId: null,
      gems_count: 0,
      isUnfiltered: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await saveGem(s, { collectionId: created.id });
    await saveGem(s, { collectionId: created.id });
    const list = await collectionsOf(s);
    // AI Chats holds chats, not saves: it is not offered (tests/server/chat-manage.test.ts).
    expect(list.total).toBe(2);
    expect(list.data.map((c) => c.name)).toEqual(['Unfiltered', 'Zebra reads']);
    expect(list.data.find((c) => c.id === created.id)?.gems_count).toBe(2);
  });

  it('creates a sub-collection under an own parent only', async () => {
    const a = await t.signUp('parenta');
    const b = await t.signUp('parentb');
    const parent = await createCollection(a, 'Parent');
    expect((await createCollection(a, 'Child', parent.id)).parentId).toBe(parent.id);
    expectError(
      await t.api('/api/collections', { token: b.jwt, body: { data: { name: 'x', parentId: parent.id } } }),
      404,
    );
    expect((await collectionsOf(b)).total).toBe(1);
  });

  it('validates the body and names the field', async () => {
    const s = await t.signUp('cbad');
    const post = (body: unknown) => t.api('/api/collections', { token: s.jwt, body });
    expectFieldError(await post({ data: { name: '' } }), 'data.name', messages.required);
    expectFieldError(await post({ data: {} }), 'data.name', messages.required);
    expectFieldError(await post({ data: { name: 'x'.repeat(201) } }), 'data.name', messages.tooLong);
    expectFieldError(await post({ data: { name: 'ok', parentId: 'abc' } }), 'data.parentId');
    expectFieldError(await post({ name: 'no wrapper' }), 'data');
    expectError(await post('not json'), 400, 'ValidationError');
    expect((await collectionsOf(s)).total).toBe(1);
  });
});

describe('GET/PUT /api/collections/{id}', () => {
  it('reads, renames and moves an own collection', async () => {
    const s = await t.signUp('edit');
    const a = await createCollection(s, 'A');
    const b = await createCollection(s, 'B');
    const got = await getCollection(s, a.id);
    expect(got.status).toBe(200);
    expect(dataOf(collectionSchema).parse(got.body).data).toEqual(a);

    const renamed = await t.api(`/api/collections/${a.id}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { name: 'A2' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: a.id, name: 'A2', parentId: null });
    const moved = await t.api(`/api/collections/${a.id}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { parentId: b.id } },
    });
    expect(moved.body.data).toMatchObject({ name: 'A2', parentId: b.id });
    const root = await t.api(`/api/collections/${a.id}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { parentId: null } },
    });
    expect(root.body.data).toMatchObject({ name: 'A2', parentId: null });
    expect((await getCollection(s, a.id)).body.data).toMatchObject({ name: 'A2', parentId: null });
  });

  it('cannot move a collection inside itself or its descendants', async () => {
    const s = await t.signUp('cycle');
    const top = await createCollection(s, 'Top');
    const mid = await createCollection(s, 'Mid', top.id);
    const leaf = await createCollection(s, 'Leaf', mid.id);
    for (const target of [top.id, mid.id, leaf.id]) {
      const res = await t.api(`/api/collections/${top.id}`, {
        method: 'PUT',
        token: s.jwt,
        body: { data: { parentId: target } },
      });
      expectFieldError(res, 'data.parentId', 'A collection cannot be moved inside itself');
    }
    expect((await getCollection(s, top.id)).body.data.parentId).toBeNull();
  });

  it("another user's collection is a 404 and stays unchanged", async () => {
    const a = await t.signUp('owna');
    const b = await t.signUp('ownb');
    const theirs = await createCollection(a, 'Private');
    const mine = await createCollection(b, 'Mine');
    expectError(await getCollection(b, theirs.id), 404, 'NotFoundError');
    expectError(await t.api(`/api/collections/${theirs.id}/bookmarks`, { token: b.jwt }), 404);
    const put = t.api(`/api/collections/${theirs.id}`, {
      method: 'PUT',
      token: b.jwt,
      body: { data: { name: 'Hacked' } },
    });
    expectError(await put, 404);
    // nor may it become the parent of one's own collection
    const adopt = await t.api(`/api/collections/${mine.id}`, {
      method: 'PUT',
      token: b.jwt,
      body: { data: { parentId: theirs.id } },
    });
    expectError(adopt, 404);
    expect((await getCollection(b, mine.id)).body.data.parentId).toBeNull();
    expectError(await t.api(`/api/collections/${theirs.id}`, { method: 'DELETE', token: b.jwt }), 404);
    expect((await getCollection(a, theirs.id)).body.data).toEqual(theirs);
  });

  it('unknown or malformed ids are 404s; bad bodies are 400s', async () => {
    const s = await t.signUp('ids');
    const c = await createCollection(s, 'C');
    for (const id of ['999999', '99999999999', 'abc', '0', '-1'])
      expectError(await t.api(`/api/collections/${id}`, { token: s.jwt }), 404);
    const put = (body: unknown) => t.api(`/api/collections/${c.id}`, { method: 'PUT', token: s.jwt, body });
    expectFieldError(await put({ data: { name: '' } }), 'data.name', messages.required);
    expectError(await put('{'), 400, 'ValidationError');
    expectError(await put({ data: { parentId: 999_999 } }), 404);
    expectError(await put({ data: { parentId: 99_999_999_999 } }), 400);
    expect((await getCollection(s, c.id)).body.data).toEqual(c);
  });
});

describe('DELETE /api/collections/{id}', () => {
  it('moves the gems of the collection and its sub-collections to Unfiltered', async () => {
    const s = await t.signUp('del');
    const unfiltered = s.user.unfiltered_collection_id as number;
    const top = await createCollection(s, 'Top');
    const sub = await createCollection(s, 'Sub', top.id);
    const keep = await createCollection(s, 'Keep');
    const g1 = await saveGem(s, { collectionId: top.id });
    const g2 = await saveGem(s, { collectionId: sub.id });
    const g3 = await saveGem(s, { collectionId: keep.id });

    const res = await t.api(`/api/collections/${top.id}`, { method: 'DELETE', token: s.jwt });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: top.id, movedToCollectionId: unfiltered, trashedGems: 0 } });

    expectError(await getCollection(s, top.id), 404);
    expectError(await getCollection(s, sub.id), 404);
    for (const g of [g1, g2])
      expect((await t.api(`/api/gems/${g.id}`, { token: s.jwt })).body.data.collectionId).toBe(unfiltered);
    expect((await t.api(`/api/gems/${g3.id}`, { token: s.jwt })).body.data.collectionId).toBe(keep.id);
    const list = await collectionsOf(s);
    expect(list.data.map((c) => c.name)).toEqual(['Keep', 'Unfiltered']);
    expect(list.data.find((c) => c.id === unfiltered)?.gems_count).toBe(2);
  });

  it('Unfiltered cannot be deleted, nor deleted along with a parent', async () => {
    const s = await t.signUp('unf');
    const unfiltered = s.user.unfiltered_collection_id as number;
    const gem = await saveGem(s);
    const res = await t.api(`/api/collections/${unfiltered}`, { method: 'DELETE', token: s.jwt });
    expect(expectError(res, 400, 'ValidationError').message).toBe('The Unfiltered collection cannot be deleted');

    const parent = await createCollection(s, 'Parent');
    const move = await t.api(`/api/collections/${unfiltered}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { parentId: parent.id } },
    });
    expectFieldError(move, 'data.parentId', 'The Unfiltered collection stays at the top level');
    const rename = await t.api(`/api/collections/${unfiltered}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { name: 'Inbox' } },
    });
    expect(rename.body.data).toMatchObject({ id: unfiltered, name: 'Inbox', parentId: null, isUnfiltered: true });
    expect((await t.api(`/api/collections/${parent.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
    const after = await getCollection(s, unfiltered);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ isUnfiltered: true, parentId: null, gems_count: 1 });
    expect((await t.api(`/api/gems/${gem.id}`, { token: s.jwt })).body.data.collectionId).toBe(unfiltered);
  });

  it("deleting 'AI Chats' clears ai_chats_collection_id and keeps its gems", async () => {
    const s = await t.signUp('chats');
    const aiChats = s.user.ai_chats_collection_id as number;
    const gem = await saveGem(s, { collectionId: aiChats, media_type: 'AIChat' });
    expect((await t.api(`/api/collections/${aiChats}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
    const me = (await t.api('/api/users/me', { token: s.jwt })).body;
    expect(me).toMatchObject({
      ai_chats_collection_id: null,
      unfiltered_collection_id: s.user.unfiltered_collection_id,
    });
    expect((await t.api(`/api/gems/${gem.id}`, { token: s.jwt })).body.data.collectionId).toBe(
      s.user.unfiltered_collection_id,
    );
  });
});

describe('GET /api/collections/{id}/bookmarks', () => {
  it('pages 25 at a time by default, with hasMore', async () => {
    const s = await t.signUp('page');
    const c = await createCollection(s, 'Many');
    const ids: number[] = [];
    for (let i = 0; i < 26; i++) ids.push((await saveGem(s, { collectionId: c.id, title: `Gem ${i}` })).id);
    await saveGem(s); // elsewhere: not listed

    const first = await t.api(`/api/collections/${c.id}/bookmarks`, { token: s.jwt });
    expect(first.status).toBe(200);
    const p1 = collectionBookmarksSchema.parse(first.body).data;
    expect(p1).toMatchObject({ id: c.id, name: 'Many', gems_count: 26, page: 1, hasMore: true });
    expect(p1.bookmarks).toHaveLength(25);
    expect(p1.bookmarks.map((g) => g.id)).toEqual(ids.slice(1).reverse()); // newest first

    const p2 = collectionBookmarksSchema.parse(
      (await t.api(`/api/collections/${c.id}/bookmarks?page=2`, { token: s.jwt })).body,
    ).data;
    expect(p2).toMatchObject({ page: 2, hasMore: false });
    expect(p2.bookmarks.map((g) => g.id)).toEqual([ids[0]]);

    const small = (await t.api(`/api/collections/${c.id}/bookmarks?perPage=10&page=3`, { token: s.jwt })).body.data;
    expect(small.bookmarks).toHaveLength(6);
    expect(small.hasMore).toBe(false);
    expect(
      (await t.api(`/api/collections/${c.id}/bookmarks?perPage=10&page=2`, { token: s.jwt })).body.data.hasMore,
    ).toBe(true);
  });

  it('filters by media_type and sorts', async () => {
    const s = await t.signUp('sort');
    const c = await createCollection(s, 'Mixed');
    const b = await saveGem(s, { collectionId: c.id, title: 'banana', media_type: 'Article' });
    const a = await saveGem(s, { collectionId: c.id, title: 'apple', media_type: 'Note' });
    const d = await saveGem(s, { collectionId: c.id, title: 'cherry', media_type: 'Article' });
    const get = async (q: string) =>
      collectionBookmarksSchema.parse((await t.api(`/api/collections/${c.id}/bookmarks?${q}`, { token: s.jwt })).body)
        .data;

    expect((await get('')).bookmarks.map((g) => g.id)).toEqual([d.id, a.id, b.id]);
    expect((await get('sortBy=newest')).bookmarks.map((g) => g.id)).toEqual([d.id, a.id, b.id]);
    expect((await get('sortBy=oldest')).bookmarks.map((g) => g.id)).toEqual([b.id, a.id, d.id]);
    expect((await get('sortBy=title')).bookmarks.map((g) => g.title)).toEqual(['apple', 'banana', 'cherry']);
    const articles = await get('media_type=Article&sortBy=title');
    expect(articles.bookmarks.map((g) => g.id)).toEqual([b.id, d.id]);
    expect(articles.hasMore).toBe(false);
    expect((await get('media_type=Video')).bookmarks).toEqual([]);
  });

  it('sorts titles A–Z with their numbers in natural order, without case', async () => {
    const s = await t.signUp('natural');
    const c = await createCollection(s, 'Takes');
    for (const title of ['Take 10', 'take 2', 'Take 100', 'Take 1', 'Take 9 b', 'Take 12345678901234567890123'])
      await saveGem(s, { collectionId: c.id, title });
    const { body } = await t.api(`/api/collections/${c.id}/bookmarks?sortBy=title`, { token: s.jwt });
    expect(collectionBookmarksSchema.parse(body).data.bookmarks.map((g) => g.title)).toEqual([
      'Take 1',
      'take 2',
      'Take 9 b',
      'Take 10',
      'Take 100',
      'Take 12345678901234567890123',
    ]);
  });

  it('rejects bad query values, naming them', async () => {
    const s = await t.signUp('query');
    const id = s.user.unfiltered_collection_id;
    const get = (q: string) => t.api(`/api/collections/${id}/bookmarks?${q}`, { token: s.jwt });
    expectFieldError(await get('sortBy=random'), 'sortBy');
    expectFieldError(await get('media_type=Podcast'), 'media_type');
    expectFieldError(await get('perPage=0'), 'perPage');
    expectFieldError(await get('perPage=101'), 'perPage');
    expectFieldError(await get('page=0'), 'page');
    expectFieldError(await get('page=abc'), 'page');
  });
});

describe('gem counts kept by the database', () => {
  it('follow creates, moves and deletes, and give the list totals', async () => {
    const s = await t.signUp('counts');
    const a = await createCollection(s, 'A');
    const b = await createCollection(s, 'B');
    const first = await saveGem(s, { collectionId: a.id });
    await saveGem(s, { collectionId: a.id });
    await saveGem(s);
    const counts = async () => Object.fromEntries((await collectionsOf(s)).data.map((c) => [c.name, c.gems_count]));
    expect(await counts()).toEqual({ A: 2, B: 0, Unfiltered: 1 });

    expect(
      (await t.api(`/api/gems/${first.id}`, { method: 'PUT', token: s.jwt, body: { data: { collectionId: b.id } } }))
        .status,
    ).toBe(200);
    expect(await counts()).toEqual({ A: 1, B: 1, Unfiltered: 1 });

    expect((await t.api(`/api/gems/${first.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
    expect(await counts()).toEqual({ A: 1, B: 0, Unfiltered: 1 });
    expect((await t.api('/api/get-all-bookmark', { token: s.jwt })).body.total).toBe(2);

    expect((await t.api(`/api/collections/${a.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
    expect(await counts()).toEqual({ B: 0, Unfiltered: 2 });
    expect((await t.api('/api/get-all-bookmark', { token: s.jwt })).body.total).toBe(2);
  });
});
