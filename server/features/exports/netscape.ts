import type { Db } from '../../db/client';
import { type ExportGem, gemPages } from './gem-pages';
import type { ExportScope, ScopeCollection } from './scope';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function bookmark(gem: ExportGem, scope: ExportScope, indent: string): string {
  const tags = gem.tagIds.map((id) => scope.tagPaths.get(id)).filter((path): path is string => Boolean(path));
  const attributes = [
    `HREF="${escapeHtml(gem.url)}"`,
    `ADD_DATE="${seconds(gem.createdAt)}"`,
    `LAST_MODIFIED="${seconds(gem.updatedAt)}"`,
    ...(tags.length ? [`TAGS="${escapeHtml(tags.join(','))}"`] : []),
  ];
  const line = `${indent}<DT><A ${attributes.join(' ')}>${escapeHtml(gem.title)}</A>\n`;
  return gem.description ? `${line}${indent}<DD>${escapeHtml(gem.description)}\n` : line;
}

/**
 * The Netscape bookmark file every browser imports: each collection a folder (nested as the collections are), each
 * save a bookmark with its `ADD_DATE`, `LAST_MODIFIED`, `TAGS` (tag paths) and description (`<DD>`). A library
 * export puts Unfiltered's saves at the top, outside any folder (where the import puts saves with none). Written
 * folder by folder, each folder's saves a page at a time.
 */
export async function* netscapeHtml(db: Db, scope: ExportScope): AsyncGenerator<string> {
  yield [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
    '',
  ].join('\n');
  const children = new Map<number | null, ScopeCollection[]>();
  for (const c of scope.collections) {
    const list = children.get(c.parentId);
    if (list) list.push(c);
    else children.set(c.parentId, [c]);
  }
  async function* folder(c: ScopeCollection, depth: number): AsyncGenerator<string> {
    const indent = '    '.repeat(depth);
    yield `${indent}<DT><H3 ADD_DATE="${seconds(c.createdAt)}" LAST_MODIFIED="${seconds(c.updatedAt)}">${escapeHtml(c.name)}</H3>\n${indent}<DL><p>\n`;
    yield* contents(c, depth + 1);
    yield `${indent}</DL><p>\n`;
  }
  async function* contents(c: ScopeCollection, depth: number): AsyncGenerator<string> {
    for (const child of children.get(c.id) ?? []) yield* folder(child, depth);
    const indent = '    '.repeat(depth);
    for await (const page of gemPages(db, scope, { savesOnly: true, collectionId: c.id }))
      yield page.map((gem) => bookmark(gem, scope, indent)).join('');
  }
  for (const top of children.get(null) ?? []) {
    if (scope.kind === 'library' && top.role === 'unfiltered') yield* contents(top, 1);
    else if (scope.kind === 'library' && top.role === 'aiChats' && !children.get(top.id)) continue;
    else yield* folder(top, 1);
  }
  yield '</DL><p>\n';
}
