import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Rate limits kept in the database (table `rate_limits`), so every server copy on one PostgreSQL shares
 * them, PGlite too. Each check is ONE upsert that both decides and counts, on the database clock
 * (`now()`): no read-then-write race between requests or copies.
 *
 * Two kinds of limit:
 * - a window: at most `max` hits per `windowSeconds` (fixed windows), for register, refresh and upload;
 * - a backoff: `freeFailures` attempts go through at once, then each further attempt waits an increasing
 *   delay (`baseDelayMs`, doubled per attempt, at most `maxDelayMs`); an attempt refused during the wait is
 *   not counted. Attempts are counted when they are let through (before the caller checks anything), so
 *   a burst of concurrent attempts cannot slip past; a success gives its attempt back (`releaseAttempt`)
 *   or clears the streak (`clearAttempts`). A streak is forgotten after `forgetAfterSeconds` without attempts.
 */

export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

export interface Backoff {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterSeconds: number;
}

export type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whole seconds until `until` (at least 1), on the database clock. */
const secondsUntil = (until: unknown) => sql<number>`greatest(1, ceil(extract(epoch from (${until} - now()))))::int`;
const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** Expired rows are deleted now and then by the copy that happens to be checking; this counts checks. */
let checksSincePrune = 0;
const PRUNE_EVERY = 1000;
const PRUNE_AFTER_SECONDS = 24 * 3600;

async function pruneNowAndThen(db: Db) {
  checksSincePrune += 1;
  if (checksSincePrune < PRUNE_EVERY) return;
  checksSincePrune = 0;
  // a window or streak untouched for a day is over (every window and forget period is shorter)
  await db.delete(rateLimits).where(lt(rateLimits.updatedAt, sql`now() - ${seconds(PRUNE_AFTER_SECONDS)}`));
}

/** Counts a hit on `key` and says whether it is within the window's limit. */
export async function countHit(db: Db, key: string, limit: WindowLimit): Promise<Decision> {
  await pruneNowAndThen(db);
  const over = sql`${rateLimits.windowStart} <= now() - ${seconds(limit.windowSeconds)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStart: sql`now()`, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${over} THEN 1 ELSE least(${rateLimits.hits} + 1, 1000000000) END`,
        windowStart: sql`CASE WHEN ${over} THEN now() ELSE ${rateLimits.windowStart} END`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfterSeconds: secondsUntil(sql`${rateLimits.windowStart} + ${seconds(limit.windowSeconds)}`),
    });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row.hits <= limit.max ? { allowed: true } : { allowed: false, retryAfterSeconds: row.retryAfterSeconds };
}

/** Lets an attempt through unless `key` is waiting out a backoff, and counts it. */
export async function reserveAttempt(db: Db, key: string, backoff: Backoff): Promise<Decision> {
  await pruneNowAndThen(db);
  const waiting = sql`coalesce(${rateLimits.blockedUntil} > now(), false)`;
  const forgotten = sql`${rateLimits.updatedAt} < now() - ${seconds(backoff.forgetAfterSeconds)}`;
  const next = sql`CASE WHEN ${forgotten} THEN 1 ELSE least(${rateLimits.hits} + 1, 1000000000) END`;
  /** The block an attempt that brings the streak to `hits` sets for the next one. */
  const blockAfter = (hits: unknown) =>
    sql`CASE WHEN ${hits} >= ${backoff.freeFailures} THEN now() + make_interval(secs => least(${backoff.baseDelayMs}::float8 * power(2, least(${hits} - ${backoff.freeFailures}, 40)), ${backoff.maxDelayMs}::float8) / 1000) END`;
  const [row] = await db
    .insert(rateLimits)
    .values({
      key,
      hits: 1,
      blockedUntil: blockAfter(sql`1`),
      allowed: true,
      windowStart: sql`now()`,
      updatedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${waiting} THEN ${rateLimits.hits} ELSE ${next} END`,
        blockedUntil: sql`CASE WHEN ${waiting} THEN ${rateLimits.blockedUntil} ELSE ${blockAfter(next)} END`,
        allowed: sql`NOT ${waiting}`,
        updatedAt: sql`CASE WHEN ${waiting} THEN ${rateLimits.updatedAt} ELSE now() END`,
      },
    })
    .returning({ allowed: rateLimits.allowed, retryAfterSeconds: secondsUntil(rateLimits.blockedUntil) });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: row.retryAfterSeconds };
}

/** Gives back one attempt counted by `reserveAttempt` (it succeeded, or another limit refused it). */
export async function releaseAttempt(db: Db, key: string, backoff: Backoff): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      hits: sql`greatest(${rateLimits.hits} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${rateLimits.hits} - 1 < ${backoff.freeFailures} THEN NULL ELSE ${rateLimits.blockedUntil} END`,
    })
    .where(eq(rateLimits.key, key));
}

/** Ends the streak of `key` (a success there). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
