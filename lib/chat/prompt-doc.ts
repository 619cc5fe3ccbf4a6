/**
 * The prompt editor's document (ProseMirror JSON, as tiptap gives it) and the prompt's text. The text is
 * what the model receives and what the panel shows: markdown-like plain text, never HTML. One block is
 * one line, so `{{variables}}` and a queue's `---` lines stay as the author wrote them; a horizontal rule
 * (the editor turns a typed `---` into one) is the queue separator.
 */

export interface DocMark {
  type: string;
  attrs?: Record<string, unknown>;
}
export interface DocNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: DocMark[];
  content?: DocNode[];
}

const SAFE_LINK = /^(https?:|mailto:)/i;

function inline(nodes: DocNode[] = []): string {
  return nodes
    .map((node) => {
      if (node.type === 'hardBreak') return '\n';
      let text = node.text ?? '';
      if (!text.trim()) return text;
      const marks = new Set(node.marks?.map((m) => m.type));
      if (marks.has('italic')) text = `*${text}*`;
      if (marks.has('bold')) text = `**${text}**`;
      const href = node.marks?.find((m) => m.type === 'link')?.attrs?.href;
      if (typeof href === 'string' && SAFE_LINK.test(href)) text = `[${text}](${href})`;
      return text;
    })
    .join('');
}

function block(node: DocNode, indent: string): string[] {
  switch (node.type) {
    case 'heading': {
      const level = Number(node.attrs?.level) === 1 ? 1 : 2;
      return [`${indent}${'#'.repeat(level)} ${inline(node.content)}`];
    }
    case 'horizontalRule':
      return ['---'];
    case 'bulletList':
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1) || 1;
      return (node.content ?? []).flatMap((item, i) => {
        const marker = node.type === 'bulletList' ? '- ' : `${start + i}. `;
        const [first, ...rest] = (item.content ?? []).flatMap((child) =>
          block(child, `${indent}${' '.repeat(marker.length)}`),
        );
        return [`${indent}${marker}${(first ?? '').trimStart()}`, ...rest];
      });
    }
    default:
      return [`${indent}${inline(node.content)}`];
  }
}

/** The text of an editor document: one line per block, lists as `- ` and `1. `, bold and italic as `**` and `*`. */
export function docToText(doc: DocNode): string {
  return (doc.content ?? [])
    .flatMap((node) => block(node, ''))
    .join('\n')
    .trim();
}

/** A document holding `text` as it is: one paragraph per line, a `---` line as a horizontal rule. */
export function textToDoc(text: string): DocNode {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return {
    type: 'doc',
    content: lines.map((line) =>
      /^\s*---\s*$/.test(line)
        ? { type: 'horizontalRule' }
        : { type: 'paragraph', ...(line ? { content: [{ type: 'text', text: line }] } : {}) },
    ),
  };
}
