import { sql } from 'drizzle-orm';
import type { LinkCheck, LinkStatus } from '../../../lib/api/link-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { Tx } from '../../db/types';
import { notFound } from '../../http/errors';

/**
 * "Check now" for the user's gems among `gemIds` (others, trashed gems and kinds with no page are left out): each is
 * put first in the worker's queue. Answers how many were queued.
 */
export async function requestChecks(db: Db, ownerId: number, gemIds: number[]): Promise<number> {
  const rows = await selectRows<{ gem_id: number }>(
    db,
    sql`
    INSERT INTO link_checks (gem_id, owner_id, requested, next_at)
    SELECT g.id, g.owner_id, true, now() FROM gems g
    WHERE g.owner_id = ${ownerId} AND g.id IN ${gemIds} AND g.deleted_at IS NULL
      AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES} AND g.url ~* '^https?://'
    ON CONFLICT (gem_id) DO UPDATE SET requested = true, next_at = least(link_checks.next_at, now())
    RETURNING gem_id`,
  );
  return rows.length;
}

/** The last check of the user's gem `gemId` (404 when it is not the user's). */
export async function gemLinkCheck(db: Db, ownerId: number, gemId: number): Promise<LinkCheck> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`
    SELECT g.id, lc.status, lc.code, lc.detail, lc.checked_at, coalesce(lc.requested, false) AS requested
    FROM gems g LEFT JOIN link_checks lc ON lc.gem_id = g.id
    WHERE g.id = ${gemId} AND g.owner_id = ${ownerId}`,
  );
  const row = rows[0];
  if (!row) throw notFound('Gem');
  const checkedAt = row.checked_at === null || row.checked_at === undefined ? null : new Date(row.checked_at as string);
  return {
    gemId,
    status: (row.status as LinkStatus | null) ?? null,
    code: row.code === null || row.code === undefined ? null : Number(row.code),
    detail: String(row.detail ?? ''),
    checkedAt: checkedAt?.toISOString() ?? null,
    requested: Boolean(row.requested),
  };
}

/**
 * After an import: its new gems (and merged ones with no page text) get their page's text, description and image
 * fetched by the link worker, before its periodic checks. Run in the transaction that finishes the import.
 */
export async function queuePageFills(tx: Tx, jobId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO link_checks (gem_id, owner_id, fill_page, next_at)
    SELECT DISTINCT g.id, g.owner_id, true, now() FROM import_items i JOIN gems g ON g.id = i.gem_id
    WHERE i.job_id = ${jobId} AND i.status IN ('added', 'merged') AND coalesce(g.text, '') = ''
      AND g.deleted_at IS NULL AND g.url ~* '^https?://'
    ON CONFLICT (gem_id) DO UPDATE SET fill_page = true, next_at = least(link_checks.next_at, now())`);
}
