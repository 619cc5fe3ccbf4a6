/**
 * Context assembly (issues 4 and 10): the items a question is asked with, gathered from the request,
 * the user's files and gems; context-fit.ts fits them to the model's context length and turns them
 * into a block of the system prompt (images go to vision models as images, beside the question).
 *
 * The token estimate and the budget are shared with the side panel: lib/api/context-budget.ts.
 *
 * Items are kept in priority order (free text, files, page extract, chosen gems, page gems,
 * collection gems, sub-collections included, then the gems of searches). When everything fits it is sent whole. Otherwise the
 * items the user gave (free text, files, page extract) go first in that order, the first one that
 * does not fit cut to the room left and the rest of them dropped; the room then left is filled with
 * the gems' passages most relevant to the question (server/features/answers/retrieval.ts), best first, and the
 * manifest names each passage sent. A gem appears once, under its first (highest-priority) kind.
 */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { ChatContextInput, ContextManifestItem } from '../../../lib/api/chat-contract';
import type { ChatFileFormat } from '../../../lib/api/chat-files-contract';
import { MAX_GEMS_PER_COLLECTION } from '../../../lib/api/context-budget';
import type { Db } from '../../db/client';
import { collections, gems } from '../../db/schema';
import type { GemRow } from '../../db/types';
import { fieldError } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { loadContextFiles } from '../chat-files/chat-files';
import { searchContextGemIds } from '../search/context-gems';
import { parseQueryText } from '../search/parse-query';
import { collectionAccess, readableGemIds } from '../sharing/access';
import { collectionContextGems } from './context-collection';

export {
  CHARS_PER_TOKEN,
  contextBudget,
  estimateTokens,
  MAX_GEMS_PER_COLLECTION,
  MIN_RESERVE_TOKENS,
  RESERVE_SHARE,
} from '../../../lib/api/context-budget';

export interface ContextItem {
  kind: ContextManifestItem['kind'];
  id?: number;
  collectionId?: number;
  url?: string;
  title: string;
  text: string;
  /** A gem's `updated_at` when its text was read (its passages are cut from that version). */
  updatedAt?: Date;
  /** A gem's owner (another user's: shared with the asker). */
  ownerId?: number;
  /** A file's format; an image file has `image` and no text. */
  format?: ChatFileFormat;
  image?: { bytes: Uint8Array; mediaType: string };
  /** The search a search gem was found by. */
  query?: string;
  /** A stand-in for this many gems of a collection or search that were not read (past MAX_GEMS_PER_COLLECTION); never sent. */
  omitted?: number;
}

/** An image to send beside the question. */
export interface ContextImage {
  id: number;
  bytes: Uint8Array;
  mediaType: string;
}

export interface ContextManifest {
  items: ContextManifestItem[];
  totals: {
    items: number;
    full: number;
    truncated: number;
    dropped: number;
    /** Gems of chosen collections not read at all (past MAX_GEMS_PER_COLLECTION each), as `omitted` items. */
    omitted: number;
    /** Estimated tokens of all items, and of what was sent. */
    tokens: number;
    includedTokens: number;
    budget: number;
    reserve: number;
    contentLength: number;
  };
  estimate: string;
}

/** Gems (chosen, at the page, in a collection): the material passages are chosen from when it does not all fit. */
export const isMaterial = (item: ContextItem) =>
  item.kind === 'gem' || item.kind === 'pageGem' || item.kind === 'collectionGem' || item.kind === 'searchGem';

const gemText = (gem: GemRow) => [gem.description, gem.text].filter((part) => part?.trim()).join('\n\n');
const gemItem = (kind: ContextItem['kind'], gem: GemRow, collectionId?: number): ContextItem => ({
  kind,
  id: gem.id,
  ...(collectionId ? { collectionId } : {}),
  url: gem.url,
  title: gem.title,
  text: gemText(gem),
  updatedAt: gem.updatedAt,
  ownerId: gem.ownerId,
});

/** Where the context is gathered for: the chat (null: temporary), its file store, and whether to skip what is gone. */
export interface GatherOptions {
  store: FileStore;
  chatId: number | null;
  /** Regenerating: chosen items deleted since are skipped rather than refused. */
  lenient?: boolean;
  /** Where `input` is in the request body, for the field an unknown id's error names ('': the body itself). */
  at?: string;
}

/**
 * The items of `input` in priority order. Chosen file, gem and collection ids must be the user's: an
 * unknown one is a 404 naming the field, unless `lenient` (regenerating: what went since is skipped).
 */
