import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { collections, gems, messages, users } from '../../server/db/schema';
import type { GenerationEvent } from '../../server/features/answers/generations';
import { HeldLease } from '../../server/features/answers/leases';
import { INTERRUPTED, recoverOrphans } from '../../server/features/answers/recovery';
import { storedMessageEvents } from '../../server/features/chats/chats';
import { backend, openTestDatabase } from './harness';

/**
 * The lease and recovery conditions straight on the database (no server, no sweep timer), on PGlite
 * and PostgreSQL: which unfinished answers recovery takes, when a lease renews, and how a re-attach
 * to a stored answer ends. Leases are set far in the past or future, so no outcome depends on timing.
 */

const LEASE_SECONDS = 2;
const eventually = { timeout: 10_000, interval: 50 };
let database: Database;
let chat: { ownerId: number; chatGemId: number };

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [owner] = await db
    .insert(users)
    .values({ username: 'leases', email: 'leases@example.test', passwordHash: 'x' })
    .returning();
  if (!owner) throw new Error('no user');
  const [collection] = await db.insert(collections).values({ ownerId: owner.id, name: 'AI Chats' }).returning();
  if (!collection) throw new Error('no collection');
  const [gem] = await db
    .insert(gems)
    .values({
      ownerId: owner.id,
      collectionId: collection.id,
      title: 'Chat',
      url: 'trove://chat/leases',
      canonicalUrl: 'trove://chat/leases',
      mediaType: 'AIChat',
    })
    .returning();
  if (!gem) throw new Error('no chat');
  chat = { ownerId: owner.id, chatGemId: gem.id };
});
afterAll(async () => {
  await database?.close();
});

/** An answer row; `lease` in seconds from now by the database clock (negative: expired), null for none. */
async function answer(fields: {
  status: 'pending' | 'streaming' | 'done' | 'stopped' | 'error';
  text?: string;
  owner?: string;
  lease: number | null;
  updatedSecondsAgo?: number;
}) {
  const [row] = await database.db
    .insert(messages)
    .values({
      ...chat,
      userText: 'question',
      answerText: fields.text ?? '',
      status: fields.status,
      model: 'gpt-4o-mini',
      displayName: 'GPT-4o mini',
      provider: 'openai',
      leaseOwner: fields.lease === null ? null : (fields.owner ?? 'copy-a'),
      leaseExpiresAt: fields.lease === null ? null : sql`now() + make_interval(secs => ${fields.lease}::float8)`,
      updatedAt: sql`now() - make_interval(secs => ${fields.updatedSecondsAgo ?? 0}::float8)`,
    })
    .returning();
  if (!row) throw new Error('no message');
  return row;
}

const rowOf = async (id: number) => {
  const [row] = await database.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`no message ${id}`);
  return row;
};

