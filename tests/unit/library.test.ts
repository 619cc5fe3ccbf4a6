import { describe, expect, test } from 'vitest';
import type { Gem } from '../../lib/api/contract';
import { gemIdFromHash, libraryPath } from '../../lib/library/open-library';
import { type GemPage, nextPageParam, uniqueGems } from '../../lib/library/paging';
import { buildTree, visibleNodes } from '../../lib/library/tree';
import { readViewPrefs } from '../../lib/library/view-prefs';

const gem = (id: number) => ({ id }) as Gem;
const page = (n: number, ids: number[], total: number | null, hasMore = false): GemPage => ({
  items: ids.map(gem),
  page: n,
  total,
  hasMore,
});

describe("the library's infinite scroll", () => {
  test('asks for the next page while the loaded count is under the total', () => {
    expect(nextPageParam([page(1, [1, 2], 5)])).toBe(2);
    expect(nextPageParam([page(1, [1, 2], 5), page(2, [3, 4], 5)])).toBe(3);
  });
  test('stops when the loaded count reaches the total, or a page comes back empty', () => {
    expect(nextPageParam([page(1, [1, 2], 4), page(2, [3, 4], 4)])).toBeUndefined();
    expect(nextPageParam([page(1, [1, 2], 9), page(2, [], 9)])).toBeUndefined();
  });
  test('follows hasMore when the route gives no total', () => {
    expect(nextPageParam([page(1, [1, 2], null, true)])).toBe(2);
    expect(nextPageParam([page(1, [1, 2], null, false)])).toBeUndefined();
  });
  test('keeps each gem once, in order (a save meanwhile shifts the pages)', () => {
    expect(uniqueGems([page(1, [9, 8], 5), page(2, [8, 7], 5)]).map((g) => g.id)).toEqual([9, 8, 7]);
  });
});

describe('the collection and tag trees', () => {
  const rows = [
    { id: 1, parentId: null, name: 'Recipes' },
    { id: 2, parentId: 1, name: 'desserts' },
    { id: 3, parentId: 1, name: 'Breads' },
    { id: 4, parentId: 99, name: 'Orphan' },
    { id: 5, parentId: 6, name: 'Loop A' },
    { id: 6, parentId: 5, name: 'Loop B' },
  ];
  const tree = buildTree(rows, (r) => r.name);
  test('nests children under parents, by name; a missing parent or a loop puts the row at the root', () => {
    expect(tree.map((n) => n.item.name)).toEqual(['Loop A', 'Loop B', 'Orphan', 'Recipes']);
    expect(tree[3]?.children.map((n) => [n.item.name, n.depth, n.path.join('/')])).toEqual([
      ['Breads', 1, 'Recipes/Breads'],
      ['desserts', 1, 'Recipes/desserts'],
    ]);
  });
  test('shows the children of open nodes only', () => {
    expect(visibleNodes(tree, () => false)).toHaveLength(4);
    expect(visibleNodes(tree, (id) => id === 1).map((n) => n.item.id)).toEqual([5, 6, 4, 1, 3, 2]);
  });
});

describe("the library's address and preferences", () => {
  test('#gem=<id> names the gem to open; anything else names none', () => {
    expect(libraryPath(42)).toBe('/library.html#gem=42');
    expect(gemIdFromHash('#gem=42')).toBe(42);
    for (const hash of ['', '#gem=', '#gem=0', '#gem=007', '#gem=1e3', '#gem-42', '#gem=42x'])
      expect(gemIdFromHash(hash)).toBeNull();
  });
  test('a stored view or sort this version does not know falls back to the default', () => {
    const title = { key: 'title', dir: 'asc' } as const;
    expect(readViewPrefs({ a: { view: 'cards', sort: title } }, 'a')).toEqual({ view: 'cards', sort: title });
    expect(readViewPrefs({ a: { view: 'gallery', sort: title } } as never, 'a')).toEqual({ view: 'list', sort: title });
    expect(readViewPrefs({ a: { view: 'table', sort: 'title' } } as never, 'a')).toEqual({
      view: 'table',
      sort: { key: 'added', dir: 'desc' },
    });
    expect(readViewPrefs({}, 'b')).toEqual({ view: 'list', sort: { key: 'added', dir: 'desc' } });
  });
});
