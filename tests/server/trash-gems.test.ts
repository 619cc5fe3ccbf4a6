/**
 * The trash: deleting a save (DELETE /api/gems/{id}, POST /api/delete-bookmarks) moves it to the trash, out of every
 * list, count, duplicate check and chat context; restoring puts it back with its collection (or Unfiltered), tags and
 * notes; emptying the trash, or the sweep 30 days later (on a clock the test moves), deletes it for good with its file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  collectionSchema,
  dataOf,
  gemListSchema,
  gemSchema,
  gemSummarySchema,
  listOf,
  pagedListOf,
  TRASH_DAYS,
  trashedGemSchema,
} from '../../lib/api/contract';
import { searchResultSchema } from '../../lib/api/search-contract';
import { PNG } from './api-routes';
import {
  expectError,
  expectFieldError,
  gemBody,
  type Session,
  setupTestServer,
  startTestServer,
  type TestServer,
} from './harness';

const t = setupTestServer();

async function collection(s: Session, name: string, parentId?: number) {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(collectionSchema).parse(res.body).data;
}
async function save(s: Session, data: Record<string, unknown> = {}) {
  const res = await t.api('/api/gems', { token: s.jwt, body: gemBody(data) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(gemSummarySchema).parse(res.body).data;
}
const trashGem = (s: Session, id: number) => t.api(`/api/gems/${id}`, { method: 'DELETE', token: s.jwt });
const trashGems = (s: Session, ids: unknown) => t.api('/api/delete-bookmarks', { token: s.jwt, body: { ids } });
const restore = (s: Session, ids: unknown) => t.api('/api/trash/restore', { token: s.jwt, body: { ids } });
async function trashList(s: Session, query = '') {
  const res = await t.api(`/api/trash${query}`, { token: s.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pagedListOf(trashedGemSchema).parse(res.body);
}
async function library(s: Session) {
  return gemListSchema.parse((await t.api('/api/get-all-bookmark?perPage=100', { token: s.jwt })).body);
}
async function countOf(s: Session, collectionId: number) {
  return dataOf(collectionSchema).parse((await t.api(`/api/collections/${collectionId}`, { token: s.jwt })).body).data
    .gems_count;
}
/** A 404 whose details name `path`. */
function expectNotFoundAt(res: Awaited<ReturnType<typeof t.api>>, path: string) {
  const error = expectError(res, 404, 'NotFoundError');
  expect((error.details as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([path]);
}

describe('deleting a gem moves it to the trash', () => {
  it('leaves every list, count, the duplicate check and the chat context; restore brings collection, tags and notes back', async () => {
    const s = await t.signUp('trash');
    const reading = await collection(s, 'Reading');
    const url = 'https://example.com/trash/kept';
    const gem = await save(s, { url, title: 'Kept', collectionId: reading.id, tags: ['alpha', 'beta'] });
    const edited = await t.api(`/api/gems/${gem.id}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { notes: 'my own note', isFavourite: true } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const other = await save(s, { url: 'https://example.com/trash/other', collectionId: reading.id });
    expect(await countOf(s, reading.id)).toBe(2);

    const res = await trashGem(s, gem.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { id: gem.id } });

    expectError(await t.api(`/api/gems/${gem.id}`, { token: s.jwt }), 404);
    expectError(
      await t.api(`/api/gems/${gem.id}`, { method: 'PUT', token: s.jwt, body: { data: { title: 'x' } } }),
      404,
    );
    expect((await library(s)).data.map((g) => g.id)).toEqual([other.id]);
    expect((await library(s)).total).toBe(1);
    const bookmarks = await t.api(`/api/collections/${reading.id}/bookmarks`, { token: s.jwt });
    expect(bookmarks.body.data.bookmarks.map((g: { id: number }) => g.id)).toEqual([other.id]);
    expect(bookmarks.body.data.gems_count).toBe(1);
    expect(await countOf(s, reading.id)).toBe(1);
    const filtered = await t.api(`/api/collections/${reading.id}/bookmarks?media_type=Link`, { token: s.jwt });
    expect(filtered.body.data.bookmarks).toHaveLength(1);
    const atUrl = await t.api(`/api/gems-at-url?url=${encodeURIComponent(url)}`, { token: s.jwt });
    expect(atUrl.body).toEqual({ data: [], total: 0 });
    // chat context: a trashed gem chosen by id is not found; a collection's and the page's gems leave it out
    const size = (body: unknown) => t.api('/api/chats/context-size', { token: s.jwt, body });
    expectError(await size({ gemIds: [gem.id] }), 404);
    expect((await size({ collectionIds: [reading.id] })).body.data.items).toBe(1);
    expect((await size({ includePageGems: true, pageExtract: { url } })).body.data.items).toBe(0);
    const search = async () => {
      const res = await t.api('/api/filter-search?q=Kept', { token: s.jwt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return searchResultSchema.parse(res.body).data.map((hit) => hit.id);
    };
    expect(await search()).toEqual([]);
    const counts = await t.api('/api/collection-wise-counts', { token: s.jwt });
    expect(counts.body.data.trash).toBe(1);
    expect(counts.body.data.favourites).toBe(0);

    const trash = await trashList(s);
    expect(trash.total).toBe(1);
    expect(trash.data[0]).toMatchObject({
      id: gem.id,
      collectionId: reading.id,
      notes: 'my own note',
      isFavourite: true,
    });
    expect(Number.isNaN(Date.parse(trash.data[0]?.deletedAt ?? ''))).toBe(false);

    const back = await restore(s, [gem.id]);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const [restored] = listOf(gemSummarySchema).parse(back.body).data;
    expect(restored).toMatchObject({ id: gem.id, collectionId: reading.id, notes: 'my own note', isFavourite: true });
    expect(restored?.tags.map((tag) => tag.tag)).toEqual(['alpha', 'beta']);
    expect(await countOf(s, reading.id)).toBe(2);
    expect((await library(s)).total).toBe(2);
    expect((await t.api(`/api/gems-at-url?url=${encodeURIComponent(url)}`, { token: s.jwt })).body.total).toBe(1);
    expect((await trashList(s)).total).toBe(0);
    expect(await search()).toEqual([gem.id]);
  });

  it('lists the trash newest deleted first, in pages', async () => {
    const s = await t.signUp('trashpages');
    const gems = [await save(s, { title: 'one' }), await save(s, { title: 'two' }), await save(s, { title: 'three' })];
    for (const gem of [gems[1], gems[0], gems[2]]) expect((await trashGem(s, gem?.id ?? 0)).status).toBe(200);
    const first = await trashList(s, '?page=1&perPage=2');
    expect(first).toMatchObject({ total: 3, page: 1, perPage: 2 });
    expect(first.data.map((g) => g.title)).toEqual(['three', 'one']);
    expect((await trashList(s, '?page=2&perPage=2')).data.map((g) => g.title)).toEqual(['two']);
    expectFieldError(await t.api('/api/trash?perPage=0', { token: s.jwt }), 'perPage');
  });

  it('restores a gem whose collection was deleted meanwhile into Unfiltered', async () => {
    const s = await t.signUp('trashgone');
    const doomed = await collection(s, 'Doomed');
    const gem = await save(s, { collectionId: doomed.id, tags: ['kept'] });
    expect((await trashGem(s, gem.id)).status).toBe(200);
    expect((await t.api(`/api/collections/${doomed.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
    const unfiltered = s.user.unfiltered_collection_id as number;
    expect(await countOf(s, unfiltered)).toBe(0);
    const [back] = listOf(gemSummarySchema).parse((await restore(s, [gem.id])).body).data;
    expect(back?.collectionId).toBe(unfiltered);
    expect(back?.tags.map((tag) => tag.tag)).toEqual(['kept']);
    expect(await countOf(s, unfiltered)).toBe(1);
  });

  it('POST /api/delete-bookmarks trashes all or none, and checks every id', async () => {
    const a = await t.signUp('bulktrash');
    const b = await t.signUp('bulktrashb');
    const mine = [await save(a), await save(a), await save(a)];
    const theirs = await save(b);
    expectNotFoundAt(await trashGems(a, [mine[0]?.id, theirs.id]), 'ids.1');
    expect((await library(a)).total).toBe(3);
    expect((await library(b)).total).toBe(1);
    const res = await trashGems(a, [mine[0]?.id, mine[1]?.id, mine[0]?.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { ids: [mine[0]?.id, mine[1]?.id] } });
    expect((await library(a)).data.map((g) => g.id)).toEqual([mine[2]?.id]);
    // trashed already: not found again
    expectNotFoundAt(await trashGems(a, [mine[2]?.id, mine[0]?.id]), 'ids.1');
    expectFieldError(await trashGems(a, []), 'ids');
    expectFieldError(await trashGems(a, ['1']), 'ids.0');
    expectFieldError(
      await trashGems(
        a,
        Array.from({ length: 501 }, (_, i) => i + 1),
      ),
      'ids',
    );
    expectFieldError(await t.api('/api/delete-bookmarks', { token: a.jwt, body: {} }), 'ids');
  });

  it("another user's gems are 404 to trash, restore and delete for good", async () => {
    const a = await t.signUp('trashowner');
    const b = await t.signUp('trashthief');
    const gem = await save(a);
    expectError(await trashGem(b, gem.id), 404);
    expect((await trashGem(a, gem.id)).status).toBe(200);
    expectNotFoundAt(await restore(b, [gem.id]), 'ids.0');
    expectError(await t.api(`/api/trash/${gem.id}`, { method: 'DELETE', token: b.jwt }), 404);
    expect((await t.api('/api/trash', { method: 'DELETE', token: b.jwt })).body).toEqual({ data: { deleted: 0 } });
    expect((await trashList(b)).total).toBe(0);
    expect((await trashList(a)).total).toBe(1);
    // a gem not in the trash cannot be restored
    const live = await save(a);
    expectNotFoundAt(await restore(a, [live.id]), 'ids.0');
    expectFieldError(await restore(a, [0]), 'ids.0');
  });

  it('emptying the trash deletes its gems for good, an image gem with its stored file', async () => {
    const s = await t.signUp('trashempty');
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'dot.png');
    form.append('data', JSON.stringify({ title: 'A dot', url: 'https://example.com/dot' }));
    const uploaded = await fetch(`${t.url}/api/upload-all-file`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.jwt}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const image = dataOf(gemSchema).parse(await uploaded.json()).data;
    const link = image.image as string;
    const plain = await save(s);
    const single = await save(s);
    await trashGems(s, [image.id, plain.id, single.id]);
    // in the trash the file stays, for a restore
    expect((await fetch(link)).status).toBe(200);
    const one = await t.api(`/api/trash/${single.id}`, { method: 'DELETE', token: s.jwt });
    expect(one.body).toEqual({ data: { id: single.id } });
    const res = await t.api('/api/trash', { method: 'DELETE', token: s.jwt });
    expect(res.body).toEqual({ data: { deleted: 2 } });
    expect((await trashList(s)).total).toBe(0);
    expect((await fetch(link)).status).toBe(404);
    expectNotFoundAt(await restore(s, [plain.id]), 'ids.0');
  });

  it('a chat deleted through DELETE /api/gems/{id} is deleted for good, never trashed', async () => {
    const s = await t.signUp('trashchat');
    const chat = await t.api('/api/chats', { token: s.jwt, body: { title: 'Talk' } });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    const id = chat.body.data.id as number;
    expect((await trashGem(s, id)).status).toBe(200);
    expect((await trashList(s)).total).toBe(0);
    expectError(await t.api(`/api/gems/${id}`, { token: s.jwt }), 404);
  });
});

describe('the trash sweep', () => {
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it(`deletes gems trashed over ${TRASH_DAYS} days ago (by the server's clock) at start-up, and keeps younger ones`, async () => {
    let now = Date.parse('2031-03-01T12:00:00Z');
    const clock = () => new Date(now);
    const DAY = 24 * 60 * 60 * 1000;
    first = await startTestServer({ clock }, { isolated: true });
    const s = await first.signUp('sweep');
    const old = (await first.api('/api/gems', { token: s.jwt, body: gemBody({ title: 'old' }) })).body.data.id;
    const young = (await first.api('/api/gems', { token: s.jwt, body: gemBody({ title: 'young' }) })).body.data.id;
    const kept = (await first.api('/api/gems', { token: s.jwt, body: gemBody({ title: 'kept' }) })).body.data.id;
    expect((await first.api(`/api/gems/${old}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
    now += 2 * DAY;
    expect((await first.api(`/api/gems/${young}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
    const trashed = pagedListOf(trashedGemSchema).parse((await first.api('/api/trash', { token: s.jwt })).body);
    expect(trashed.data.map((g) => [g.title, g.deletedAt])).toEqual([
      ['young', '2031-03-03T12:00:00.000Z'],
      ['old', '2031-03-01T12:00:00.000Z'],
    ]);

    // 31 days after the first trashing, 29 after the second: a restart sweeps at once
    now = Date.parse('2031-03-01T12:00:00Z') + (TRASH_DAYS + 1) * DAY;
    await first.server.stop();
    const server = await startTestServer({
      clock,
      dataDir: first.config.dataDir,
      databaseUrl: first.config.databaseUrl,
    });
    second = server;
    const after = pagedListOf(trashedGemSchema).parse((await server.api('/api/trash', { token: s.jwt })).body);
    expect(after.data.map((g) => g.title)).toEqual(['young']);
    const all = gemListSchema.parse((await server.api('/api/get-all-bookmark', { token: s.jwt })).body);
    expect(all.data.map((g) => g.id)).toEqual([kept]);
    expect((await server.api('/api/trash/restore', { token: s.jwt, body: { ids: [young] } })).status).toBe(200);
  });
});
