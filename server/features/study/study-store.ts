import { and, eq, sql } from 'drizzle-orm';
import type { GemStudy, StudyKind } from '../../../lib/api/study-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { gemStudy, gems } from '../../db/schema';
import type { GemRow } from '../../db/types';
import { notFound } from '../../http/errors';
import { gemOwnerFor } from '../sharing/access';

/**
 * A gem's summary, flash cards and quiz as stored. Whoever may read the gem (server/features/sharing/access.ts) reads
 * them; making them needs the right to change the gem, so there is one of each per gem, the same for everyone it is
 * shared with.
 */

export interface StoredStudy {
  kind: StudyKind;
  content: unknown;
  modelName: string;
  createdAt: Date;
}

/** The gem `gemId` if the user may read it (or change it, with `write`); another user's gem is a 404. */
export async function studyGem(db: Db, userId: number, gemId: number, write = false): Promise<GemRow> {
  const owner = await gemOwnerFor(db, userId, gemId, write ? 'edit' : undefined);
  if (owner === null) throw notFound('Gem');
  const [gem] = await db.select().from(gems).where(eq(gems.id, gemId));
  if (!gem) throw notFound('Gem');
  return gem;
}

/** The stored aids of the gems `ids` (for the export), by gem. */
export async function studyOfGems(db: Db, ids: readonly number[]): Promise<Map<number, StoredStudy[]>> {
  const byGem = new Map<number, StoredStudy[]>();
  if (!ids.length) return byGem;
  const rows = await selectRows<{
    gem_id: number;
    kind: StudyKind;
    content: unknown;
    model_name: string;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT gem_id, kind, content, model_name, created_at FROM gem_study
      WHERE gem_id = ANY(${`{${ids.join(',')}}`}::integer[]) ORDER BY gem_id, kind`,
  );
  for (const row of rows) {
    const list = byGem.get(Number(row.gem_id)) ?? [];
    list.push({ kind: row.kind, content: row.content, modelName: row.model_name, createdAt: new Date(row.created_at) });
    byGem.set(Number(row.gem_id), list);
  }
  return byGem;
}

/** `GET /api/gems/{id}/study`. */
export async function getGemStudy(db: Db, userId: number, gemId: number): Promise<GemStudy> {
  await studyGem(db, userId, gemId);
  const [stored, writable] = await Promise.all([studyOfGems(db, [gemId]), gemOwnerFor(db, userId, gemId, 'edit')]);
  // each stored content was checked against the contract's schema before it was stored
  const of = <K extends StudyKind>(kind: K) => {
    const item = stored.get(gemId)?.find((one) => one.kind === kind);
    if (!item) return null;
    return { content: item.content, modelName: item.modelName, createdAt: item.createdAt.toISOString() } as GemStudy[K];
  };
  return {
    gemId,
    summary: of('summary'),
    flashCards: of('flashCards'),
    quiz: of('quiz'),
    canGenerate: writable !== null,
  };
}

/** Stores (or replaces) one aid of a gem. */
export async function storeStudy(db: Db, gemId: number, userId: number | null, item: StoredStudy): Promise<void> {
  await db
    .insert(gemStudy)
    .values({
      gemId,
      kind: item.kind,
      content: item.content,
      modelName: item.modelName,
      createdBy: userId,
      createdAt: item.createdAt,
    })
    .onConflictDoUpdate({
      target: [gemStudy.gemId, gemStudy.kind],
      set: { content: item.content, modelName: item.modelName, createdBy: userId, createdAt: item.createdAt },
    });
}

/** Whether the gem still exists (it may have been deleted while its aid was being made). */
export async function gemExists(db: Db, gemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: gems.id })
    .from(gems)
    .where(and(eq(gems.id, gemId)));
  return row !== undefined;
}

/** What the model is given of a gem: its title, description, notes and saved text (a code gem's code is its text). */
export function studySourceOf(gem: GemRow): string {
  const parts = [`Title: ${gem.title}`, gem.description, gem.notes, gem.media.code, gem.text];
  return parts.filter((part) => part?.trim()).join('\n\n');
}

/** Whether a gem has anything to learn from besides its title. */
export const hasStudyText = (gem: GemRow) =>
  [gem.description, gem.notes, gem.media.code, gem.text].some((part) => part?.trim());
