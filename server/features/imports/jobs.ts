import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type ImportItem, type ImportJob, LISTED_PROBLEMS } from '../../../lib/api/import-contract';
import type { Db } from '../../db/client';
import { jsonParam } from '../../db/rows';
import { importItems, importJobs } from '../../db/schema';
import type { ImportJobRow, Tx } from '../../db/types';
import { notFound } from '../../http/errors';
import { collectionForPath, ownerCollections } from './collection-paths';
import type { ParsedImport } from './formats/draft';
import { stageTroveParts } from './trove-stage';

/** How many of the user's imports GET /api/imports lists. */
const RECENT_IMPORTS = 10;
/** Staged items written per statement. */
const STAGE_CHUNK = 1_000;

export function toImportJob(row: ImportJobRow, skippedItems?: ImportJob['skippedItems']): ImportJob {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    status: row.status,
    total: row.total,
    done: row.done,
    added: row.added,
    merged: row.merged,
    skipped: row.skipped,
    problems: row.problems,
    problemCount: row.problemCount,
    ...(skippedItems ? { skippedItems } : {}),
    ...(row.error ? { error: row.error } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The file's items staged as a queued job and its folders made collections (empty ones too: they are the user's
 * structure), all in one transaction: the job exists whole or not at all.
 */
export async function stageImport(db: Db, ownerId: number, fileName: string, parsed: ParsedImport) {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({
        ownerId,
        fileName,
        format: parsed.format,
        total: parsed.items.length,
        problems: parsed.problems.slice(0, LISTED_PROBLEMS),
        problemCount: parsed.problems.length,
        status: parsed.items.length ? 'queued' : 'done',
      })
      .returning();
    if (!job) throw new Error('the import job was not written');
    if (parsed.trove) await stageTroveParts(tx, ownerId, parsed.trove, parsed.items);
    else {
      const known = await ownerCollections(tx, ownerId);
      for (const path of parsed.collections) await collectionForPath(tx, ownerId, known, path);
    }
    await stageItems(tx, job.id, 0, parsed.items);
    return job;
  });
}

/**
 * Stages `items` as the job's items from `position` on (their order in the file), STAGE_CHUNK a statement with the
 * items as one JSON parameter; the position after the last.
 */
export async function stageItems(tx: Tx, jobId: number, position: number, items: readonly ImportItem[]) {
  for (let start = 0; start < items.length; start += STAGE_CHUNK) {
    await tx.execute(sql`
      insert into import_items (job_id, position, item)
      select ${jobId}, ${position + start} + e.n::int - 1, e.item
      from jsonb_array_elements(${jsonParam(items.slice(start, start + STAGE_CHUNK))}) with ordinality as e(item, n)`);
  }
  return position + items.length;
}

/** The user's import `id`, or a 404 (another user's import is not found either). */
export async function getOwnedImport(db: Db, ownerId: number, id: number): Promise<ImportJobRow> {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.ownerId, ownerId)));
  if (!row) throw notFound('Import');
  return row;
}

/** The items an import read but did not bring in, and why (the first LISTED_PROBLEMS, in file order). */
export async function skippedItems(db: Db, jobId: number): Promise<NonNullable<ImportJob['skippedItems']>> {
  const rows = await db
    .select({ item: importItems.item, reason: importItems.reason })
    .from(importItems)
    .where(and(eq(importItems.jobId, jobId), eq(importItems.status, 'skipped')))
    .orderBy(asc(importItems.position))
    .limit(LISTED_PROBLEMS);
  return rows.map(({ item, reason }) => ({ title: item.title, url: item.url, reason: reason ?? '' }));
}

export const listImports = (db: Db, ownerId: number) =>
  db
    .select()
    .from(importJobs)
    .where(eq(importJobs.ownerId, ownerId))
    .orderBy(desc(importJobs.id))
    .limit(RECENT_IMPORTS);
