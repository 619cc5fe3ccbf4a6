import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { collections, gems, libraryChanges, users } from '../../server/db/schema';
import {
  type LibraryMarks,
  librariesChanged,
  libraryMarks,
  startLibraryChangesTrim,
} from '../../server/features/access-events/library-changes';
import { ACCESS_EVENTS_POLL_MS } from '../../server/features/access-events/watchers';
import { type SseEvent, stream } from './chat-helpers';
import { type ApiResponse, backend, gemBody, openTestDatabase, type Session, setupTestServer } from './harness';

/**
 * An open library hears of changes made elsewhere (migration 0058, server/features/access-events/library-changes.ts):
 * `library` on GET /api/access-events when the user's gems, collections or tags change, or a sharer's, by anyone.
 */
const t = setupTestServer();

async function ok(response: Promise<ApiResponse>, status = 200) {
  const res = await response;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

const save = (who: Session, overrides: Record<string, unknown> = {}) =>
  ok(
    t.api('/api/gems', {
      token: who.jwt,
      body: gemBody({ url: `https://example.com/${Math.random()}`, ...overrides }),
    }),
    201,
  );

/**
 * Opens `who`'s stream and makes `steps` one at a time, each once the stream has answered the one before (the first
 * on `ready`); returns the events, ending with the one after the last step.
 */
async function eventsOf(who: Session, steps: (() => Promise<unknown>)[]): Promise<SseEvent[]> {
  const opened = await stream(t.url, '/api/access-events?seconds=60', {
    token: who.jwt,
    onEvent: async (_event, events) => {
      const step = steps[events.length - 1];
      if (step) await step();
      return events.length === steps.length + 1;
    },
  });
  return opened.events;
}

const library = { event: 'library', data: {} };
const ready = { event: 'ready', data: {} };

describe(`library changes reach an open library (${backend})`, () => {
  it('a save from another device, a renamed collection and a new tag are each heard; another user’s save is not', async () => {
    const [ada, carol] = [await t.signUp('libada'), await t.signUp('libcarol')];
    const shelf = (await ok(t.api('/api/collections', { token: ada.jwt, body: { data: { name: 'Shelf' } } }), 201)).data
      .id as number;
    const events = await eventsOf(ada, [
      async () => {
        // carol's save, then time for the stream to have read several times: nothing for ada
        await save(carol);
        await sleep(ACCESS_EVENTS_POLL_MS * 3);
        await save(ada, { collectionId: shelf });
      },
      () =>
        ok(t.api(`/api/collections/${shelf}`, { method: 'PUT', token: ada.jwt, body: { data: { name: 'Shelves' } } })),
      () => ok(t.api('/api/tags', { token: ada.jwt, body: { data: { tag: 'later' } } }), 201),
    ]);
    expect(events).toEqual([ready, library, library, library]);
  });

  it('a member’s save into a shared collection reaches its owner; the owner’s edit there reaches the member, and nothing else of hers', async () => {
    const [ada, bob] = [await t.signUp('libowner'), await t.signUp('libmember')];
    const pantry = (await ok(t.api('/api/collections', { token: ada.jwt, body: { data: { name: 'Pantry' } } }), 201))
      .data.id as number;
    const body = { data: { username: bob.user.username, role: 'contributor' } };
    const shareId = (await ok(t.api(`/api/collection-email/${pantry}`, { token: ada.jwt, body }), 201)).data.id;
    await ok(t.api(`/api/shares/${shareId}/accept`, { method: 'POST', token: bob.jwt }));

    expect(await eventsOf(ada, [() => save(bob, { collectionId: pantry, title: 'Figs' })])).toEqual([ready, library]);
    const figs = (await ok(t.api(`/api/filter-search?q=${encodeURIComponent('Figs')}`, { token: ada.jwt }))).data[0];
    const diary = (await ok(t.api('/api/collections', { token: ada.jwt, body: { data: { name: 'Diary' } } }), 201)).data
      .id as number;
    // bob's stream read beside the changes, each event heard as it comes
    const heard: string[] = [];
    let done = false;
    let onReady: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      onReady = resolve;
    });
    const reading = stream(t.url, '/api/access-events?seconds=60', {
      token: bob.jwt,
      onEvent: (event) => {
        heard.push(event.event);
        if (event.event === 'ready') onReady();
        return done;
      },
    });
    await opened;
    // her own collection renamed, a new tag, a save into it: not bob's to hear of, even as a moment something changed
    const rename = { method: 'PUT', token: ada.jwt, body: { data: { name: 'Journal' } } } as const;
    await ok(t.api(`/api/collections/${diary}`, rename));
    await save(ada, { collectionId: diary, tags: ['private'] });
    await sleep(ACCESS_EVENTS_POLL_MS * 3);
    expect(heard).toEqual(['ready']);
    await ok(t.api(`/api/gems/${figs.id}`, { method: 'PUT', token: ada.jwt, body: { data: { title: 'Dried figs' } } }));
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual(['ready', 'library']);
    done = true;
    // one more change ends the stream (the reader goes away after the event it hears next)
    await save(ada, { collectionId: pantry, title: 'Prunes' });
    await reading;
  });
});