async function collect(events: AsyncIterable<GenerationEvent>) {
  const seen: GenerationEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe(`recovery of orphaned answers (${backend})`, () => {
  it('marks unfinished answers with an expired lease, or none and stale, interrupted (text kept); leaves live and finished ones', async () => {
    const expired = await answer({ status: 'streaming', text: 'Half an', lease: -1 });
    const expiredPending = await answer({ status: 'pending', lease: -1 });
    const staleWithoutLease = await answer({
      status: 'streaming',
      text: 'Old',
      lease: null,
      updatedSecondsAgo: LEASE_SECONDS * 5,
    });
    const live = await answer({ status: 'streaming', text: 'Still going', lease: 3600 });
    const freshWithoutLease = await answer({ status: 'pending', lease: null });
    const done = await answer({ status: 'done', text: 'Finished', lease: -1 });
    const stopped = await answer({ status: 'stopped', text: 'Stopped', lease: -1 });

    const recovered = await recoverOrphans(database.db, LEASE_SECONDS);

    expect(recovered.sort((a, b) => a - b)).toEqual([expired.id, expiredPending.id, staleWithoutLease.id]);
    for (const [row, text] of [
      [expired, 'Half an'],
      [expiredPending, ''],
      [staleWithoutLease, 'Old'],
    ] as const) {
      expect(await rowOf(row.id)).toMatchObject({
        status: 'error',
        error: INTERRUPTED,
        answerText: text,
        leaseOwner: null,
        leaseExpiresAt: null,
      });
    }
    for (const row of [live, freshWithoutLease, done, stopped]) {
      expect(await rowOf(row.id)).toEqual(row);
    }
    expect(await recoverOrphans(database.db, LEASE_SECONDS)).toEqual([]);
  });
});

describe(`a held lease (${backend})`, () => {
  it('is renewed while its owner holds it and the answer is unfinished', async () => {
    const row = await answer({ status: 'streaming', owner: 'copy-a', lease: 1 });
    const lost = vi.fn();
    const lease = new HeldLease(database.db, row.id, { owner: 'copy-a', seconds: 1 }, lost);
    try {
      await vi.waitFor(async () => {
        expect((await rowOf(row.id)).leaseExpiresAt?.getTime()).toBeGreaterThan(
          row.leaseExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
        );
      }, eventually);
    } finally {
      await lease.release();
    }
    expect(lost).not.toHaveBeenCalled();
    expect(await rowOf(row.id)).toMatchObject({ status: 'streaming', leaseOwner: 'copy-a' });
  });

  it('is lost, untouched, when another copy owns it, when the answer ended, or when recovery took it', async () => {
    const others = await answer({ status: 'streaming', owner: 'copy-b', lease: 3600 });
    const ended = await answer({ status: 'stopped', owner: 'copy-a', lease: 3600 });
    const taken = await answer({ status: 'streaming', owner: 'copy-a', lease: -1 });
    await recoverOrphans(database.db, LEASE_SECONDS);
    const takenRow = await rowOf(taken.id);

    for (const row of [others, ended, taken]) {
      const lost = vi.fn();
      const lease = new HeldLease(database.db, row.id, { owner: 'copy-a', seconds: 1 }, lost);
      await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1), eventually);
      await lease.release();
    }
    expect(await rowOf(others.id)).toEqual(others);
    expect(await rowOf(ended.id)).toEqual(ended);
    expect(await rowOf(taken.id)).toEqual(takenRow);
  });
});

describe(`re-attaching to a stored answer (${backend})`, () => {
  const options = { leaseSeconds: LEASE_SECONDS };

  it('an unfinished answer whose lease expired ends with the interrupted error and is marked so', async () => {
    const row = await answer({ status: 'streaming', text: 'Partial', lease: -1 });

    const events = await collect(storedMessageEvents(database.db, row, new AbortController().signal, options));

    expect(events).toEqual([
      { type: 'delta', text: 'Partial' },
      { type: 'error', message: INTERRUPTED },
    ]);
    expect(await rowOf(row.id)).toMatchObject({ status: 'error', error: INTERRUPTED, answerText: 'Partial' });
  });

  it('a live answer (lease renewed elsewhere) is followed to its end', async () => {
    const row = await answer({ status: 'streaming', text: 'One', lease: 3600 });
    const events: GenerationEvent[] = [];
    for await (const event of storedMessageEvents(database.db, row, new AbortController().signal, options)) {
      events.push(event);
      if (events.length === 1) {
        await database.db
          .update(messages)
          .set({ answerText: 'One two', status: 'done', updatedAt: sql`now()` })
          .where(eq(messages.id, row.id));
      }
    }
    expect(events).toEqual([
      { type: 'delta', text: 'One' },
      { type: 'delta', text: ' two' },
      { type: 'done', status: 'done', usage: null, cost: null },
    ]);
  });

  it('a live answer that never ends: the re-attach ends at its bound with no end event, the answer untouched', async () => {
    const row = await answer({ status: 'streaming', text: 'Forever', lease: 3600 });

    const events = await collect(
      storedMessageEvents(database.db, row, new AbortController().signal, { ...options, maxMs: 600 }),
    );

    expect(events).toEqual([{ type: 'delta', text: 'Forever' }]);
    expect(await rowOf(row.id)).toEqual(row);
  });
});
