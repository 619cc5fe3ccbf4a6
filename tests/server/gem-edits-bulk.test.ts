/**
 * Favourites, notes, bulk edits (all or none, every id checked) and the manual order of a collection (fractional keys:
 * placing a gem writes its key alone).
 */
import { describe, expect, it } from 'vitest';
import {
  collectionSchema,
  dataOf,
  favouriteResultSchema,
  gemSchema,
  gemSummarySchema,
  listOf,
} from '../../lib/api/contract';
import { expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';

const t = setupTestServer();

async function save(s: Session, data: Record<string, unknown> = {}) {
  const res = await t.api('/api/gems', { token: s.jwt, body: gemBody(data) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(gemSummarySchema).parse(res.body).data;
}
async function collection(s: Session, name: string) {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name } } });
  return dataOf(collectionSchema).parse(res.body).data;
}
const getGem = async (s: Session, id: number) =>
  dataOf(gemSchema).parse((await t.api(`/api/gems/${id}`, { token: s.jwt })).body).data;
const like = (s: Session, id: number, query = '?type=like') =>
  t.api(`/api/count-gem/${id}${query}`, { method: 'PUT', token: s.jwt });
const edit = (s: Session, bookmarks: unknown) =>
  t.api('/api/edit-bookmarks', { method: 'PUT', token: s.jwt, body: { bookmarks } });

