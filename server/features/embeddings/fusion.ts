/**
 * Reciprocal rank fusion: an item's blended score is the sum over the rankings of 1 / (RRF_K + its rank), so an item
 * near the top of either ranking rises and one near the top of both rises most, whatever the scales of the two
 * scores. K = 60 as in Cormack, Clarke and Büttcher (2009), and as Karakeep blends its searches.
 */
export const RRF_K = 60;

export const rrfScore = (...ranks: number[]) => ranks.reduce((sum, rank) => sum + 1 / (RRF_K + rank), 0);

/**
 * Each item's rank (1 = best) by `value`, `higher` or `lower` being better; equal values share the best rank among
 * them, and items without a value share the rank after every item with one.
 */
export function ranksBy<T>(items: readonly T[], value: (item: T) => number | undefined, better: 'higher' | 'lower') {
  const valued = items.map(value);
  const sorted = valued
    .filter((v): v is number => v !== undefined)
    .sort((a, b) => (better === 'higher' ? b - a : a - b));
  const first = new Map<number, number>();
  sorted.forEach((v, i) => {
    if (!first.has(v)) first.set(v, i + 1);
  });
  return valued.map((v) => (v === undefined ? sorted.length + 1 : (first.get(v) as number)));
}
