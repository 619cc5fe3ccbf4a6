import { sql } from 'drizzle-orm';
import { LINK_FAILURES_BROKEN } from '../../../lib/api/link-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import { type BatchWorker, workerSet } from '../../jobs/batch-worker';
import { HostPace, retryAfterSeconds } from './host-pace';
import { checkLink, type LinkVerdict } from './link-check';
import { makePageFetcher, PAGE_FETCH_DEFAULTS, type PageFetchSettings } from './page-fetch';
import { type FillableGem, pageFill } from './page-fill';

/** The dead-link check's pace (TROVE_LINK_CHECK*, see the README's Configuration). */
export interface LinkCheckSettings {
  /** Addresses this copy checks per minute; 0 turns the check (and imported pages' fills) off. */
  perMinute: number;
  /** A gem is checked again after this many days. */
  recheckDays: number;
  /** The least time between two requests to one site. */
  hostIntervalMs: number;
  /** The longest a struggling site (429, 5xx, timeouts) is left alone. */
  maxBackoffMs: number;
  /** How often the worker looks for due gems. */
  tickMs: number;
  fetch: PageFetchSettings;
}

export const LINK_CHECK_DEFAULTS: LinkCheckSettings = {
  perMinute: 20,
  recheckDays: 30,
  hostIntervalMs: 2_000,
  maxBackoffMs: 3_600_000,
  tickMs: 15_000,
  fetch: PAGE_FETCH_DEFAULTS,
};

/** How long a copy holds the gems it took (another copy takes them after, if it stopped). */
const LEASE = sql`interval '10 minutes'`;
/** Gems looked at per statement when new gems are given a row. */
const SEED_BATCH = 1000;
/** Checks in flight at once. */
const PARALLEL = 4;

interface Claimed extends FillableGem {
  gemId: number;
  fillPage: boolean;
  requested: boolean;
  failures: number;
  trashed: boolean;
}

/** Gives the gems saved since `after` (by id) a row, due now; answers the last id looked at. */
async function seedNewGems(db: Db, after: number): Promise<number> {
  const rows = await selectRows<{ last: number | null }>(
    db,
    sql`
    WITH scanned AS (
      SELECT g.id, g.owner_id, g.url, g.media_type, g.deleted_at FROM gems g
      WHERE g.id > ${after} ORDER BY g.id LIMIT ${SEED_BATCH}
    ), added AS (
      INSERT INTO link_checks (gem_id, owner_id)
      SELECT s.id, s.owner_id FROM scanned s
      WHERE s.deleted_at IS NULL AND s.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES} AND s.url ~* '^https?://'
      ON CONFLICT DO NOTHING
    )
    SELECT max(id)::int AS last FROM scanned`,
  );
  return rows[0]?.last ?? after;
}

/** Takes up to `count` due gems ("Check now" first, then imported pages to fill, then the oldest checks). */
async function claim(db: Db, count: number): Promise<Claimed[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`
    UPDATE link_checks lc SET next_at = now() + ${LEASE}
    FROM gems g
    WHERE g.id = lc.gem_id AND lc.gem_id IN (
      SELECT c.gem_id FROM link_checks c WHERE c.next_at <= now()
      ORDER BY c.requested DESC, c.fill_page DESC, c.next_at LIMIT ${count}
      FOR UPDATE SKIP LOCKED)
    RETURNING lc.gem_id, lc.fill_page, lc.requested, lc.failures, g.url, g.title, g.description, g.image, g.text, g.byline,
      g.deleted_at IS NOT NULL AS trashed`,
  );
  return rows.map((row) => ({
    gemId: Number(row.gem_id),
    fillPage: Boolean(row.fill_page),
    requested: Boolean(row.requested),
    failures: Number(row.failures),
    trashed: Boolean(row.trashed),
    url: String(row.url),
    title: String(row.title),
    description: String(row.description),
    image: (row.image as string | null) ?? null,
    text: (row.text as string | null) ?? null,
    byline: (row.byline as string | null) ?? null,
  }));
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

export interface LinkWorkerParts {
  db: Db;
  settings: LinkCheckSettings;
  pace: HostPace;
  fetcher: ReturnType<typeof makePageFetcher>;
  /** The id up to which gems have a row (in this process: gems are given rows in id order, from 0 at start). */
  seededTo: number;
}

