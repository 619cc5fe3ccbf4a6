/**
 * Fitting the gathered context (context.ts) to a model's context length and writing it as a block of
 * the system prompt: whole when it fits; otherwise the items the user gave in order (the first that
 * does not fit cut, the rest dropped), then the gems' passages most relevant to the question.
 */
import type { ContextManifestItem, ContextPassage } from '../../../lib/api/chat-contract';
import type { ChatFileFormat } from '../../../lib/api/chat-files-contract';
import { CHARS_PER_TOKEN, contextBudget, estimateTokens } from '../../../lib/api/context-budget';
import { type ContextImage, type ContextItem, type ContextManifest, isMaterial } from './context';
import type { RankedPassage } from './retrieval';

const TRUNCATED_MARK = '\n[…truncated to fit the model’s context length]';
/** Between two passages of a gem that are not next to each other. */
const GAP_MARK = '\n\n[…]\n\n';

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
    case 'searchGem':
      parts.push(`Gem #${item.id} found by the search ${JSON.stringify(item.query ?? '')}`);
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
  const usable = items.filter(
    (item) => item.omitted === undefined && (item.kind !== 'file' || (item.format && takes(item.format))),
  );
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
      ...(item.query !== undefined ? { query: item.query } : {}),
      ...(item.url ? { url: item.url } : {}),
      title: item.title,
      tokens: item.image || item.omitted !== undefined ? 0 : estimateTokens(`${itemLabel(item)}\n${item.text}`),
      includedTokens: fit.tokens,
      included: fit.included,
      ...(item.format ? { format: item.format } : {}),
      ...(fit.passages ? { passages: fit.passages } : {}),
      ...(item.omitted !== undefined ? { omitted: item.omitted } : {}),
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
        omitted: manifestItems.reduce((sum, i) => sum + (i.omitted ?? 0), 0),
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
    (sum, item) =>
      sum + (item.image || item.omitted !== undefined ? 0 : estimateTokens(`${itemLabel(item)}\n${item.text}`)),
    0,
  );
  return tokens > contextBudget(contentLength).budget - 64;
}
