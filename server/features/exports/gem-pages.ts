import { and, asc, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gems, messages, NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { GemRow, MessageRow } from '../../db/types';
import type { ExportScope } from './scope';

/** Gems read per query: a page is the most an export holds at once (with their page text, a few MB). */
export const EXPORT_PAGE = 500;

export type ExportGem = GemRow & { tagIds: number[] };

/** A `json_agg` as the driver gives it: parsed already (postgres.js, PGlite), or as text. */
const jsonList = (value: unknown): number[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as number[];

interface GemFilter {
  /** Only saves in the library: no trash, no chats and none of the chat panel's kinds. */
  savesOnly: boolean;
  /** One collection only (the Netscape file walks its folders one by one). */
  collectionId?: number;
}

/**
 * The scope's gems in id order, a page at a time (keyset on the id: each gem once, however many are added or
 * deleted meanwhile, and no query holds a transaction open while the file is being downloaded).
 */
export async function* gemPages(db: Db, scope: ExportScope, filter: GemFilter): AsyncGenerator<ExportGem[]> {
  let after = 0;
  for (;;) {
    const page = await gemPage(db, scope, filter, after);
    if (!page.length) return;
    yield page;
    after = (page.at(-1) as ExportGem).id;
    if (page.length < EXPORT_PAGE) return;
  }
}

async function gemPage(db: Db, scope: ExportScope, filter: GemFilter, after: number): Promise<ExportGem[]> {
  const where = [eq(gems.ownerId, scope.ownerId), gt(gems.id, after)];
  if (filter.collectionId !== undefined) where.push(eq(gems.collectionId, filter.collectionId));
  else if (scope.collectionIds)
    where.push(
      sql`${gems.collectionId} in (select (jsonb_array_elements_text(${JSON.stringify(scope.collectionIds)}::jsonb))::int)`,
    );
  if (filter.savesOnly) where.push(isNull(gems.deletedAt), sql`${gems.mediaType} not in ${NOT_SAVE_MEDIA_TYPES}`);
  const rows = await db
    .select({
      ...getTableColumns(gems),
      tagIds: sql<unknown>`coalesce((select json_agg(gt.tag_id order by gt.tag_id) from gem_tags gt where gt.gem_id = ${gems.id}), '[]'::json)`,
    })
    .from(gems)
    .where(and(...where))
    .orderBy(asc(gems.id))
    .limit(EXPORT_PAGE);
  return rows.map((row) => ({ ...row, tagIds: jsonList(row.tagIds) }) as ExportGem);
}

/** The messages of the chats among `gemIds`, by chat, in order. */
export async function messagesOf(db: Db, ownerId: number, gemIds: number[]): Promise<Map<number, MessageRow[]>> {
  const byChat = new Map<number, MessageRow[]>();
  if (!gemIds.length) return byChat;
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.ownerId, ownerId), inArray(messages.chatGemId, gemIds)))
    .orderBy(asc(messages.chatGemId), asc(messages.id));
  for (const row of rows) {
    const list = byChat.get(row.chatGemId);
    if (list) list.push(row);
    else byChat.set(row.chatGemId, [row]);
  }
  return byChat;
}