/** Writes a check's outcome, and fills an imported gem's empty fields from its page. */
async function record(parts: LinkWorkerParts, gem: Claimed, verdict: LinkVerdict) {
  const { db, settings } = parts;
  const failures = verdict.temporary ? gem.failures + 1 : 0;
  const status = verdict.temporary && failures >= LINK_FAILURES_BROKEN ? 'broken' : verdict.status;
  // A temporary failure is looked at again sooner: an hour, doubling with each one in a row.
  const next = verdict.temporary
    ? sql`now() + ${`${2 ** (failures - 1)} hours`}::interval`
    : sql`now() + ${`${settings.recheckDays} days`}::interval`;
  const fillDone = !verdict.temporary || failures >= LINK_FAILURES_BROKEN;
  const result = verdict.result;
  const html =
    gem.fillPage && result.ok && result.status < 300 && result.body !== null
      ? /html/i.test(result.headers.get('content-type') ?? 'text/html')
        ? result.body
        : null
      : null;
  const fill = html === null ? {} : pageFill(gem, html, result.url);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE link_checks SET status = ${status}, code = ${verdict.code}, detail = ${verdict.detail},
        checked_at = now(), next_at = ${next}, failures = ${failures}, requested = false,
        fill_page = fill_page AND NOT ${fillDone}
      WHERE gem_id = ${gem.gemId}`);
    if (Object.keys(fill).length === 0) return;
    // Only fields still empty are set: an edit made while the page was fetched is kept.
    await tx.execute(sql`
      UPDATE gems SET
        text = CASE WHEN coalesce(text, '') = '' THEN coalesce(${fill.text ?? null}, text) ELSE text END,
        description = CASE WHEN description = '' THEN coalesce(${fill.description ?? null}, description) ELSE description END,
        image = coalesce(image, ${fill.image ?? null}),
        byline = coalesce(byline, ${fill.byline ?? null}),
        title = CASE WHEN title = url OR title = '' THEN coalesce(${fill.title ?? null}, title) ELSE title END
      WHERE id = ${gem.gemId}`);
  });
}

/** Checks one gem, unless its site was called too recently (then it waits a minute, keeping its place). */
async function checkOne(parts: LinkWorkerParts, gem: Claimed): Promise<boolean> {
  const { db, pace, fetcher, settings } = parts;
  if (gem.trashed) {
    await db.execute(
      sql`UPDATE link_checks SET next_at = now() + ${`${settings.recheckDays} days`}::interval, requested = false WHERE gem_id = ${gem.gemId}`,
    );
    return false;
  }
  const host = hostOf(gem.url);
  if (host && !pace.ready(host)) {
    await db.execute(sql`UPDATE link_checks SET next_at = now() + interval '1 minute' WHERE gem_id = ${gem.gemId}`);
    return false;
  }
  pace.took(host);
  const verdict = await checkLink(fetcher, gem.url, gem.fillPage);
  if (verdict.hostTrouble) {
    const retry = verdict.result.ok ? retryAfterSeconds(verdict.result.headers.get('retry-after')) : undefined;
    pace.backOff(host, retry);
  } else pace.fine(host);
  await record(parts, gem, verdict);
  return true;
}

/**
 * One tick: new gems given a row, then up to the tick's share of `perMinute` due gems checked, PARALLEL at a time.
 * True when it checked some and asked-for checks or fills may remain (the worker goes on at once).
 */
export async function workOneLinkBatch(parts: LinkWorkerParts): Promise<boolean> {
  const { db, settings } = parts;
  parts.seededTo = await seedNewGems(db, parts.seededTo);
  const count = Math.max(1, Math.round((settings.perMinute * settings.tickMs) / 60_000));
  const claimed = await claim(db, count);
  let checked = 0;
  for (let i = 0; i < claimed.length; i += PARALLEL) {
    const done = await Promise.all(claimed.slice(i, i + PARALLEL).map((gem) => checkOne(parts, gem)));
    checked += done.filter(Boolean).length;
  }
  return checked > 0 && claimed.length === count && claimed.some((gem) => gem.requested || gem.fillPage);
}

const workers = workerSet();

/** Wakes this process's link workers at once ("Check now", or an import finished). */
export const kickLinkWorkers = () => workers.kickAll();

/** The periodic check, or nothing when it is off (perMinute 0). */
export function startLinkWorker(db: Db, settings: LinkCheckSettings): BatchWorker | null {
  if (settings.perMinute <= 0) return null;
  const fetcher = makePageFetcher(settings.fetch);
  const parts: LinkWorkerParts = {
    db,
    settings,
    pace: new HostPace(settings.hostIntervalMs, settings.maxBackoffMs),
    fetcher,
    seededTo: 0,
  };
  const worker = workers.start(
    () =>
      workOneLinkBatch(parts).catch((error: unknown) => {
        console.error('[trove] a link check failed:', error);
        return false;
      }),
    settings.tickMs,
  );
  return {
    kick: worker.kick,
    stop: async () => {
      await worker.stop();
      await fetcher.close();
    },
  };
}
