/**
 * Context assembly (issues 4 and 10): the items a question is asked with, gathered from the request,
 * the user's files and gems, fitted to the model's context length and turned into a block of the
 * system prompt (images go to vision models as images, beside the question).
 *
 * The token estimate and the budget are shared with the side panel: lib/api/context-budget.ts.
 *
 * Items are kept in priority order (free text, files, page extract, chosen gems, page gems,
 * collection gems, sub-collections included). When everything fits it is sent whole. Otherwise the
 * items the user gave (free text, files, page extract) go first in that order, the first one that
 * does not fit cut to the room left and the rest of them dropped; the room then left is filled with
 * the gems' passages most relevant to the question (server/ai/retrieval.ts), best first, and the
 * manifest names each passage sent. A gem appears once, under its first (highest-priority) kind.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { canonicalizeUrl } from '../../lib/api/canonical-url';
import type { ChatContextInput, ContextManifestItem, ContextPassage } from '../../lib/api/chat-contract';
import type { ChatFileFormat } from '../../lib/api/chat-files-contract';
import { CHARS_PER_TOKEN, contextBudget, estimateTokens } from '../../lib/api/context-budget';
import type { Db } from '../db/client';
import { collections, gems } from '../db/schema';
import { ApiError } from '../http/errors';
import { loadContextFiles } from '../services/chat-files';
import { subtreeIds } from '../services/collections';
import type { FileStore } from '../storage/file-store';
import type { RankedPassage } from './retrieval';

export {
  CHARS_PER_TOKEN,
  contextBudget,
  estimateTokens,
  MIN_RESERVE_TOKENS,
  RESERVE_SHARE,
} from '../../lib/api/context-budget';

/** At most this many gems are read from one chosen collection and its sub-collections (newest first). */
export const MAX_GEMS_PER_COLLECTION = 1000;
const TRUNCATED_MARK = '\n[…truncated to fit the model’s context length]';
/** Between two passages of a gem that are not next to each other. */
const GAP_MARK = '\n\n[…]\n\n';

export interface ContextItem {
  kind: ContextManifestItem['kind'];
  id?: number;
  collectionId?: number;
  url?: string;
  title: string;
  text: string;
  /** A gem's `updated_at` when its text was read (its passages are cut from that version). */
  updatedAt?: Date;
  /** A file's format; an image file has `image` and no text. */
  format?: ChatFileFormat;
  image?: { bytes: Uint8Array; mediaType: string };
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

/** Gems (chosen, at the page, in a collection): the material passages are chosen from when it does not all fit. */
const isMaterial = (item: ContextItem) =>
  item.kind === 'gem' || item.kind === 'pageGem' || item.kind === 'collectionGem';

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
  updatedAt: gem.updatedAt,
});

/** Where the context is gathered for: the chat (null: temporary), its file store, and whether to skip what is gone. */
export interface GatherOptions {
  store: FileStore;
  chatId: number | null;
  /** Regenerating: chosen items deleted since are skipped rather than refused. */
  lenient?: boolean;
}

/**
 * The items of `input` in priority order. Chosen file, gem and collection ids must be the user's: an
 * unknown one is a 404 naming the field, unless `lenient` (regenerating: what went since is skipped).
 */
export async function gatherContext(
  db: Db,
  userId: number,
  input: ChatContextInput | undefined,
  { store, chatId, lenient = false }: GatherOptions,
): Promise<ContextItem[]> {
  if (!input) return [];
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
        const below = await subtreeIds(db, userId, id);
        const rows = await db
          .select()
          .from(gems)
          .where(and(eq(gems.ownerId, userId), inArray(gems.collectionId, below), ne(gems.mediaType, 'AIChat')))
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
    case 'file':
      parts.push(`File #${item.id} "${item.title}" from the user`);
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
  if (item.kind !== 'text' && item.kind !== 'file' && item.kind !== 'memory' && item.title)
    parts.push(`"${item.title}"`);
  if (isMaterial(item) && item.url) parts.push(`(${item.url})`);
  return `### ${parts.join(' ')}`;
}

export interface FitOptions {
  /** The question's ranking of the gems' passages (retrieval.ts); without it, what does not fit is cut in order. */
  ranking?: RankedPassage[];
  /** Whether the model takes a file of this format (an image: only with vision); a file it does not is dropped. */
  takes?: (format: ChatFileFormat) => boolean;
}

/** What is sent of one item: its text (null: nothing), its tokens and its manifest inclusion. */
interface Fitted {
  sent: string | null;
  tokens: number;
  included: ContextManifestItem['included'];
  passages?: ContextPassage[];
}

const DROPPED: Fitted = { sent: null, tokens: 0, included: 'dropped' };

/**
 * Fits `items` in order into `left` tokens: whole while they fit, the first one that does not cut
 * to the room left (when a useful part of it fits), the rest dropped.
 */
function fitInOrder(items: ContextItem[], left: number) {
  const fitted = new Map<ContextItem, Fitted>();
  let room = left;
  let full = true;
  for (const item of items) {
    const label = itemLabel(item);
    const whole = `${label}\n${item.text}`;
    const tokens = estimateTokens(whole);
    if (full && tokens <= room) {
      fitted.set(item, { sent: whole, tokens, included: 'full' });
      room -= tokens;
      continue;
    }
    const roomChars = room * CHARS_PER_TOKEN - label.length - 1 - TRUNCATED_MARK.length;
    if (full && roomChars >= CHARS_PER_TOKEN * 16) {
      const part = `${label}\n${item.text.slice(0, roomChars)}${TRUNCATED_MARK}`;
      const partTokens = estimateTokens(part);
      fitted.set(item, { sent: part, tokens: partTokens, included: 'truncated' });
      room -= partTokens;
    } else fitted.set(item, DROPPED);
    full = false;
  }
  return { fitted, left: room };
}

