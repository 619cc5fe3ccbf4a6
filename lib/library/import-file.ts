import { type ImportBody, MAX_IMPORT_BYTES } from '../api/import-contract';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

const tooLarge = (name: string, bytes: number) =>
  `${name} is ${megabytes(bytes)}; an import takes at most ${megabytes(MAX_IMPORT_BYTES)}. ` +
  'Split it into smaller files, or export it again without icons.';

/** Why a file cannot be sent, from its size alone (before it is read), or null. */
export function fileSizeProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  return file.size > MAX_IMPORT_BYTES ? tooLarge(file.name, file.size) : null;
}

/**
 * Why `body` cannot be sent, or null: the server takes at most MAX_IMPORT_BYTES of JSON, and escaping (a `"` in
 * every HTML attribute becomes `\"`) makes the request larger than the file.
 */
export function importBodyProblem(body: ImportBody): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
  return bytes > MAX_IMPORT_BYTES ? tooLarge(body.fileName, bytes) : null;
}

/** What the import needs of a browser's bookmark (browser.bookmarks.BookmarkTreeNode). */
export interface BookmarkNode {
  title: string;
  url?: string;
  dateAdded?: number;
  /** Firefox's separators are nodes of their own. */
  type?: string;
  children?: BookmarkNode[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const holdsBookmarks = (node: BookmarkNode): boolean =>
  node.url !== undefined || (node.children ?? []).some(holdsBookmarks);

/** The bookmarks under `node`, folders included in the count of none. */
export const countBookmarks = (nodes: readonly BookmarkNode[]): number =>
  nodes.reduce((n, node) => n + (node.url !== undefined ? 1 : countBookmarks(node.children ?? [])), 0);

/**
 * The browser's bookmark tree (browser.bookmarks.getTree()) as the Netscape bookmark file a browser exports, for the
 * import to read like any other: its top folders (the bar, other and mobile bookmarks, named as the browser names
 * them) become collections, except the empty ones; each folder within is a sub-collection, ADD_DATE keeps when it
 * was added.
 */
export function bookmarksAsNetscape(tree: readonly BookmarkNode[]): string {
  const lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<TITLE>Bookmarks</TITLE>', '<H1>Bookmarks</H1>', '<DL><p>'];
  const write = (node: BookmarkNode, depth: number) => {
    const indent = '    '.repeat(depth);
    const added = node.dateAdded ? ` ADD_DATE="${Math.floor(node.dateAdded / 1000)}"` : '';
    if (node.type === 'separator') return;
    if (node.url !== undefined) {
      lines.push(`${indent}<DT><A HREF="${escapeHtml(node.url)}"${added}>${escapeHtml(node.title)}</A>`);
      return;
    }
    lines.push(`${indent}<DT><H3${added}>${escapeHtml(node.title)}</H3>`, `${indent}<DL><p>`);
    for (const child of node.children ?? []) write(child, depth + 1);
    lines.push(`${indent}</DL><p>`);
  };
  // getTree() answers the one root; its children are the browser's own top folders.
  const tops = tree.flatMap((root) => root.children ?? []);
  for (const top of tops) if (holdsBookmarks(top)) write(top, 1);
  lines.push('</DL><p>', '');
  return lines.join('\n');
}
