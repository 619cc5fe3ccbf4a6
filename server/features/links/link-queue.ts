import { sql } from 'drizzle-orm';
import { LINK_FAILURES_BROKEN } from '../../../lib/api/link-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { LinkVerdict } from './link-check';
import type { FillableGem } from './page-fill';

/** The link worker's statements over `link_checks` (server/db/schema/links.ts). */

/** How long a copy holds the gems it took (another copy takes them after, if it stopped). */
const LEASE = sql`interval '10 minutes'`;
/**
 * Gems looked at per statement when new gems are given a row: small enough that requests waiting on PGlite's one
 * connection wait little (1,000 took ~145 ms at load ~12).
 */
const SEED_BATCH = 500;

export interface Claimed extends FillableGem {
  gemId: number;
  fillPage: boolean;
  requested: boolean;
  failures: number;
  trashed: boolean;
}

/**
 * Gives the gems saved since `after` (by id, up to `chunks` × SEED_BATCH of them) a row, due now; answers the last id
 * looked at. Gems get ids in the order they are saved, so a process walks them once and then only the new ones.
 */
export async function seedNewGems(db: Db, after: number, chunks: number): Promise<number> {
  let last = after;
  for (let chunk = 0; chunk < chunks; chunk += 1) {
    const [row] = await selectRows<{ last: number | null }>(
      db,
      sql`
      WITH scanned AS (
        SELECT g.id, g.owner_id, g.url, g.media_type, g.deleted_at FROM gems g
        WHERE g.id > ${last} ORDER BY g.id LIMIT ${SEED_BATCH}
      ), added AS (
        INSERT INTO link_checks (gem_id, owner_id)
        SELECT s.id, s.owner_id FROM scanned s
        WHERE s.deleted_at IS NULL AND s.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES} AND s.url ~* '^https?://'
        ON CONFLICT DO NOTHING
      )
      SELECT max(id)::int AS last FROM scanned`,
    );
    if (row?.last === null || row?.last === undefined) break;
    last = row.last;
  }
  return last;
}

/** Takes up to `count` due gems ("Check now" first, then imported pages to fill, then the oldest checks). */
export async function claim(db: Db, count: number): Promise<Claimed[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`
    UPDATE link_checks lc SET next_at = now() + ${LEASE}
    FROM gems g
    WHERE g.id = lc.gem_id AND lc.gem_id IN (
      SELECT c.gem_id FROM link_checks c WHERE c.next_at <= now()
      ORDER BY c.requested DESC, c.fill_page DESC, c.next_at LIMIT ${count}
      FOR UPDATE SKIP LOCKED)
    RETURNING lc.gem_id, lc.fill_page, lc.requested, lc.failures, g.url, g.title, g.description, g.image, g.text,
      g.byline, g.deleted_at IS NOT NULL AS trashed`,
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

/** Gives a claimed gem back unchecked, due again after `wait` (an interval, e.g. `1 minute`). */
export async function putBack(db: Db, gemId: number, wait: string, { answerRequest = false } = {}): Promise<void> {
  await db.execute(sql`
    UPDATE link_checks SET next_at = now() + ${wait}::interval, requested = requested AND NOT ${answerRequest}
    WHERE gem_id = ${gemId}`);
}

/**
 * Writes a check's outcome (a temporary failure counts towards broken, and is looked at again after an hour,
 * doubling) and, in the same transaction, the page's `fill` of the gem's fields that are still empty, so an edit
 * made while the page was fetched is kept.
 */
export async function recordCheck(
  db: Db,
  gem: Claimed,
  verdict: LinkVerdict,
  recheckDays: number,
  fill: Partial<FillableGem>,
): Promise<void> {
  const failures = verdict.temporary ? gem.failures + 1 : 0;
  const status = verdict.temporary && failures >= LINK_FAILURES_BROKEN ? 'broken' : verdict.status;
  const wait = verdict.temporary ? `${2 ** (failures - 1)} hours` : `${recheckDays} days`;
  const fillDone = !verdict.temporary || failures >= LINK_FAILURES_BROKEN;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE link_checks SET status = ${status}, code = ${verdict.code}, detail = ${verdict.detail},
        checked_at = now(), next_at = now() + ${wait}::interval, failures = ${failures}, requested = false,
        fill_page = fill_page AND NOT ${fillDone}
      WHERE gem_id = ${gem.gemId}`);
    if (Object.keys(fill).length === 0) return;
    await tx.execute(sql`
      UPDATE gems SET
        text = CASE WHEN coalesce(text, '') = '' THEN coalesce(${fill.text ?? null}, text) ELSE text END,
        description = CASE WHEN description = '' THEN coalesce(${fill.description ?? null}, description)
          ELSE description END,
        image = coalesce(image, ${fill.image ?? null}),
        byline = coalesce(byline, ${fill.byline ?? null}),
        title = CASE WHEN title = url OR title = '' THEN coalesce(${fill.title ?? null}, title) ELSE title END
      WHERE id = ${gem.gemId}`);
  });
}