describe('favourites and notes', () => {
  it('PUT /api/count-gem/{id}?type=like toggles the favourite and answers the new state', async () => {
    const s = await t.signUp('like');
    const other = await t.signUp('likeother');
    const gem = await save(s);
    expect(gem.isFavourite).toBe(false);
    const on = await like(s, gem.id);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(favouriteResultSchema.parse(on.body).data).toEqual({ id: gem.id, isFavourite: true });
    expect((await getGem(s, gem.id)).isFavourite).toBe(true);
    expect((await like(s, gem.id)).body.data.isFavourite).toBe(false);
    expectFieldError(await like(s, gem.id, '?type=love'), 'type');
    expectFieldError(await like(s, gem.id, ''), 'type');
    expectError(await like(other, gem.id), 404);
    expect((await getGem(s, gem.id)).isFavourite).toBe(false);
  });

  it('PUT /api/gems/{id} reads and writes notes and isFavourite', async () => {
    const s = await t.signUp('notes');
    const gem = await save(s);
    const res = await t.api(`/api/gems/${gem.id}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { notes: 'Read again in May', isFavourite: true } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getGem(s, gem.id)).toMatchObject({ notes: 'Read again in May', isFavourite: true });
    const bad = (data: unknown) => t.api(`/api/gems/${gem.id}`, { method: 'PUT', token: s.jwt, body: { data } });
    expectFieldError(await bad({ notes: 'x'.repeat(100_001) }), 'data.notes');
    expectFieldError(await bad({ isFavourite: 'yes' }), 'data.isFavourite');
  });
});

describe('PUT /api/edit-bookmarks', () => {
  it('edits several gems in one request and answers them in the order sent', async () => {
    const s = await t.signUp('bulkedit');
    const reading = await collection(s, 'Reading');
    const [a, b, c] = [await save(s), await save(s), await save(s)];
    const res = await edit(s, [
      { id: c?.id, title: 'Third', tags: ['later', 'fresh'], isFavourite: true },
      { id: a?.id, collectionId: reading.id, notes: 'moved' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = listOf(gemSummarySchema).parse(res.body).data;
    expect(data.map((g) => g.id)).toEqual([c?.id, a?.id]);
    expect(data[0]).toMatchObject({ title: 'Third', isFavourite: true });
    expect(data[0]?.tags.map((x) => x.tag)).toEqual(['fresh', 'later']);
    expect(data[1]).toMatchObject({ collectionId: reading.id, notes: 'moved' });
    expect((await getGem(s, b?.id ?? 0)).title).toBe('A page');
    const counts = await t.api(`/api/collections/${reading.id}`, { token: s.jwt });
    expect(counts.body.data.gems_count).toBe(1);
  });

  it('is all or none: a foreign or trashed id, a foreign collection or an unknown tag id changes nothing', async () => {
    const s = await t.signUp('bulkatomic');
    const other = await t.signUp('bulkatomicother');
    const mine = await save(s);
    const theirs = await save(other);
    const trashed = await save(s);
    await t.api(`/api/gems/${trashed.id}`, { method: 'DELETE', token: s.jwt });
    const theirCollection = await collection(other, 'Theirs');
    const at = (res: Awaited<ReturnType<typeof edit>>, status: number) =>
      (expectError(res, status).details as { errors: { path: string }[] }).errors[0]?.path;
    expect(
      at(
        await edit(s, [
          { id: mine.id, title: 'changed' },
          { id: theirs.id, title: 'stolen' },
        ]),
        404,
      ),
    ).toBe('bookmarks.1.id');
    expect(
      at(
        await edit(s, [
          { id: mine.id, title: 'changed' },
          { id: trashed.id, title: 'x' },
        ]),
        404,
      ),
    ).toBe('bookmarks.1.id');
    expect(at(await edit(s, [{ id: mine.id, title: 'changed', collectionId: theirCollection.id }]), 404)).toBe(
      'bookmarks.0.collectionId',
    );
    expect(at(await edit(s, [{ id: mine.id, collectionId: s.user.ai_chats_collection_id }]), 400)).toBe(
      'bookmarks.0.collectionId',
    );
    expect(at(await edit(s, [{ id: mine.id, title: 'changed', tags: [999_999] }]), 400)).toBe('bookmarks.0.tags');
    expect(at(await edit(s, [{ id: mine.id }, { id: mine.id }]), 400)).toBe('bookmarks.1.id');
    expect((await getGem(s, mine.id)).title).toBe('A page');
    expect((await getGem(other, theirs.id)).title).toBe('A page');
  });

  it('validates the body, naming bookmarks.<i>.<field>', async () => {
    const s = await t.signUp('bulkbad');
    const gem = await save(s);
    expectFieldError(await edit(s, []), 'bookmarks');
    expectFieldError(await edit(s, [{ title: 'no id' }]), 'bookmarks.0.id');
    expectFieldError(await edit(s, [{ id: gem.id }, { id: gem.id, url: 'not a url' }]), 'bookmarks.1.url');
    expectFieldError(await edit(s, [{ id: gem.id, title: '' }]), 'bookmarks.0.title');
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ id: i + 1 }));
    expectFieldError(await edit(s, tooMany), 'bookmarks');
    expectFieldError(await t.api('/api/edit-bookmarks', { method: 'PUT', token: s.jwt, body: {} }), 'bookmarks');
  });

  it('edits 150 gems at once', async () => {
    const s = await t.signUp('bulk500');
    const made = await t.api('/api/gems', { token: s.jwt, body: gemBody({ title: 'seed' }) });
    const ids = [made.body.data.id as number];
    for (let i = 1; i < 150; i++) ids.push((await save(s, { title: `g${i}` })).id);
    const res = await edit(
      s,
      ids.map((id) => ({ id, notes: `n${id}`, tags: ['bulk'] })),
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.total).toBe(150);
    const counts = await t.api('/api/tag-wise-gem-counts', { token: s.jwt });
    expect(counts.body.data.map((c: { count: number }) => c.count)).toEqual([150]);
  });
});

describe('PUT /api/gems/{id}/position', () => {
  async function order(s: Session, collectionId: number) {
    const res = await t.api(`/api/collections/${collectionId}/bookmarks?sortBy=manual&perPage=100`, { token: s.jwt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.bookmarks as { title: string }[]).map((g) => g.title);
  }
  const place = (s: Session, id: number, body: unknown) =>
    t.api(`/api/gems/${id}/position`, { method: 'PUT', token: s.jwt, body });

  it('places a gem after, before or between others; new gems come first', async () => {
    const s = await t.signUp('order');
    const box = await collection(s, 'Box');
    const [a, b, c, d] = [
      await save(s, { title: 'a', collectionId: box.id }),
      await save(s, { title: 'b', collectionId: box.id }),
      await save(s, { title: 'c', collectionId: box.id }),
      await save(s, { title: 'd', collectionId: box.id }),
    ];
    if (!a || !b || !c || !d) throw new Error('no gems');
    expect(await order(s, box.id)).toEqual(['d', 'c', 'b', 'a']);
    const first = await place(s, a.id, { before: d.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ id: a.id, collectionId: box.id, sortKey: expect.any(String) });
    expect(await order(s, box.id)).toEqual(['a', 'd', 'c', 'b']);
    expect((await place(s, d.id, { after: b.id })).status).toBe(200);
    expect(await order(s, box.id)).toEqual(['a', 'c', 'b', 'd']);
    expect((await place(s, b.id, { after: a.id, before: c.id })).status).toBe(200);
    expect(await order(s, box.id)).toEqual(['a', 'b', 'c', 'd']);
    // many moves between the same two gems keep finding room
    for (let i = 0; i < 20; i++) expect((await place(s, i % 2 ? b.id : c.id, { after: a.id })).status).toBe(200);
    expect(await order(s, box.id)).toEqual(['a', 'b', 'c', 'd']);
    await save(s, { title: 'new', collectionId: box.id });
    expect(await order(s, box.id)).toEqual(['new', 'a', 'b', 'c', 'd']);
    expect((await place(s, a.id, { after: d.id })).status).toBe(200);
    expect(await order(s, box.id)).toEqual(['new', 'b', 'c', 'd', 'a']);
  });

  it('refuses neighbours elsewhere, out of order, itself or missing; 404 for another user', async () => {
    const s = await t.signUp('orderbad');
    const other = await t.signUp('orderbadother');
    const box = await collection(s, 'Box');
    const a = await save(s, { title: 'a', collectionId: box.id });
    const b = await save(s, { title: 'b', collectionId: box.id });
    const elsewhere = await save(s, { title: 'e' });
    const theirs = await save(other);
    expectFieldError(await place(s, a.id, { after: elsewhere.id }), 'after');
    expectFieldError(await place(s, a.id, { before: a.id }), 'before');
    expectFieldError(await place(s, a.id, {}), 'before');
    expectFieldError(await place(s, a.id, { after: 'x' }), 'after');
    expectError(await place(s, a.id, { after: theirs.id }), 404);
    expectError(await place(other, a.id, { after: b.id }), 404);
    expect((await place(s, a.id, { after: b.id })).status).toBe(200);
    // now b, a: "after a, before b" names them the wrong way round
    const c = await save(s, { title: 'c', collectionId: box.id });
    expectFieldError(await place(s, c.id, { after: a.id, before: b.id }), 'before');
    expect(await order(s, box.id)).toEqual(['c', 'b', 'a']);
  });
});