describe(`library change rows (${backend})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const rowsOf = async (ownerId: number) =>
    (
      await database.db
        .select({ id: libraryChanges.id })
        .from(libraryChanges)
        .where(eq(libraryChanges.ownerId, ownerId))
        .orderBy(libraryChanges.id)
    ).map((row) => row.id);

  it('one row per statement, whatever its number of gems; a count change of a collection adds none; the trim keeps the newest', async () => {
    const { db } = database;
    const [owner] = await db
      .insert(users)
      .values({ username: 'changes', email: 'changes@example.test', passwordHash: 'x' })
      .returning();
    if (!owner) throw new Error('no user');
    const [shelf] = await db.insert(collections).values({ ownerId: owner.id, name: 'Shelf' }).returning();
    if (!shelf) throw new Error('no collection');
    expect(await rowsOf(owner.id)).toHaveLength(1);
    const many = Array.from({ length: 5 }, (_, i) => ({
      ownerId: owner.id,
      collectionId: shelf.id,
      title: `Gem ${i}`,
      url: `https://example.com/${i}`,
      canonicalUrl: `https://example.com/${i}`,
    }));
    await db.insert(gems).values(many);
    // the insert's own row; migration 0001's count of the collection is no change of its own
    expect(await rowsOf(owner.id)).toHaveLength(2);
    // the rename's row, and that of its gems' search documents written again (migration 0021)
    await db.update(collections).set({ name: 'Shelves' }).where(eq(collections.id, shelf.id));
    expect(await rowsOf(owner.id)).toHaveLength(4);
    await db.execute(sql`UPDATE gems SET title = title || '!' WHERE owner_id = ${owner.id}`);
    await db.delete(gems).where(eq(gems.ownerId, owner.id));
    const before = await rowsOf(owner.id);
    expect(before).toHaveLength(6);

    const marks = await libraryMarks(db, owner.id, []);
    expect(marks.get(owner.id)).toEqual({ count: 6, newest: before.at(-1) });
    await startLibraryChangesTrim(db).stop();
    expect(await rowsOf(owner.id)).toEqual([before.at(-1)]);
    // the trim alone is not heard as a change
    expect(librariesChanged(marks, await libraryMarks(db, owner.id, []))).toBe(false);
  });

  it('a change is a count that grew or a newest row that moved, or an owner not read before', () => {
    const before: LibraryMarks = new Map([[1, { count: 3, newest: 30 }]]);
    expect(librariesChanged(before, new Map([[1, { count: 4, newest: 30 }]]))).toBe(true); // committed late, id lower
    expect(librariesChanged(before, new Map([[1, { count: 1, newest: 31 }]]))).toBe(true);
    expect(librariesChanged(before, new Map([[1, { count: 1, newest: 30 }]]))).toBe(false); // trimmed
    expect(librariesChanged(before, new Map([...before, [2, { count: 1, newest: 5 }]]))).toBe(true);
    expect(librariesChanged(before, new Map())).toBe(false);
  });
});
