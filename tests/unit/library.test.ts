import { describe, expect, test } from 'vitest';
import { CallError } from '../../lib/api/call-error';
import type { Gem } from '../../lib/api/contract';
import { firstTargets } from '../../lib/library/early-answers';
import { createLibraryApi } from '../../lib/library/library-api';
import { gemIdFromHash, libraryPath } from '../../lib/library/open-library';
import { type GemPage, nextPageParam, uniqueGems } from '../../lib/library/paging';
import { ALL_GEMS } from '../../lib/library/sources';
import { buildTree, visibleNodes } from '../../lib/library/tree';
import { readViewPrefs, SORT_CHOICES } from '../../lib/library/view-prefs';

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
  test('puts numbered names in natural order', () => {
    const weeks = ['Week 10', 'week 2', 'Week 1'].map((name, i) => ({ id: i + 1, parentId: null, name }));
    expect(buildTree(weeks, (r) => r.name).map((n) => n.item.name)).toEqual(['Week 1', 'week 2', 'Week 10']);
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

describe("the first screen's requests, started by library.html's first script", () => {
  /** Answers as a server would, to the targets asked; nothing reaches a network (the address refuses). */
  const early = (answers: Record<string, { status: number; body: unknown }>) => {
    const asked: string[] = [];
    const answers$ = {
      take: async (target: string) => {
        asked.push(target);
        const answer = answers[target];
        return answer && new Response(JSON.stringify(answer.body), { status: answer.status });
      },
    };
    return { asked, answers: answers$ };
  };
  const nowhere = async () => ({ serverUrl: 'http://127.0.0.1:9', token: 'lent', expiresAt: 0 });

  test.each(SORT_CHOICES.map((choice) => [choice.label, choice.sort] as const))(
    'are the ones the API client makes (%s), so the page takes their answers instead of asking again',
    async (_label, sort) => {
      const [gems, collections, tags] = firstTargets(sort) as [string, string, string];
      const { asked, answers } = early({
        [gems]: { status: 200, body: { data: [], total: 0, page: 1, perPage: 50 } },
        [collections]: { status: 200, body: { data: [], total: 0 } },
        [tags]: { status: 200, body: { data: [], total: 0 } },
      });
      const api = createLibraryApi(nowhere, answers);
      expect(await api.gems(ALL_GEMS, { page: 1, sort, q: '' })).toEqual({
        items: [],
        page: 1,
        total: 0,
        hasMore: false,
      });
      expect([await api.collections(), await api.tags()]).toEqual([[], []]);
      expect(asked).toEqual([gems, collections, tags]);
    },
  );

  test('a refused early answer (an expired token) is asked again the usual way', async () => {
    const [gems] = firstTargets(SORT_CHOICES[0]?.sort ?? { key: 'added', dir: 'desc' });
    const { answers } = early({ [gems as string]: { status: 401, body: { error: 'expired' } } });
    const api = createLibraryApi(nowhere, answers);
    const sort = SORT_CHOICES[0]?.sort ?? null;
    await expect(api.gems(ALL_GEMS, { page: 1, sort, q: '' })).rejects.toBeInstanceOf(CallError);
  });
});
