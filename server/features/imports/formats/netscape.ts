import { Parser } from 'htmlparser2';
import { ImportDraft, type ParsedImport } from './draft';

/**
 * The Netscape bookmark file every browser exports: `<DT><H3>` names a folder whose `<DL>` follows, `<DT><A HREF
 * ADD_DATE TAGS>` is a bookmark and an optional `<DD>` after it is its description. The markup is loose (no
 * closing `</DT>`, stray `<p>`), so it is read as a stream of tags rather than a tree: only `<DL>` opens and closes
 * a level.
 */
export function readNetscape(html: string): ParsedImport {
  const draft = new ImportDraft('netscape-html');
  const parser = netscapeParser(draft);
  parser.write(html);
  parser.end();
  return draft.result();
}

/**
 * A reader of a bookmark file given in parts (any cut, even inside a tag): its items, folders and problems go to
 * `draft` as each part is read, so a caller can take them away between parts (see stageNetscapeImport).
 */
export function netscapeParser(draft: ImportDraft): { write(part: string): void; end(): void } {
  /** One entry per open `<DL>`: the folder it lists (null for the file's outer list). */
  const levels: (string | null)[] = [];
  let folderName: string | null = null;
  let text = '';
  let reading: 'folder' | 'link' | 'description' | null = null;
  let link: Record<string, string> = {};
  let pending: { where: string; link: Record<string, string>; title: string; description: string } | null = null;
  let count = 0;

  const path = () => levels.filter((name): name is string => name !== null);
  /** A `<DD>` runs until the next `<DT>` or the end of its list. */
  const endDescription = () => {
    if (reading !== 'description') return;
    if (pending) pending.description = text.trim();
    reading = null;
  };
  const flush = () => {
    if (!pending) return;
    const { where, link: attrs, title, description } = pending;
    draft.add(where, {
      url: attrs.href,
      title,
      description,
      tags: (attrs.tags ?? '').split(','),
      collection: path(),
      createdAt: attrs.add_date,
      image: attrs.icon_uri,
    });
    pending = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'dt' || name === 'dl') {
          endDescription();
          flush();
        }
        if (name === 'dl') {
          levels.push(folderName);
          if (folderName !== null) draft.folder(path());
          folderName = null;
        } else if (name === 'h3') {
          reading = 'folder';
          text = '';
        } else if (name === 'a') {
          reading = 'link';
          text = '';
          link = attributes;
        } else if (name === 'dd' && pending) {
          reading = 'description';
          text = '';
        }
      },
      ontext(chunk) {
        if (reading) text += chunk;
      },
      onclosetag(name) {
        if (name === 'h3' && reading === 'folder') {
          folderName = text.trim() || 'Untitled folder';
          reading = null;
        } else if (name === 'a' && reading === 'link') {
          count += 1;
          pending = { where: `bookmark ${count}`, link, title: text.trim(), description: '' };
          reading = null;
        } else if (name === 'dl') {
          endDescription();
          flush();
          levels.pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  return {
    write: (part) => parser.write(part),
    end() {
      parser.end();
      endDescription();
      flush();
    },
  };
}
