import type { ChatFileFormat } from '../../../lib/api/chat-files-contract';
import { detectImageType } from '../../../lib/files/image-type';

/**
 * What a chat file's bytes are, never what its name or declared type say: images by their signature
 * (lib/files/image-type.ts), PDF and DOCX (and anything else binary, to name it) by file-type, the
 * rest must be UTF-8 text. Only for text does the name count, to tell Markdown and CSV from plain
 * text (all three are text; an HTML document is told by its content).
 */
export type Sniffed = { format: ChatFileFormat } | { other: string };

const IMAGE_FORMAT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
/**
 * Tab, line feed, vertical tab, form feed, carriage return: the only C0 controls text has (others, and DEL, mean
 * binary).
 */
const TEXT_CONTROLS = new Set([9, 10, 11, 12, 13]);
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && !TEXT_CONTROLS.has(code)) || code === 127) return true;
  }
  return false;
};
const SPACES = /\s*/y;
const HTML_TAG = /<(?:!doctype\s+html|html|head|body)\b/iy;

/**
 * Whether `text` starts (after spaces and HTML comments) with a doctype, html, head or body tag. A
 * loop rather than one regular expression: comments matched by a lazy `[\s\S]*?` inside a repeated
 * group backtrack exponentially when no tag follows (a few hundred bytes of `<!---->` held the server).
 */
function startsAsHtml(text: string): boolean {
  let at = 0;
  for (;;) {
    SPACES.lastIndex = at;
    SPACES.test(text);
    at = SPACES.lastIndex;
    if (!text.startsWith('<!--', at)) break;
    const end = text.indexOf('-->', at + 4);
    if (end < 0) return false;
    at = end + 3;
  }
  HTML_TAG.lastIndex = at;
  return HTML_TAG.test(text);
}

/** The bytes as text, or null when they are not UTF-8 text. */
export function decodeText(bytes: Uint8Array): string | null {
  try {
    const text = utf8.decode(bytes);
    return hasControl(text) ? null : text;
  } catch {
    return null;
  }
}

const extensionOfName = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

function textFormat(text: string, name: string): ChatFileFormat {
  if (startsAsHtml(text)) return 'html';
  const ext = extensionOfName(name);
  if (ext === 'md' || ext === 'markdown') return 'md';
  if (ext === 'csv') return 'csv';
  return 'txt';
}

export async function sniffChatFile(bytes: Uint8Array, name: string): Promise<Sniffed> {
  const image = detectImageType(bytes);
  if (image) return { format: IMAGE_FORMAT[image] };
  const { fileTypeFromBuffer } = await import('file-type'); // loaded on first use: most servers never see a document
  const binary = await fileTypeFromBuffer(bytes);
  if (binary?.ext === 'pdf' || binary?.ext === 'docx') return { format: binary.ext };
  if (binary) return { other: `a ${binary.ext.toUpperCase()} file` };
  const text = decodeText(bytes);
  if (text === null) return { other: 'neither a known file type nor UTF-8 text' };
  return { format: textFormat(text, name) };
}
