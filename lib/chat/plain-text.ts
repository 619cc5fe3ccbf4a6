import { Lexer, type Token } from 'marked';

/** Tokens that end a block: a space goes between them and what follows. */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'code',
  'blockquote',
  'list',
  'list_item',
  'table',
  'hr',
  'space',
  'br',
]);

/** The words of `tokens` in reading order; raw HTML is left out (never shown). */
function words(tokens: readonly Token[], out: string[]) {
  for (const token of tokens) {
    if (token.type === 'html') continue;
    if (token.type === 'list') words(token.items as Token[], out);
    else if (token.type === 'table') {
      for (const cell of [...token.header, ...token.rows.flat()] as { tokens: Token[] }[]) {
        words(cell.tokens, out);
        out.push(' ');
      }
    } else if ('tokens' in token && token.tokens?.length) words(token.tokens, out);
    else if (token.type === 'image') out.push(token.text);
    else if ('text' in token && typeof token.text === 'string') out.push(token.text);
    if (BLOCKS.has(token.type)) out.push(' ');
  }
}

/**
 * Markdown as the plain text it reads as, on one line: for an excerpt (the chat history's), where `**`, `#` and
 * link targets would be noise. Cut short markdown (an unclosed `**`) stays as written.
 */
export function markdownToPlainText(markdown: string): string {
  const out: string[] = [];
  words(new Lexer().lex(markdown), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
