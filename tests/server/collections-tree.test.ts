/**
 * The collection tree: moves (never into itself or a sub-collection), copies with sub-collections, gems, tags and
 * notes, deletes that say what happens to the gems inside, bulk deletes, counts alone and with descendants (in one
 * query), and pages of sub-collections; every route 404s on another user's collection.
 */
import { describe, expect, it } from 'vitest';
import {
  type Collection,
  collectionCountsSchema,
  collectionSchema,
  dataOf,
  gemSummarySchema,
  pagedListOf,
} from '../../lib/api/contract';
import { expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';

const t = setupTestServer();

async function make(s: Session, name: string, parentId?: number): Promise<Collection> {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(collectionSchema).parse(res.body).data;
}
async function save(s: Session, data: Record<string, unknown> = {}) {
  const res = await t.api('/api/gems', { token: s.jwt, body: gemBody(data) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(gemSummarySchema).parse(res.body).data;
}
const post = (s: Session, path: string) => t.api(path, { method: 'POST', token: s.jwt });
const parentOf = async (s: Session, id: number) =>
  dataOf(collectionSchema).parse((await t.api(`/api/collections/${id}`, { token: s.jwt })).body).data.parentId;
async function counts(s: Session) {
  const res = await t.api('/api/collection-wise-counts', { token: s.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { data } = collectionCountsSchema.parse(res.body);
  return { ...data, byId: new Map(data.collections.map((c) => [c.id, c])) };
}
async function list(s: Session) {
  const res = await t.api('/api/get-user-collections', { token: s.jwt });
  return res.body.data as Collection[];
}

describe('moving collections', () => {
  it('moves under another collection and back to the top level', async () => {
    const s = await t.signUp('move');
    const a = await make(s, 'A');
    const b = await make(s, 'B');
    const moved = await post(s, `/api/collections/${b.id}/move/${a.id}`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(dataOf(collectionSchema).parse(moved.body).data).toMatchObject({ id: b.id, parentId: a.id, name: 'B' });
    expect(await parentOf(s, b.id)).toBe(a.id);
    const root = await post(s, `/api/collections/${b.id}/move-to-root`);
    expect(root.status).toBe(200);
    expect(root.body.data.parentId).toBeNull();
    expect(await parentOf(s, b.id)).toBeNull();
  });

  it('refuses a move under itself or one of its sub-collections, saying why (400 naming dest)', async () => {
    const s = await t.signUp('movecycle');
    const top = await make(s, 'Top');
    const mid = await make(s, 'Mid', top.id);
    const leaf = await make(s, 'Leaf', mid.id);
    const itself = expectFieldError(await post(s, `/api/collections/${top.id}/move/${top.id}`), 'dest');
    expect(itself[0]?.message).toBe('A collection cannot be moved inside itself');
    for (const dest of [mid.id, leaf.id]) {
      const res = await post(s, `/api/collections/${top.id}/move/${dest}`);
      expectFieldError(res, 'dest', 'A collection cannot be moved inside itself');
      expect(res.body.error.message).toBe(
        'dest: A collection cannot be moved inside itself (the destination is one of its own sub-collections)',
      );
    }
    const put = await t.api(`/api/collections/${top.id}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { parentId: leaf.id } },
    });
    expectFieldError(put, 'data.parentId', 'A collection cannot be moved inside itself');
    expect(await parentOf(s, top.id)).toBeNull();
    // the other way round is fine
    expect((await post(s, `/api/collections/${leaf.id}/move-to-root`)).status).toBe(200);
    expect((await post(s, `/api/collections/${top.id}/move/${leaf.id}`)).status).toBe(200);
    expect(await parentOf(s, top.id)).toBe(leaf.id);
  });

  it('keeps Unfiltered at the top level and AI Chats out of the tree', async () => {
    const s = await t.signUp('moveunf');
    const a = await make(s, 'A');
    const unfiltered = s.user.unfiltered_collection_id as number;
    const aiChats = s.user.ai_chats_collection_id as number;
    expectFieldError(await post(s, `/api/collections/${unfiltered}/move/${a.id}`), 'dest');
    expectFieldError(await post(s, `/api/collections/${a.id}/move/${aiChats}`), 'dest');
    expect(await parentOf(s, unfiltered)).toBeNull();
    expect(await parentOf(s, a.id)).toBeNull();
  });

  it("another user's collections are 404, as source or destination; bad ids are 404s", async () => {
    const a = await t.signUp('moveowner');
    const b = await t.signUp('movethief');
    const mine = await make(a, 'Mine');
    const theirs = await make(b, 'Theirs');
    expectError(await post(b, `/api/collections/${mine.id}/move/${theirs.id}`), 404);
    expectError(await post(b, `/api/collections/${theirs.id}/move/${mine.id}`), 404);
    expectError(await post(b, `/api/collections/${mine.id}/move-to-root`), 404);
    expectError(await post(a, `/api/collections/${mine.id}/move/abc`), 404);
    expectError(await post(a, `/api/collections/007/move-to-root`), 404);
    expect(await parentOf(a, mine.id)).toBeNull();
    expect(await parentOf(b, theirs.id)).toBeNull();
  });
});

describe('copying a collection', () => {
  it('copies it as a sibling "<name> (copy)" with its sub-collections and their gems, tags and notes', async () => {
    const s = await t.signUp('copy');
    const parent = await make(s, 'Parent');
    const recipes = await make(s, 'Recipes', parent.id);
    const desserts = await make(s, 'Desserts', recipes.id);
    const cake = await save(s, { title: 'Cake', collectionId: desserts.id, tags: ['sweet', 'baking'] });
    await t.api(`/api/gems/${cake.id}`, { method: 'PUT', token: s.jwt, body: { data: { notes: 'less sugar' } } });
    const soup = await save(s, { title: 'Soup', collectionId: recipes.id });
    const binned = await save(s, { title: 'Binned', collectionId: recipes.id });
    await t.api(`/api/gems/${binned.id}`, { method: 'DELETE', token: s.jwt });

    const res = await post(s, `/api/copy-collection/${recipes.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = dataOf(collectionSchema).parse(res.body).data;
    expect(copy).toMatchObject({ name: 'Recipes (copy)', parentId: parent.id, gems_count: 1 });
    const all = await list(s);
    const subCopy = all.find((c) => c.parentId === copy.id);
    expect(subCopy).toMatchObject({ name: 'Desserts', gems_count: 1 });
    const top = await t.api(`/api/collections/${copy.id}/bookmarks`, { token: s.jwt });
    expect(top.body.data.bookmarks.map((g: { title: string }) => g.title)).toEqual(['Soup']);
    expect(top.body.data.bookmarks[0].id).not.toBe(soup.id);
    const deep = await t.api(`/api/collections/${subCopy?.id}/bookmarks`, { token: s.jwt });
    const [cakeCopy] = deep.body.data.bookmarks;
    expect(cakeCopy).toMatchObject({ title: 'Cake', notes: 'less sugar' });
    expect(cakeCopy.id).not.toBe(cake.id);
    expect(cakeCopy.tags.map((tag: { tag: string }) => tag.tag)).toEqual(['baking', 'sweet']);
    // the original is untouched
    const original = await t.api(`/api/collections/${desserts.id}/bookmarks`, { token: s.jwt });
    expect(original.body.data.bookmarks.map((g: { id: number }) => g.id)).toEqual([cake.id]);
    const c = await counts(s);
    expect(c.byId.get(copy.id)).toMatchObject({ count: 1, countWithDescendants: 2 });
    expect(c.byId.get(parent.id)).toMatchObject({ count: 0, countWithDescendants: 4 });
  });

  it("refuses Unfiltered, AI Chats and another user's collection", async () => {
    const a = await t.signUp('copyowner');
    const b = await t.signUp('copythief');
    const mine = await make(a, 'Mine');
    expectError(await post(a, `/api/copy-collection/${a.user.unfiltered_collection_id}`), 400);
    expectError(await post(a, `/api/copy-collection/${a.user.ai_chats_collection_id}`), 400);
    expectError(await post(b, `/api/copy-collection/${mine.id}`), 404);
    expect((await list(b)).map((c) => c.name)).toEqual(['Unfiltered']);
    expect((await list(a)).map((c) => c.name)).toEqual(['Mine', 'Unfiltered']);
  });
});

describe('deleting collections', () => {
  it('?gems=trash trashes the gems of it and its sub-collections; a restore finds them in Unfiltered', async () => {
    const s = await t.signUp('deltrash');
    const top = await make(s, 'Top');
    const sub = await make(s, 'Sub', top.id);
    const one = await save(s, { collectionId: top.id, tags: ['kept'] });
    const two = await save(s, { collectionId: sub.id });
    const res = await t.api(`/api/collections/${top.id}?gems=trash`, { method: 'DELETE', token: s.jwt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { id: top.id, movedToCollectionId: null, trashedGems: 2 } });
    expect((await list(s)).map((c) => c.name)).toEqual(['Unfiltered']);
    const c = await counts(s);
    expect(c).toMatchObject({ all: 0, trash: 2 });
    const back = await t.api('/api/trash/restore', { token: s.jwt, body: { ids: [one.id, two.id] } });
    expect(back.body.data.map((g: { collectionId: number }) => g.collectionId)).toEqual([
      s.user.unfiltered_collection_id,
      s.user.unfiltered_collection_id,
    ]);
    expect(back.body.data[0].tags.map((tag: { tag: string }) => tag.tag)).toEqual(['kept']);
    expect((await counts(s)).all).toBe(2);
  });

  it('?gems=move&to= moves the gems to that collection; a missing, deleted or foreign `to` is refused', async () => {
    const s = await t.signUp('delmove');
    const other = await t.signUp('delmoveother');
    const top = await make(s, 'Top');
    const sub = await make(s, 'Sub', top.id);
    const keep = await make(s, 'Keep');
    const theirs = await make(other, 'Theirs');
    const gem = await save(s, { collectionId: sub.id });
    const del = (query: string) => t.api(`/api/collections/${top.id}${query}`, { method: 'DELETE', token: s.jwt });
    expectFieldError(await del('?gems=move'), 'to');
    expectFieldError(await del(`?gems=move&to=${sub.id}`), 'to');
    expectFieldError(await del(`?gems=move&to=${s.user.ai_chats_collection_id}`), 'to');
    expectError(await del(`?gems=move&to=${theirs.id}`), 404);
    expectFieldError(await del('?gems=burn'), 'gems');
    expectFieldError(await del('?gems=move&to=x'), 'to');
    expect((await list(s)).length).toBe(4);
    const res = await del(`?gems=move&to=${keep.id}`);
    expect(res.body).toEqual({ data: { id: top.id, movedToCollectionId: keep.id, trashedGems: 0 } });
    const moved = await t.api(`/api/gems/${gem.id}`, { token: s.jwt });
    expect(moved.body.data.collectionId).toBe(keep.id);
    expect((await counts(s)).byId.get(keep.id)).toMatchObject({ count: 1, countWithDescendants: 1 });
  });

  it('DELETE /api/bulk-collection-delete deletes all or none', async () => {
    const s = await t.signUp('bulkdel');
    const other = await t.signUp('bulkdelother');
    const a = await make(s, 'A');
    const b = await make(s, 'B');
    const bChild = await make(s, 'B child', b.id);
    const c = await make(s, 'C');
    const theirs = await make(other, 'Theirs');
    await save(s, { collectionId: bChild.id });
    const bulk = (ids: unknown, query = '') =>
      t.api(`/api/bulk-collection-delete${query}`, { method: 'DELETE', token: s.jwt, body: { collectionIds: ids } });
    const foreign = expectError(await bulk([a.id, theirs.id]), 404);
    expect((foreign.details as { errors: { path: string }[] }).errors[0]?.path).toBe('collectionIds.1');
    expectError(await bulk([a.id, s.user.unfiltered_collection_id]), 400);
    expectFieldError(await bulk([]), 'collectionIds');
    expectFieldError(await bulk(['x']), 'collectionIds.0');
    expect((await list(s)).length).toBe(5);
    const res = await bulk([a.id, b.id, bChild.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: { ids: [a.id, b.id, bChild.id], movedToCollectionId: s.user.unfiltered_collection_id, trashedGems: 0 },
    });
    expect((await list(s)).map((x) => x.id).sort()).toEqual([c.id, s.user.unfiltered_collection_id].sort());
    expect((await counts(s)).byId.get(s.user.unfiltered_collection_id as number)?.count).toBe(1);
    expect((await list(other)).map((x) => x.id)).toContain(theirs.id);
  });
});

describe('counts and sub-collections', () => {
  it('counts each collection alone and with its descendants, leaving out chats, trashed gems and AI Chats', async () => {
    const s = await t.signUp('counts');
    const top = await make(s, 'Top');
    const mid = await make(s, 'Mid', top.id);
    const leaf = await make(s, 'Leaf', mid.id);
    const side = await make(s, 'Side', top.id);
    await save(s, { collectionId: top.id });
    await save(s, { collectionId: mid.id });
    await save(s, { collectionId: leaf.id });
    await save(s, { collectionId: leaf.id });
    const fav = await save(s, { collectionId: side.id });
    const trashed = await save(s, { collectionId: leaf.id });
    await t.api(`/api/gems/${trashed.id}`, { method: 'DELETE', token: s.jwt });
    await t.api(`/api/count-gem/${fav.id}?type=like`, { method: 'PUT', token: s.jwt });
    await t.api('/api/chats', { token: s.jwt, body: { title: 'A chat' } });
    const c = await counts(s);
    expect(c.byId.get(top.id)).toEqual({ id: top.id, parentId: null, count: 1, countWithDescendants: 5 });
    expect(c.byId.get(mid.id)).toEqual({ id: mid.id, parentId: top.id, count: 1, countWithDescendants: 3 });
    expect(c.byId.get(leaf.id)).toEqual({ id: leaf.id, parentId: mid.id, count: 2, countWithDescendants: 2 });
    expect(c.byId.get(side.id)).toMatchObject({ count: 1, countWithDescendants: 1 });
    expect(c.byId.has(s.user.ai_chats_collection_id as number)).toBe(false);
    expect(c.byId.get(s.user.unfiltered_collection_id as number)).toMatchObject({ count: 0 });
    expect({ all: c.all, favourites: c.favourites, trash: c.trash }).toEqual({ all: 5, favourites: 1, trash: 1 });
  });

  it('pages the sub-collections right under one, by name; 404 for another user', async () => {
    const s = await t.signUp('subs');
    const other = await t.signUp('subsother');
    const top = await make(s, 'Top');
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo']) await make(s, name, top.id);
    const deeper = (await list(s)).find((c) => c.name === 'Alpha') as Collection;
    await make(s, 'Not direct', deeper.id);
    const page = async (query: string) => {
      const res = await t.api(`/api/sub-collection/${top.id}${query}`, { token: s.jwt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return pagedListOf(collectionSchema).parse(res.body);
    };
    const first = await page('?page=1&perPage=3');
    expect(first).toMatchObject({ total: 4, page: 1, perPage: 3 });
    expect(first.data.map((c) => c.name)).toEqual(['Alpha', 'Bravo', 'charlie']);
    expect((await page('?page=2&perPage=3')).data.map((c) => c.name)).toEqual(['delta']);
    expect((await page('')).perPage).toBe(20);
    expectFieldError(await t.api(`/api/sub-collection/${top.id}?perPage=101`, { token: s.jwt }), 'perPage');
    expectError(await t.api(`/api/sub-collection/${top.id}`, { token: other.jwt }), 404);
  });
});
