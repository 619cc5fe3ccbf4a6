/**
 * Context assembly (issue 4): the items a question is asked with, gathered from the request and the
 * user's gems, fitted to the model's context length and turned into a block of the system prompt.
 *
 * The token estimate and the budget are shared with the side panel: lib/api/context-budget.ts.
 *
 * Items are kept in priority order (free text, page extract, chosen gems, page gems, collection
 * gems); the first one that does not fit is cut to the room left, and everything after it is dropped.
 * A gem appears once, under its first (highest-priority) kind.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { canonicalizeUrl } from '../../lib/api/canonical-url';
import type { ChatContextInput, ContextManifestItem } from '../../lib/api/chat-contract';
import { CHARS_PER_TOKEN, contextBudget, estimateTokens } from '../../lib/api/context-budget';
import type { Db } from '../db/client';
import { collections, gems } from '../db/schema';
import { ApiError } from '../http/errors';

export {
  CHARS_PER_TOKEN,
  contextBudget,
  estimateTokens,
  MIN_RESERVE_TOKENS,
  RESERVE_SHARE,
} from '../../lib/api/context-budget';

/** At most this many gems are read from one collection (newest first). */
export const MAX_GEMS_PER_COLLECTION = 200;
const TRUNCATED_MARK = '\n[…truncated to fit the model’s context length]';

export interface ContextItem {
  kind: ContextManifestItem['kind'];
  id?: number;
  collectionId?: number;
  url?: string;
  title: string;
  text: string;
}

export interface ContextManifest {
  items: ContextManifestItem[];
  totals: {
    items: number;
    full: number;
    truncated: number;
    dropped: number;
    /** Estimated tokens of all items, and of what was sent. */
    tokens: number;
    includedTokens: number;
    budget: number;
    reserve: number;
    contentLength: number;
  };
  estimate: string;
}

type GemRow = typeof gems.$inferSelect;

const fieldError = (status: 400 | 404, path: string, message: string) =>
  new ApiError(status, message, { errors: [{ path, message }] });

const gemText = (gem: GemRow) => [gem.description, gem.text].filter((part) => part?.trim()).join('\n\n');
const gemItem = (kind: ContextItem['kind'], gem: GemRow, collectionId?: number): ContextItem => ({
  kind,
  id: gem.id,
  ...(collectionId ? { collectionId } : {}),
  url: gem.url,
  title: gem.title,
  text: gemText(gem),
});

/**
 * The items of `input` in priority order. Chosen gem and collection ids must be the user's: an
 * unknown one is a 404 naming the field, unless `lenient` (regenerating: what went since is skipped).
 */
export async function gatherContext(
  db: Db,
  userId: number,
  input: ChatContextInput | undefined,
  lenient = false,
): Promise<ContextItem[]> {
  if (!input) return [];
  const items: ContextItem[] = [];
  const seen = new Set<number>();
  const add = (item: ContextItem) => {
    if (item.id !== undefined && item.kind !== 'text' && item.kind !== 'pageExtract') {
      if (seen.has(item.id)) return;
      seen.add(item.id);
    }
    items.push(item);
  };

  if (input.text?.trim()) add({ kind: 'text', title: 'Context from the user', text: input.text });
  if (input.pageExtract)
    add({
      kind: 'pageExtract',
      url: input.pageExtract.url,
      title: input.pageExtract.title,
      text: input.pageExtract.text,
    });

  const gemIds = [...new Set(input.gemIds)];
  if (gemIds.length) {
    const rows = await db
      .select()
      .from(gems)
      .where(and(eq(gems.ownerId, userId), inArray(gems.id, gemIds)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [index, id] of gemIds.entries()) {
      const row = byId.get(id);
      if (row) add(gemItem('gem', row));
      else if (!lenient) throw fieldError(404, `context.gemIds.${index}`, `context.gemIds: gem ${id} not found`);
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
        ),
      )
      .orderBy(desc(gems.createdAt), desc(gems.id));
    for (const row of rows) add(gemItem('pageGem', row));
  }

  const collectionIds = [...new Set(input.collectionIds)];
  if (collectionIds.length) {
    const owned = await db
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.ownerId, userId), inArray(collections.id, collectionIds)));
    const ownedIds = new Set(owned.map((c) => c.id));
    for (const [index, id] of collectionIds.entries()) {
      if (ownedIds.has(id)) {
        const rows = await db
          .select()
          .from(gems)
          .where(and(eq(gems.ownerId, userId), eq(gems.collectionId, id), ne(gems.mediaType, 'AIChat')))
          .orderBy(desc(gems.createdAt), desc(gems.id))
          .limit(MAX_GEMS_PER_COLLECTION);
        for (const row of rows) add(gemItem('collectionGem', row, id));
      } else if (!lenient)
        throw fieldError(404, `context.collectionIds.${index}`, `context.collectionIds: collection ${id} not found`);
    }
  }
  return items;
}

