/**
 * Duplicates (issue 30): the library's groups of saves at one page (by canonical address), the merge of a group into
 * one gem (tags, notes, favourite, the oldest date, empty fields, chat references), ownership, and the start-up step
 * that gives stored gems the canonical address of the current rule.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalizeUrl } from '../../lib/api/canonical-url';
import { dataOf, type GemSummary, gemSummarySchema, listOf } from '../../lib/api/contract';
import { duplicateGroupsSchema, mergeResultSchema } from '../../lib/api/duplicates-contract';
import type { Database } from '../../server/db/client';
import { selectRows } from '../../server/db/rows';
import { RECANONICALIZE_STEP, recanonicalizeGems } from '../../server/features/duplicates/recanonicalize';
import { chatUser, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, openTestDatabase, type Session, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

async function save(token: string, data: Record<string, unknown>): Promise<GemSummary> {
  const res = await t.api('/api/gems', { token, body: { data: { title: 'A page', ...data } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(gemSummarySchema).parse(res.body).data;
}
async function edit(token: string, id: number, data: Record<string, unknown>) {
  const res = await t.api(`/api/gems/${id}`, { method: 'PUT', token, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function groups(token: string, query = '') {
  const res = await t.api(`/api/duplicates${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return duplicateGroupsSchema.parse(res.body);
}
const merge = (token: string, body: unknown) => t.api('/api/duplicates/merge', { token, body });
const ids = (gems: { id: number }[]) => gems.map((g) => g.id);
/** A 404 whose details name `path`. */
function expectNotFoundAt(res: Awaited<ReturnType<typeof t.api>>, path: string) {
  const error = expectError(res, 404, 'NotFoundError');
  expect((error.details as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([path]);
}
const tagNames = (gem: GemSummary) => gem.tags.map((tag) => tag.tag).sort();

describe('GET /api/duplicates', () => {
  let ada: Session;
  let bob: Session;
  const made: Record<string, GemSummary> = {};

  beforeAll(async () => {
    ada = await t.signUp('dupes');
    bob = await t.signUp('dupesbob');
    made.pie1 = await save(ada.jwt, { url: 'http://www.example.com/pie/', tags: ['baking'] });
    made.pie2 = await save(ada.jwt, { url: 'https://example.com/pie?utm_source=mail#top' });
    made.pie3 = await save(ada.jwt, { url: 'https://EXAMPLE.com:443/pie' });
    made.alone = await save(ada.jwt, { url: 'https://example.com/alone' });
    made.tart1 = await save(ada.jwt, { url: 'https://example.com/tart' });
    made.tart2 = await save(ada.jwt, { url: 'https://example.com/tart/' });
    // a trashed copy is not a duplicate: its only live twin stands alone
    made.cake1 = await save(ada.jwt, { url: 'https://example.com/cake' });
    made.cake2 = await save(ada.jwt, { url: 'https://example.com/cake' });
    expect((await t.api(`/api/gems/${made.cake2.id}`, { method: 'DELETE', token: ada.jwt })).status).toBe(200);
    // another user's save at the same page is not Ada's duplicate
    await save(bob.jwt, { url: 'https://example.com/alone' });
  });

  it('groups the saves of one page, the latest group first, each oldest first with its tags', async () => {
    const page = await groups(ada.jwt);
    expect(page.total).toBe(2);
    expect(page.data.map((g) => g.canonicalUrl)).toEqual(['https://example.com/tart', 'https://example.com/pie']);
    expect(page.data.map((g) => ids(g.gems))).toEqual([
      [made.tart1?.id, made.tart2?.id],
      [made.pie1?.id, made.pie2?.id, made.pie3?.id],
    ]);
    expect(page.data[1]?.gems[0]?.tags.map((tag) => tag.tag)).toEqual(['baking']);
  });

  it('pages the groups', async () => {
    const second = await groups(ada.jwt, '?page=2&perPage=1');
    expect(second).toMatchObject({ total: 2, page: 2, perPage: 1 });
    expect(second.data.map((g) => g.canonicalUrl)).toEqual(['https://example.com/pie']);
    // past the last page: no group, the count still right
    expect(await groups(ada.jwt, '?page=3&perPage=1')).toEqual({ data: [], total: 2, page: 3, perPage: 1 });
  });

  it('is empty for a user without duplicates, and refuses a bad page', async () => {
    expect(await groups(bob.jwt)).toEqual({ data: [], total: 0, page: 1, perPage: 20 });
    expectFieldError(await t.api('/api/duplicates?perPage=0', { token: bob.jwt }), 'perPage');
    expectError(await t.api('/api/duplicates'), 401);
  });
});

describe("the popup's already saved", () => {
  it('finds a page saved under another spelling of its address, and only the user’s own', async () => {
    const ada = await t.signUp('dupseen');
    const eve = await t.signUp('dupseeneve');
    const gem = await save(ada.jwt, { url: 'http://www.example.com/seen/?utm_campaign=x' });
    await save(eve.jwt, { url: 'https://example.com/seen' });
    const atUrl = async (url: string) => {
      const res = await t.api(`/api/gems-at-url?url=${encodeURIComponent(url)}`, { token: ada.jwt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ids(listOf(gemSummarySchema).parse(res.body).data);
    };
    expect(await atUrl('https://example.com/seen#comments')).toEqual([gem.id]);
    expect(await atUrl('https://EXAMPLE.com:443/seen/')).toEqual([gem.id]);
    expect(await atUrl('https://example.com/Seen')).toEqual([]);
  });
});

describe('POST /api/duplicates/merge', () => {
  it('unites tags, notes and the favourite, keeps the oldest date, fills empty fields and repoints chats', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const url = 'https://example.com/merge/recipe';
    const oldest = await save(token, { url, title: 'Oldest', tags: ['food', 'shared'] });
    const kept = await save(token, { url: `${url}/?fbclid=x`, title: 'Kept', tags: ['shared', 'sweet'] });
    const full = await save(token, {
      url: 'http://www.example.com/merge/recipe',
      title: 'Full',
      description: 'A full description',
      image: 'https://example.com/pie.png',
      favicon: 'https://example.com/favicon.ico',
      text: 'The page text',
      byline: 'Ada',
      publishedAt: '2024-05-01T00:00:00.000Z',
      tags: ['dessert'],
    });
    await edit(token, oldest.id, { notes: 'Bake at 180' });
    await edit(token, kept.id, { notes: 'Kept note' });
    await edit(token, full.id, { notes: 'Bake at 180', isFavourite: true });
    const other = await save(token, { url: 'https://example.com/merge/other', title: 'Other' });

    // a message asked with the full gem (and another gem), citing it
    fake.script({ chunks: ['See [1] and [2].'] });
    const sent = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Compare', modelId, citations: true, context: { gemIds: [full.id, other.id] } },
    });
    expect(sent.status).toBe(200);
    const [before] = await storedMessages(t, token, chatId);
    expect(before?.citations?.map((c) => c.id)).toEqual([full.id, other.id]);

    const res = await merge(token, { ids: [full.id, kept.id, oldest.id], keepId: kept.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { gem, trashedIds } = mergeResultSchema.parse(res.body).data;
    expect(trashedIds).toEqual([oldest.id, full.id]);
    expect(gem).toMatchObject({
      id: kept.id,
      title: 'Kept',
      url: kept.url,
      collectionId: kept.collectionId,
      description: 'A full description',
      image: 'https://example.com/pie.png',
      favicon: 'https://example.com/favicon.ico',
      text: 'The page text',
      byline: 'Ada',
      publishedAt: '2024-05-01T00:00:00.000Z',
      isFavourite: true,
      createdAt: oldest.createdAt,
    });
    expect(gem.notes).toBe('Kept note\n\nBake at 180');
    expect(tagNames(gem)).toEqual(['dessert', 'food', 'shared', 'sweet']);

    // the message now names the survivor wherever it named the merged gem; the other gem is untouched
    const [after] = await storedMessages(t, token, chatId);
    expect(after?.context.input?.gemIds).toEqual([kept.id, other.id]);
    expect(after?.context.items?.filter((i) => i.kind === 'gem').map((i) => i.id)).toEqual([kept.id, other.id]);
    expect(after?.citations?.map((c) => c.id)).toEqual([kept.id, other.id]);

    // the others are in the trash as they were: restoring them undoes the merge but for what the survivor gained
    expect((await groups(token)).data).toEqual([]);
    const restored = await t.api('/api/trash/restore', { token, body: { ids: trashedIds } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const back = listOf(gemSummarySchema).parse(restored.body).data;
    expect(back.map((g) => [g.title, g.notes, tagNames(g)])).toEqual([
      ['Oldest', 'Bake at 180', ['food', 'shared']],
      ['Full', 'Bake at 180', ['dessert']],
    ]);
    expect(ids((await groups(token)).data[0]?.gems ?? [])).toEqual([oldest.id, kept.id, full.id]);
  });

  it('keeps the oldest when no keepId is given', async () => {
    const ada = await t.signUp('mergeold');
    const first = await save(ada.jwt, { url: 'https://example.com/merge/first' });
    const second = await save(ada.jwt, { url: 'https://www.example.com/merge/first/', description: 'Filled' });
    const res = await merge(ada.jwt, { ids: [second.id, first.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(mergeResultSchema.parse(res.body).data).toMatchObject({
      gem: { id: first.id, description: 'Filled', createdAt: first.createdAt },
      trashedIds: [second.id],
    });
  });

  it("refuses another user's gem, a trashed one, a chat and gems of different addresses, changing nothing", async () => {
    const { token, chatId } = await chatUser(t, fake);
    const eve = await t.signUp('mergeeve');
    const mine = await save(token, { url: 'https://example.com/merge/own', tags: ['mine'] });
    const twin = await save(token, { url: 'https://example.com/merge/own#x' });
    const theirs = await save(eve.jwt, { url: 'https://example.com/merge/own' });
    const elsewhere = await save(token, { url: 'https://example.com/merge/elsewhere' });
    const trashed = await save(token, { url: 'https://example.com/merge/own' });
    expect((await t.api(`/api/gems/${trashed.id}`, { method: 'DELETE', token })).status).toBe(200);

    expectNotFoundAt(await merge(token, { ids: [mine.id, theirs.id] }), 'ids.1');
    expectNotFoundAt(await merge(token, { ids: [trashed.id, mine.id] }), 'ids.0');
    expectNotFoundAt(await merge(token, { ids: [mine.id, chatId] }), 'ids.1');
    expectFieldError(await merge(token, { ids: [mine.id, elsewhere.id] }), 'ids');
    expectFieldError(await merge(token, { ids: [mine.id, twin.id], keepId: elsewhere.id }), 'keepId');
    expectFieldError(await merge(token, { ids: [mine.id, mine.id] }), 'ids');
    expectFieldError(await merge(token, { ids: [mine.id] }), 'ids');
    expectFieldError(await merge(token, { ids: 'all' }), 'ids');

    const page = await groups(token);
    expect(page.data.map((g) => ids(g.gems))).toEqual([[mine.id, twin.id]]);
    expect((await groups(eve.jwt)).data).toEqual([]);
  });
});

describe('the start-up step that recomputes canonical addresses', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('rewrites only the keys the rule changes, in batches, once per rule version', async () => {
    const { db } = database;
    await db.execute(sql`delete from maintenance_steps`);
    const [user] = await selectRows<{ id: number }>(
      db,
      sql`insert into users (username, email, password_hash) values ('rekey', 'rekey@example.test', 'x') returning id`,
    );
    const owner = user?.id as number;
    const [collection] = await selectRows<{ id: number }>(
      db,
      sql`insert into collections (owner_id, name) values (${owner}, 'C') returning id`,
    );
    const urls = [
      'http://www.example.com/a/',
      'https://example.com/a',
      'https://example.com/b?utm_source=x',
      'https://Example.com/%7Euser/',
      'trove://chat/1',
    ];
    // as an older rule stored them: the address itself, and one already right
    const stored = urls.map((url, i) => (i === 1 ? canonicalizeUrl(url) : url));
    for (const [i, url] of urls.entries())
      await db.execute(sql`insert into gems (owner_id, collection_id, title, url, canonical_url)
        values (${owner}, ${collection?.id}, ${`g${i}`}, ${url}, ${stored[i]})`);

    expect(await recanonicalizeGems(db, 2)).toBe(3);
    const rows = await selectRows<{ canonical_url: string }>(
      db,
      sql`select canonical_url from gems where owner_id = ${owner} order by id`,
    );
    expect(rows.map((row) => row.canonical_url)).toEqual(urls.map(canonicalizeUrl));
    expect(rows.map((row) => row.canonical_url)).toEqual([
      'https://example.com/a',
      'https://example.com/a',
      'https://example.com/b',
      'https://example.com/~user',
      'trove://chat/1',
    ]);
    const steps = await selectRows<{ name: string }>(db, sql`select name from maintenance_steps`);
    expect(steps.map((s) => s.name)).toEqual([RECANONICALIZE_STEP]);

    // recorded as done: a later start skips it, even with a key out of date
    await db.execute(sql`update gems set canonical_url = url where owner_id = ${owner}`);
    expect(await recanonicalizeGems(db)).toBeNull();
  });
});
