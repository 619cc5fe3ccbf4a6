import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gems, gemTags, messages, NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import type { GemRow, MessageRow } from '../../db/types';
import type { ExportScope } from './scope';

/** Gems read per query: a page is the most an export holds at once (with their page text, a few MB). */
export const EXPORT_PAGE = 1_000;

export type ExportGem = GemRow & { tagIds: number[] };

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
  if (filter.savesOnly || scope.shared)
    where.push(isNull(gems.deletedAt), sql`${gems.mediaType} not in ${NOT_SAVE_MEDIA_TYPES}`);
  const rows = await db
    .select()
    .from(gems)
    .where(and(...where))
    .orderBy(asc(gems.id))
    .limit(EXPORT_PAGE);
  if (!rows.length) return [];
  // the page's tags in one query beside it (a subquery per gem costs more than the gems themselves)
  const links = await db
    .select({ gemId: gemTags.gemId, tagId: gemTags.tagId })
    .from(gemTags)
    .where(
      inArray(
        gemTags.gemId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(gemTags.gemId), asc(gemTags.tagId));
  const tagIds = new Map<number, number[]>();
  for (const { gemId, tagId } of links) {
    const list = tagIds.get(gemId);
    if (list) list.push(tagId);
    else tagIds.set(gemId, [tagId]);
  }
  return rows.map((row) => ({ ...row, tagIds: tagIds.get(row.id) ?? [] }));
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
