const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
const LINE = new Set(['BR', 'LI', 'TR', 'DT', 'DD', 'OPTION']);
const PARAGRAPH = new Set(
  'ADDRESS ARTICLE ASIDE BLOCKQUOTE DETAILS DIV DL FIELDSET FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR MAIN NAV OL P PRE SECTION SUMMARY TABLE UL'.split(
    ' ',
  ),
);

/**
 * Block-aware text: inline whitespace collapsed, paragraphs separated by blank lines, <pre> kept verbatim. Built as a
 * list of pieces that only ever looks at its last ones, so a long article costs time in proportion to its length.
 */
export function blockText(root: Node): string {
  const pieces: string[] = [];
  const lastChar = () => pieces.at(-1)?.at(-1);
  const trimTrailingSpaces = () => {
    while (pieces.length && (lastChar() === ' ' || lastChar() === '\t')) {
      const trimmed = (pieces.pop() as string).replace(/[ \t]+$/, '');
      if (trimmed) pieces.push(trimmed);
    }
  };
  const trailingNewlines = () => {
    let count = 0;
    for (let i = pieces.length - 1; i >= 0; i--) {
      const piece = pieces[i] as string;
      const kept = piece.replace(/\n+$/, '');
      count += piece.length - kept.length;
      if (kept) break;
    }
    return count;
  };
  const breakLines = (count: number) => {
    trimTrailingSpaces();
    const have = trailingNewlines();
    if (pieces.length && have < count) pieces.push('\n'.repeat(count - have));
  };
  const append = (text: string) => {
    if (text) pieces.push(text);
  };
  const walk = (node: Node, pre: boolean) => {
    if (node.nodeType === TEXT_NODE) {
      const data = node.nodeValue ?? '';
      if (pre) append(data);
      else {
        const last = lastChar();
        const collapsed = data.replace(/\s+/g, ' ');
        append(last === undefined || last === '\n' || last === ' ' ? collapsed.trimStart() : collapsed);
      }
      return;
    }
    if (node.nodeType !== ELEMENT_NODE || SKIP.has(node.nodeName.toUpperCase())) return;
    const name = node.nodeName.toUpperCase();
    const gap = PARAGRAPH.has(name) ? 2 : LINE.has(name) ? 1 : 0;
    if (gap) breakLines(gap);
    if (name === 'TD' || name === 'TH') append(' ');
    for (const child of node.childNodes) walk(child, pre || name === 'PRE');
    if (gap) breakLines(gap);
  };
  walk(root, false);
  return pieces
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
