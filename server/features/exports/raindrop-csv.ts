import type { Db } from '../../db/client';
import { gemPages } from './gem-pages';
import type { ExportScope } from './scope';

/** Raindrop's export columns (server/features/imports/formats/csv-formats.ts reads them back). */
const COLUMNS = [
  'id',
  'title',
  'note',
  'excerpt',
  'url',
  'folder',
  'tags',
  'created',
  'cover',
  'highlights',
  'favorite',
];
/** Raindrop's folder for saves in no collection. */
const UNSORTED = 'Unsorted';

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The saves as Raindrop's CSV: `folder` the collection's path (`Parent/Child`; Unfiltered is "Unsorted"), tags
 * (their paths) joined by commas, `created` in ISO 8601, the preview image as `cover`, notes as `note`.
 */
export async function* raindropCsv(db: Db, scope: ExportScope): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  const folders = new Map<number, string>();
  for (const c of scope.collections)
    folders.set(
      c.id,
      scope.kind === 'library' && c.role === 'unfiltered'
        ? UNSORTED
        : (scope.collectionPaths.get(c.id) ?? []).join('/'),
    );
  for await (const page of gemPages(db, scope, { savesOnly: true })) {
    const rows = page.map((gem) => {
      const folder = folders.get(gem.collectionId) ?? UNSORTED;
      const tags = gem.tagIds.map((id) => scope.tagPaths.get(id)).filter((path): path is string => Boolean(path));
      return [
        String(gem.id),
        gem.title,
        gem.notes,
        gem.description,
        gem.url,
        folder,
        tags.join(','),
        gem.createdAt.toISOString(),
        gem.image ?? '',
        '',
        gem.isFavourite ? 'true' : 'false',
      ]
        .map(field)
        .join(',');
    });
    yield `${rows.join('\r\n')}\r\n`;
  }
}
