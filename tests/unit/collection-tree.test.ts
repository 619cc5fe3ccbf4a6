import { describe, expect, test } from 'vitest';
import { filterCollections, flattenCollections } from '../../components/popup/collection-tree';
import type { Collection } from '../../lib/api/contract';

function collection(id: number, name: string, parentId: number | null = null, isUnfiltered = false): Collection {
  return {
    id,
    name,
    parentId,
    isUnfiltered,
    gems_count: 0,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
  };
}

const summary = (collections: Collection[]) => flattenCollections(collections).map((o) => [o.path, o.depth]);

describe('flattenCollections', () => {
  test('puts Unfiltered first, then roots by name, each followed by its children one level deeper', () => {
    const collections = [
      collection(1, 'Work'),
      collection(2, 'Recipes'),
      collection(3, 'Desserts', 2),
      collection(4, 'Unfiltered', null, true),
      collection(5, 'Breads', 2),
      collection(6, 'Cakes', 3),
      collection(7, 'Archive'),
    ];
    expect(summary(collections)).toEqual([
      ['Unfiltered', 0],
      ['Archive', 0],
      ['Recipes', 0],
      ['Recipes / Breads', 1],
      ['Recipes / Desserts', 1],
      ['Recipes / Desserts / Cakes', 2],
      ['Work', 0],
    ]);
  });

  test('puts numbered names in natural order', () => {
    const weeks = [collection(1, 'Week 10'), collection(2, 'Week 2'), collection(3, 'Week 1')];
    expect(summary(weeks).map(([path]) => path)).toEqual(['Week 1', 'Week 2', 'Week 10']);
  });

  test('keeps the collection objects themselves', () => {
    const recipes = collection(2, 'Recipes');
    const [first] = flattenCollections([recipes]);
    expect(first?.collection).toBe(recipes);
  });

  test('Unfiltered comes first even when another name sorts before it', () => {
    expect(summary([collection(1, 'aaa'), collection(2, 'Unfiltered', null, true)]).map(([path]) => path)).toEqual([
      'Unfiltered',
      'aaa',
    ]);
  });

  test('orders names without regard to case', () => {
    expect(
      summary([collection(1, 'beta'), collection(2, 'Alpha'), collection(3, 'alpha two')]).map(([p]) => p),
    ).toEqual(['Alpha', 'alpha two', 'beta']);
  });

  test('treats a collection whose parent is not in the list as a root', () => {
    expect(summary([collection(1, 'Zebra'), collection(2, 'Orphan', 99), collection(3, 'Child', 2)])).toEqual([
      ['Orphan', 0],
      ['Orphan / Child', 1],
      ['Zebra', 0],
    ]);
  });

  test('is empty for no collections and does not change its input', () => {
    expect(flattenCollections([])).toEqual([]);
    const input = [collection(2, 'B'), collection(1, 'A')];
    flattenCollections(input);
    expect(input.map((c) => c.name)).toEqual(['B', 'A']);
  });
});

describe('filterCollections', () => {
  const options = flattenCollections([
    collection(1, 'Unfiltered', null, true),
    collection(2, 'Recipes'),
    collection(3, 'Desserts', 2),
    collection(4, 'Reading'),
  ]);
  const paths = (query: string) => filterCollections(options, query).map((o) => o.path);

  test('matches the path case-insensitively, so a parent name finds its children', () => {
    expect(paths('RECIPES')).toEqual(['Recipes', 'Recipes / Desserts']);
    expect(paths('dess')).toEqual(['Recipes / Desserts']);
    expect(paths('re')).toEqual(['Unfiltered', 'Reading', 'Recipes', 'Recipes / Desserts']);
    expect(paths('es / de')).toEqual(['Recipes / Desserts']);
  });

  test('ignores surrounding spaces and returns everything for an empty query', () => {
    expect(paths('  reading ')).toEqual(['Reading']);
    expect(filterCollections(options, '')).toBe(options);
    expect(filterCollections(options, '   ')).toBe(options);
  });

  test('returns nothing when nothing matches', () => {
    expect(paths('zzz')).toEqual([]);
  });
});
