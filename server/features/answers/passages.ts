/**
 * Passages of a text for retrieval: paragraphs (split at blank lines) grouped in order into passages
 * of at most PASSAGE_CHARS characters; a paragraph longer than that is cut at the last sentence end
 * or space before the limit. A passage is a [start, end) range of the text.
 */

/** ~300 tokens: small enough that several relevant passages of different gems fit, big enough to make sense alone. */
export const PASSAGE_CHARS = 1200;

export interface PassageRange {
  start: number;
  end: number;
}

const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/g;

/** The paragraphs of `text` as ranges, without the whitespace around them. */
function paragraphs(text: string): PassageRange[] {
  const ranges: PassageRange[] = [];
  let from = 0;
  const push = (start: number, end: number) => {
    const body = text.slice(start, end);
    const lead = body.length - body.trimStart().length;
    const trail = body.length - body.trimEnd().length;
    if (end - trail > start + lead) ranges.push({ start: start + lead, end: end - trail });
  };
  for (const match of text.matchAll(PARAGRAPH_BREAK)) {
    push(from, match.index);
    from = match.index + match[0].length;
  }
  push(from, text.length);
  return ranges;
}

/** A paragraph cut into pieces of at most `max` characters, at a sentence end or space when there is one. */
function pieces(text: string, range: PassageRange, max: number): PassageRange[] {
  const out: PassageRange[] = [];
  let start = range.start;
  while (range.end - start > max) {
    const window = text.slice(start, start + max);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
    const space = window.lastIndexOf(' ');
    const cut = sentence > max / 2 ? sentence + 1 : space > max / 2 ? space : max;
    out.push({ start, end: start + cut });
    start += cut;
    while (start < range.end && /\s/.test(text[start] ?? '')) start++;
  }
  if (range.end > start) out.push({ start, end: range.end });
  return out;
}

/** The passages of `text`, in order; none for blank text. */
export function splitPassages(text: string, max = PASSAGE_CHARS): PassageRange[] {
  const passages: PassageRange[] = [];
  let current: PassageRange | undefined;
  for (const paragraph of paragraphs(text)) {
    for (const piece of pieces(text, paragraph, max)) {
      if (current && piece.end - current.start <= max) current.end = piece.end;
      else {
        current = { ...piece };
        passages.push(current);
      }
    }
  }
  return passages;
}
