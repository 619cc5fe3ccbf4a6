/**
 * The search box's chips: a query's top-level AND terms, each a chip, except its plain words and phrases, which stay
 * typed text. A query whose top level is an OR stays text as a whole (only its `sort:` is a chip). The chips' texts
 * then the free text make the query again (`chipsText`), so text → chips → text gives back the same chips.
 */
import type { QueryNode, SearchKind, SearchQuery, SearchSort } from './ast';
import { parseSearch } from './parse';
import { normaliseQuery, printNode, printSort } from './print';

export type ChipKind = Exclude<QueryNode['kind'], 'and' | 'or' | 'not'> | 'group' | 'sort';

export interface SearchChip {
  kind: ChipKind;
  /** What the chip shows: "#recipes", "not PDFs", "sorted by title ↑". */
  label: string;
  /** The chip's own query text: `#recipes`, `-type:pdf`, `sort:title`. */
  text: string;
  negated: boolean;
}

export interface SearchChips {
  chips: SearchChip[];
  /** The plain words and phrases (or a whole top-level OR), as canonical text. */
  freeText: string;
}

/** What each kind is called in the library's words (chips, facets). */
export const kindLabels: Record<SearchKind, string> = {
  link: 'Links',
  article: 'Articles',
  image: 'Images',
  code: 'Code',
  pdf: 'PDFs',
  audio: 'Audio',
  video: 'Videos',
  quote: 'Quotes',
  note: 'Notes',
};

function nodeLabel(node: QueryNode): string {
  switch (node.kind) {
    case 'tag':
      return `#${node.path}`;
    case 'collection':
      return `in ${node.path}`;
    case 'type':
      return kindLabels[node.value];
    case 'site':
      return `on ${node.host}`;
    case 'is':
      return node.value === 'fav' ? 'Favourites' : 'Broken links';
    case 'has':
      return node.value === 'note' ? 'with a note' : 'with an image';
    case 'date':
      return `${node.op} ${node.date}`;
    case 'word':
      return node.text;
    default:
      return printNode(node);
  }
}

export function sortLabel(sort: SearchSort): string {
  return `sorted by ${sort.key} ${sort.dir === 'asc' ? '↑' : '↓'}`;
}

function chipOf(node: QueryNode): SearchChip {
  const negated = node.kind === 'not';
  const inner = node.kind === 'not' ? node.child : node;
  const kind: ChipKind = inner.kind === 'and' || inner.kind === 'or' || inner.kind === 'not' ? 'group' : inner.kind;
  const label = nodeLabel(inner);
  const text = kind === 'group' && !negated ? `(${printNode(inner)})` : printNode(node);
  return { kind, label: negated ? `not ${label}` : label, text, negated };
}

const isFreeText = (node: QueryNode) => node.kind === 'word' || node.kind === 'phrase';

export function searchChips(query: SearchQuery): SearchChips {
  const { root, sort } = normaliseQuery(query);
  const terms = root === null ? [] : root.kind === 'and' ? root.children : [root];
  const whole = root?.kind === 'or';
  const chips = whole ? [] : terms.filter((node) => !isFreeText(node)).map(chipOf);
  if (sort) chips.push({ kind: 'sort', label: sortLabel(sort), text: printSort(sort), negated: false });
  const freeText = whole && root ? printNode(root) : terms.filter(isFreeText).map(printNode).join(' ');
  return { chips, freeText };
}

/** Chips' texts and then typed text as one query; typed text that is an OR is kept apart in parentheses. */
export function joinQueryText(chipTexts: string[], freeText: string): string {
  // not trimmed: a trailing `\ ` is an escaped space
  const typed = /^\s*$/.test(freeText) ? '' : freeText;
  const parsed = chipTexts.length > 0 && typed !== '' ? parseSearch(typed) : null;
  const grouped = parsed?.ok && parsed.query.root?.kind === 'or' && !parsed.query.sort ? `(${typed})` : typed;
  return [...chipTexts, grouped].filter((text) => text !== '').join(' ');
}

export const chipsText = ({ chips, freeText }: SearchChips): string =>
  joinQueryText(
    chips.map((chip) => chip.text),
    freeText,
  );

/** The query's text without its chip at `index`. */
export function removeChip(model: SearchChips, index: number): string {
  return chipsText({ ...model, chips: model.chips.filter((_, at) => at !== index) });
}

/** The query's text with the chip at `index` negated (or no longer), or for `sort:` the other direction. */
export function toggleChip(model: SearchChips, index: number): string {
  const chips = model.chips.map((chip, at) => (at === index ? toggled(chip) : chip));
  return chipsText({ ...model, chips });
}

function toggled(chip: SearchChip): SearchChip {
  const parsed = parseSearch(chip.text);
  if (!parsed.ok) return chip;
  const { root, sort } = parsed.query;
  if (sort) {
    const other: SearchSort = { key: sort.key, dir: sort.dir === 'asc' ? 'desc' : 'asc' };
    return { ...chip, label: sortLabel(other), text: printSort(other) };
  }
  if (root === null) return chip;
  return chipOf(root.kind === 'not' ? root.child : { kind: 'not', child: root });
}