/**
 * Fills `left` tokens with the gems' passages, best ranked first (a passage that does not fit is
 * skipped for smaller ones after it). A gem all of whose passages fit is sent whole; one with some is
 * sent as those passages in its own order, gaps marked; one with none is dropped.
 */
function fitPassages(items: ContextItem[], ranking: RankedPassage[], left: number) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const chosen = new Map<ContextItem, RankedPassage[]>();
  const counts = new Map<number, number>();
  for (const passage of ranking) counts.set(passage.gemId, (counts.get(passage.gemId) ?? 0) + 1);
  let room = left;
  for (const passage of ranking) {
    const item = byId.get(passage.gemId);
    if (!item) continue;
    const first = !chosen.has(item);
    const cost =
      estimateTokens(item.text.slice(passage.start, passage.end) + GAP_MARK) +
      (first ? estimateTokens(`${itemLabel(item)}\n`) : 0);
    if (cost > room) continue;
    room -= cost;
    chosen.set(item, [...(chosen.get(item) ?? []), passage]);
  }
  const fitted = new Map<ContextItem, Fitted>();
  for (const item of items) {
    const passages = (chosen.get(item) ?? []).sort((a, b) => a.index - b.index);
    if (!passages.length) {
      fitted.set(item, DROPPED);
      continue;
    }
    const all = passages.length === counts.get(item.id ?? 0);
    const body = all
      ? item.text
      : passages
          .map((p, i) =>
            i > 0 && passages[i - 1]?.index !== p.index - 1
              ? `${GAP_MARK}${item.text.slice(p.start, p.end)}`
              : `${i > 0 ? '\n\n' : ''}${item.text.slice(p.start, p.end)}`,
          )
          .join('');
    const sent = `${itemLabel(item)}\n${body}`;
    fitted.set(item, {
      sent,
      tokens: estimateTokens(sent),
      included: all ? 'full' : 'truncated',
      ...(all ? {} : { passages: passages.map(({ index, start, end, score }) => ({ index, start, end, score })) }),
    });
  }
  return fitted;
}

/**
 * Fits `items` into `contentLength` and returns the system-prompt block (empty when there are no
 * text items), the images to send beside the question, and the manifest stored on the message.
 */
export function fitContext(
  items: ContextItem[],
  contentLength: number,
  { ranking, takes = () => true }: FitOptions = {},
): { block: string; images: ContextImage[]; manifest: ContextManifest } {
  const { reserve, budget } = contextBudget(contentLength);
  const usable = items.filter((item) => item.kind !== 'file' || (item.format && takes(item.format)));
  const texts = usable.filter((item) => !item.image);
  const header = texts.length
    ? 'The user asked with this context. Use it to answer, and say so when it does not cover the question.\n\n'
    : '';
  const room = budget - estimateTokens(header);
  const wholeTokens = texts.reduce((sum, item) => sum + estimateTokens(`${itemLabel(item)}\n${item.text}`), 0);
  let fitted: Map<ContextItem, Fitted>;
  if (wholeTokens <= room || !ranking) fitted = fitInOrder(texts, room).fitted;
  else {
    const given = fitInOrder(
      texts.filter((item) => !isMaterial(item)),
      room,
    );
    fitted = new Map([...given.fitted, ...fitPassages(texts.filter(isMaterial), ranking, given.left)]);
  }
  const images: ContextImage[] = [];
  for (const item of usable) {
    if (!item.image || item.id === undefined) continue;
    images.push({ id: item.id, ...item.image });
    fitted.set(item, { sent: null, tokens: 0, included: 'full' });
  }
  const manifestItems: ContextManifestItem[] = items.map((item) => {
    const fit = fitted.get(item) ?? DROPPED;
    return {
      kind: item.kind,
      ...(item.id !== undefined ? { id: item.id } : {}),
      ...(item.collectionId ? { collectionId: item.collectionId } : {}),
      ...(item.url ? { url: item.url } : {}),
      title: item.title,
      tokens: item.image ? 0 : estimateTokens(`${itemLabel(item)}\n${item.text}`),
      includedTokens: fit.tokens,
      included: fit.included,
      ...(item.format ? { format: item.format } : {}),
      ...(fit.passages ? { passages: fit.passages } : {}),
    };
  });
  const sent = items.map((item) => fitted.get(item)?.sent).filter((text): text is string => !!text);
  const count = (included: ContextManifestItem['included']) =>
    manifestItems.filter((i) => i.included === included).length;
  return {
    block: sent.length ? `${header}${sent.join('\n\n')}` : '',
    images,
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

/** Whether `items` may not all fit `contentLength` whole, so the gems' passages need ranking. */
export function needsRanking(items: ContextItem[], contentLength: number): boolean {
  if (!items.some(isMaterial)) return false;
  const tokens = items.reduce(
    (sum, item) => sum + (item.image ? 0 : estimateTokens(`${itemLabel(item)}\n${item.text}`)),
    0,
  );
  return tokens > contextBudget(contentLength).budget - 64;
}