/** The heading an item is sent under: its kind, id or URL, and title. */
export function itemLabel(item: ContextItem): string {
  const parts: string[] = [];
  switch (item.kind) {
    case 'text':
      parts.push('Free text from the user');
      break;
    case 'pageExtract':
      parts.push(`Current page ${item.url}`);
      break;
    case 'gem':
      parts.push(`Chosen gem #${item.id}`);
      break;
    case 'pageGem':
      parts.push(`Gem #${item.id} saved at the current page`);
      break;
    case 'collectionGem':
      parts.push(`Gem #${item.id} from collection #${item.collectionId}`);
      break;
    case 'memory':
      parts.push(`Something the user asked you to remember (memory #${item.id})`);
      break;
  }
  if (item.kind !== 'text' && item.kind !== 'memory' && item.title) parts.push(`"${item.title}"`);
  if ((item.kind === 'gem' || item.kind === 'pageGem' || item.kind === 'collectionGem') && item.url)
    parts.push(`(${item.url})`);
  return `### ${parts.join(' ')}`;
}

/**
 * Fits `items` into `contentLength` and returns the system-prompt block (empty when there are no
 * items) and the manifest stored on the message.
 */
export function fitContext(items: ContextItem[], contentLength: number): { block: string; manifest: ContextManifest } {
  const { reserve, budget } = contextBudget(contentLength);
  const header = items.length
    ? 'The user asked with this context. Use it to answer, and say so when it does not cover the question.\n\n'
    : '';
  let left = budget - estimateTokens(header);
  let full = true;
  const sent: string[] = [];
  const manifestItems: ContextManifestItem[] = [];
  for (const item of items) {
    const label = itemLabel(item);
    const whole = `${label}\n${item.text}`;
    const tokens = estimateTokens(whole);
    const base = {
      kind: item.kind,
      ...(item.id !== undefined ? { id: item.id } : {}),
      ...(item.collectionId ? { collectionId: item.collectionId } : {}),
      ...(item.url ? { url: item.url } : {}),
      title: item.title,
      tokens,
    };
    if (full && tokens <= left) {
      sent.push(whole);
      left -= tokens;
      manifestItems.push({ ...base, includedTokens: tokens, included: 'full' });
      continue;
    }
    // The first item that does not fit is cut to the room left (when a useful part of it fits); the rest are dropped.
    const roomChars = left * CHARS_PER_TOKEN - label.length - 1 - TRUNCATED_MARK.length;
    if (full && roomChars >= CHARS_PER_TOKEN * 16) {
      const part = `${label}\n${item.text.slice(0, roomChars)}${TRUNCATED_MARK}`;
      const partTokens = estimateTokens(part);
      sent.push(part);
      left -= partTokens;
      manifestItems.push({ ...base, includedTokens: partTokens, included: 'truncated' });
    } else {
      manifestItems.push({ ...base, includedTokens: 0, included: 'dropped' });
    }
    full = false;
  }
  const count = (included: ContextManifestItem['included']) =>
    manifestItems.filter((i) => i.included === included).length;
  return {
    block: sent.length ? `${header}${sent.join('\n\n')}` : '',
    manifest: {
      items: manifestItems,
      totals: {
        items: manifestItems.length,
        full: count('full'),
        truncated: count('truncated'),
        dropped: count('dropped'),
        tokens: manifestItems.reduce((sum, i) => sum + i.tokens, 0),
        includedTokens: manifestItems.reduce((sum, i) => sum + i.includedTokens, 0),
        budget,
        reserve,
        contentLength,
      },
      estimate: `~${CHARS_PER_TOKEN} characters per token`,
    },
  };
}
