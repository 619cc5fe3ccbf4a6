import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../lib/api/import-contract';
import {
  type BookmarkNode,
  bookmarksAsNetscape,
  countBookmarks,
  fileSizeProblem,
  importBodyProblem,
} from '../../lib/library/import-file';
import { readImportFile } from '../../server/features/imports/formats/detect';

/** A tree as Chrome's bookmarks.getTree() answers it: one untitled root over the browser's own folders. */
const chromeTree: BookmarkNode[] = [
  {
    title: '',
    children: [
      {
        title: 'Bookmarks bar',
        dateAdded: 1_700_000_000_000,
        children: [
          { title: 'Tarts & "pies" <best>', url: 'https://recipes.test/tart?a=1&b=2', dateAdded: 1_700_000_100_123 },
          {
            title: 'Cooking',
            dateAdded: 1_700_000_200_000,
            children: [
              { title: 'Desserts', children: [{ title: 'Pavlova', url: 'https://recipes.test/pavlova' }] },
              { title: 'Empty for now', children: [] },
            ],
          },
        ],
      },
      { title: 'Other bookmarks', children: [{ title: 'Story', url: 'https://news.test/7', dateAdded: 1 }] },
      { title: 'Mobile bookmarks', children: [] },
    ],
  },
];

describe("the browser's bookmarks as a bookmarks file", () => {
  it('reads back with the folders as nested collections named as the browser names them, the dates kept; an empty top folder left out', () => {
    const read = readImportFile(bookmarksAsNetscape(chromeTree));
    expect(read.format).toBe('netscape-html');
    expect(read.problems).toEqual([]);
    expect(read.collections).toEqual([
      ['Bookmarks bar'],
      ['Other bookmarks'],
      ['Bookmarks bar', 'Cooking'],
      ['Bookmarks bar', 'Cooking', 'Desserts'],
      ['Bookmarks bar', 'Cooking', 'Empty for now'],
    ]);
    expect(read.items.map(({ url, title, collection, createdAt }) => ({ url, title, collection, createdAt }))).toEqual([
      {
        url: 'https://recipes.test/tart?a=1&b=2',
        title: 'Tarts & "pies" <best>',
        collection: ['Bookmarks bar'],
        createdAt: '2023-11-14T22:15:00.000Z',
      },
      {
        url: 'https://recipes.test/pavlova',
        title: 'Pavlova',
        collection: ['Bookmarks bar', 'Cooking', 'Desserts'],
        createdAt: null,
      },
      { url: 'https://news.test/7', title: 'Story', collection: ['Other bookmarks'], createdAt: null },
    ]);
    expect(countBookmarks(chromeTree)).toBe(3);
  });

  it("leaves Firefox's separators out", () => {
    const tree: BookmarkNode[] = [
      {
        title: '',
        children: [
          {
            title: 'Bookmarks Menu',
            children: [
              { title: '', type: 'separator', url: 'data:' },
              { title: 'A page', url: 'https://a.test/' },
            ],
          },
        ],
      },
    ];
    expect(readImportFile(bookmarksAsNetscape(tree)).items.map((i) => i.url)).toEqual(['https://a.test/']);
  });
});

describe("the import's size limit, said before sending", () => {
  it('refuses an empty file and one over the limit by its size, naming both sizes', () => {
    expect(fileSizeProblem({ name: 'empty.html', size: 0 })).toBe('empty.html is empty.');
    expect(fileSizeProblem({ name: 'big.html', size: MAX_IMPORT_BYTES * 1.25 })).toBe(
      'big.html is 80 MB; an import takes at most 64 MB. Split it into smaller files, or export it again without icons.',
    );
    expect(fileSizeProblem({ name: 'big.html', size: MAX_IMPORT_BYTES + 1 })).not.toBeNull();
    expect(fileSizeProblem({ name: 'ok.html', size: MAX_IMPORT_BYTES })).toBeNull();
  });

  it('counts the request as sent: a file under the limit whose escaped JSON is over it is refused', () => {
    // Quotes are escaped in JSON (one byte becomes two): half the limit of them makes a body of the whole limit.
    const content = '"'.repeat(MAX_IMPORT_BYTES / 2 + 10);
    expect(fileSizeProblem({ name: 'quotes.txt', size: content.length })).toBeNull();
    expect(importBodyProblem({ fileName: 'quotes.txt', content, dryRun: true })).toMatch(/^quotes\.txt is 64 MB/);
    expect(importBodyProblem({ fileName: 'small.txt', content: 'https://a.test/', dryRun: true })).toBeNull();
  });
});