export async function gatherContext(
  db: Db,
  userId: number,
  input: ChatContextInput | undefined,
  { store, chatId, lenient = false, at = 'context' }: GatherOptions,
): Promise<ContextItem[]> {
  if (!input) return [];
  const field = (name: string, index: number) => `${at ? `${at}.` : ''}${name}.${index}`;
  const items: ContextItem[] = [];
  const seen = new Set<number>();
  const add = (item: ContextItem) => {
    if (item.id !== undefined && isMaterial(item)) {
      if (seen.has(item.id)) return;
      seen.add(item.id);
    }
    items.push(item);
  };

  if (input.text?.trim()) add({ kind: 'text', title: 'Context from the user', text: input.text });
  for (const file of await loadContextFiles(db, store, userId, [...new Set(input.fileIds)], { chatId, lenient })) {
    const image = file.image && { bytes: file.image, mediaType: file.row.mime };
    add({ kind: 'file', id: file.row.id, title: file.row.name, text: file.row.text ?? '', format: file.format, image });
  }
  if (input.pageExtract)
    add({
      kind: 'pageExtract',
      url: input.pageExtract.url,
      title: input.pageExtract.title,
      text: input.pageExtract.text,
    });

  const gemIds = [...new Set(input.gemIds)];
  if (gemIds.length) {
    // Gems shared with the user are context too (server/features/sharing/access.ts, the one rule).
    const readable = await readableGemIds(db, userId, gemIds);
    const rows = readable.length
      ? await db
          .select()
          .from(gems)
          .where(and(inArray(gems.id, readable), isNull(gems.deletedAt)))
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [index, id] of gemIds.entries()) {
      const row = byId.get(id);
      if (row) add(gemItem('gem', row));
      else if (!lenient) throw fieldError(404, field('gemIds', index), `gem ${id} not found`);
    }
  }

  if (input.includePageGems && input.pageExtract) {
    const rows = await db
      .select()
      .from(gems)
      .where(
        and(
          eq(gems.ownerId, userId),
          eq(gems.canonicalUrl, canonicalizeUrl(input.pageExtract.url)),
          ne(gems.mediaType, 'AIChat'),
          isNull(gems.deletedAt),
        ),
      )
      .orderBy(desc(gems.createdAt), desc(gems.id));
    for (const row of rows) add(gemItem('pageGem', row));
  }

  const collectionIds = [...new Set(input.collectionIds)];
  if (collectionIds.length) {
    const found = await db
      .select({ id: collections.id, name: collections.name })
      .from(collections)
      .where(inArray(collections.id, collectionIds));
    const names = new Map(found.map((c) => [c.id, c.name]));
    for (const [index, id] of collectionIds.entries()) {
      const name = names.get(id);
      // the user's own collection, or one shared with them: its gems the user may read, with its sub-collections'
      if (name !== undefined && (await collectionAccess(db, userId, id))?.access) {
        const { rows, total } = await collectionContextGems(db, userId, id, MAX_GEMS_PER_COLLECTION);
        for (const row of rows) add(gemItem('collectionGem', row, id));
        // nothing is left out silently: the gems past the limit are named in the manifest by their number
        if (rows.length === MAX_GEMS_PER_COLLECTION) {
          const omitted = total - rows.length;
          if (omitted > 0)
            add({
              kind: 'collectionGem',
              collectionId: id,
              title: `${omitted.toLocaleString('en-US')} older gems of collection "${name}" not read (only its newest ${MAX_GEMS_PER_COLLECTION.toLocaleString('en-US')} are)`,
              text: '',
              omitted,
            });
        }
      } else if (!lenient) throw fieldError(404, field('collectionIds', index), `collection ${id} not found`);
    }
  }

  for (const [index, text] of [...new Set(input.searches)].entries()) {
    // The one rule says which gems it may read (server/features/sharing/access.ts), as in the library.
    const { ids, total } = await searchContextGemIds(
      db,
      userId,
      parseQueryText(text, field('searches', index)),
      MAX_GEMS_PER_COLLECTION,
    );
    const rows = ids.length ? await db.select().from(gems).where(inArray(gems.id, ids)) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (row) add({ ...gemItem('searchGem', row), query: text });
    }
    if (total > ids.length)
      add({
        kind: 'searchGem',
        query: text,
        title: `${(total - ids.length).toLocaleString('en-US')} more gems found by the search ${JSON.stringify(text)} not read (only its first ${MAX_GEMS_PER_COLLECTION.toLocaleString('en-US')} are)`,
        text: '',
        omitted: total - ids.length,
      });
  }
  return items;
}
