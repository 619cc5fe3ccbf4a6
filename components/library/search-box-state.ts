/**
 * The search box's content: chips for the terms already entered and the text still being typed (see
 * lib/search/chips.ts). Pure functions, so the hook (use-search-box.ts) only decides when to call them.
 */
import type { SearchQuery, SearchSyntaxError } from '@/lib/search/ast';
import { joinQueryText, type SearchChip, searchChips } from '@/lib/search/chips';
import { parseSearch } from '@/lib/search/parse';

export interface BoxContent {
  chips: SearchChip[];
  draft: string;
}

export const emptyBox: BoxContent = { chips: [], draft: '' };

/** A whole query's text as chips and typed text; text that cannot be parsed stays typed, to be corrected. */
export function boxFromText(text: string): BoxContent {
  const parsed = parseSearch(text);
  if (!parsed.ok) return { chips: [], draft: text };
  const { chips, freeText } = searchChips(parsed.query);
  return { chips, draft: freeText };
}

/** The query the box holds; a `sort:` typed in the box takes the place of a sort chip. */
export function boxText({ chips, draft }: BoxContent): string {
  const typed = parseSearch(draft);
  const kept = typed.ok && typed.query.sort ? chips.filter((chip) => chip.kind !== 'sort') : chips;
  return joinQueryText(
    kept.map((chip) => chip.text),
    draft,
  );
}

export type BoxParse = { ok: true; query: SearchQuery } | { ok: false; error: SearchSyntaxError };

/** The box's query, or its error with the position in the typed text (where the user can see it). */
export function parseBox(box: BoxContent): BoxParse {
  const typed = parseSearch(box.draft);
  if (!typed.ok) return typed;
  const whole = parseSearch(boxText(box));
  if (whole.ok) return whole;
  return { ok: false, error: { ...whole.error, position: Math.min(whole.error.position, box.draft.length) } };
}

/**
 * The box with the quote its typed text leaves open closed (`collection:"Recipes/Des` → `…/Des"`), when that is all
 * the text lacks: a quoted value still being typed, not a mistake.
 */
export function closeOpenQuote(box: BoxContent): BoxContent {
  if (parseSearch(box.draft).ok) return box;
  const closed = `${box.draft}"`;
  return parseSearch(closed).ok ? { ...box, draft: closed } : box;
}

const sortLast = (chips: SearchChip[]) => [
  ...chips.filter((chip) => chip.kind !== 'sort'),
  ...chips.filter((chip) => chip.kind === 'sort'),
];

/**
 * The typed text's finished terms become chips (its words and phrases stay typed). Nothing moves while the text
 * cannot be parsed, nor when it is an OR, which stays text as a whole.
 */
export function commitDraft(box: BoxContent): BoxContent {
  const typed = parseSearch(box.draft);
  if (!typed.ok || typed.query.root?.kind === 'or') return box;
  const model = searchChips(typed.query);
  if (model.chips.length === 0) return box;
  const replacesSort = typed.query.sort !== undefined;
  const kept = replacesSort ? box.chips.filter((chip) => chip.kind !== 'sort') : box.chips;
  return { chips: sortLast([...kept, ...model.chips]), draft: model.freeText };
}
