import { getDefaults, Lexer } from 'marked';

/** One top-level markdown block: marked's token type and its exact source text. */
export interface MarkdownBlock {
  type: string;
  raw: string;
  /** Offset of `raw` in the split's source. */
  start: number;
}

export interface MarkdownSplit {
  /** The text as given, to tell whether the next text is the same. */
  input: string;
  /** `input` with CRLF and CR line endings turned into LF (as marked does); the blocks' raws concatenate to it. */
  source: string;
  blocks: MarkdownBlock[];
}

const options = getDefaults();

/** Block-level lexing only: the inline pass marked's `lex` also runs is react-markdown's job. */
function lex(source: string, start: number): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let offset = start;
  for (const token of new Lexer(options).blockTokens(source)) {
    blocks.push({ type: token.type, raw: token.raw, start: offset });
    offset += token.raw.length;
  }
  return blocks;
}

/** Index of the last block before `before` that is not blank lines, or -1. */
export function lastContentBlock(blocks: readonly MarkdownBlock[], before = blocks.length): number {
  for (let i = before - 1; i >= 0; i--) if (blocks[i]?.type !== 'space') return i;
  return -1;
}

/**
 * Splits markdown into top-level blocks. Given the previous split of a text that the new one extends
 * (a streamed answer), only the tail from the second-last non-blank block on is lexed again: the last
 * block can still join the one before it ("2" after a list becomes its next item "2."), and blank
 * lines after a list may still be followed by more of that list; the blocks before can no longer change.
 */
export function splitMarkdown(input: string, previous?: MarkdownSplit): MarkdownSplit {
  if (previous?.input === input) return previous;
  const source = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  if (!previous || !source.startsWith(previous.source)) return { input, source, blocks: lex(source, 0) };
  const keep = Math.max(0, lastContentBlock(previous.blocks, lastContentBlock(previous.blocks)));
  const from = previous.blocks[keep]?.start ?? 0;
  return { input, source, blocks: [...previous.blocks.slice(0, keep), ...lex(source.slice(from), from)] };
}

const OPENING_FENCE = /^[ \t>]*(`{3,}|~{3,})/;
const CLOSING_FENCE = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/;

/**
 * Whether a code block's source (from its opening fence to its end) has its closing fence. Unclosed
 * fences run to the end of the text, so while an answer streams this is what tells a finished code
 * block from one still being written. Indented code has no fence and counts as closed. Lines inside
 * a blockquote keep their `>` markers, which are skipped.
 */
export function fenceClosed(source: string): boolean {
  const open = OPENING_FENCE.exec(source);
  if (!open?.[1]) return true;
  const lastLineStart = source.trimEnd().lastIndexOf('\n');
  if (lastLineStart < 0) return false;
  const close = CLOSING_FENCE.exec(source.slice(lastLineStart + 1).trimEnd());
  return !!close?.[1] && close[1][0] === open[1][0] && close[1].length >= open[1].length;
}
