const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
const LINE = new Set(['BR', 'LI', 'TR', 'DT', 'DD', 'OPTION']);
const PARAGRAPH = new Set(
  'ADDRESS ARTICLE ASIDE BLOCKQUOTE DETAILS DIV DL FIELDSET FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR MAIN NAV OL P PRE SECTION SUMMARY TABLE UL'.split(
    ' ',
  ),
);

/** Block-aware text: inline whitespace collapsed, paragraphs separated by blank lines, <pre> kept verbatim. */
export function blockText(root: Node): string {
  let out = '';
  const breakLines = (count: number) => {
    out = out.replace(/[ \t]+$/, '');
    const have = out.length - out.replace(/\n+$/, '').length;
    if (out && have < count) out += '\n'.repeat(count - have);
  };
  const walk = (node: Node, pre: boolean) => {
    if (node.nodeType === TEXT_NODE) {
      const data = node.nodeValue ?? '';
      if (pre) out += data;
      else out += /(^|[\n ])$/.test(out) ? data.replace(/\s+/g, ' ').trimStart() : data.replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE || SKIP.has(node.nodeName.toUpperCase())) return;
    const name = node.nodeName.toUpperCase();
    const gap = PARAGRAPH.has(name) ? 2 : LINE.has(name) ? 1 : 0;
    if (gap) breakLines(gap);
    if (name === 'TD' || name === 'TH') out += ' ';
    for (const child of node.childNodes) walk(child, pre || name === 'PRE');
    if (gap) breakLines(gap);
  };
  walk(root, false);
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
