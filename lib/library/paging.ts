import type { GemSummary } from '../api/contract';

export const LIBRARY_PAGE_SIZE = 50;

/** A page of results, whichever route gave it: `total` when the route counts, otherwise `hasMore`. */
export interface GemPage {
  items: GemSummary[];
  page: number;
  total: number | null;
  hasMore: boolean;
}

/**
 * The next page to load, or undefined when loading stops: once the loaded count reaches the total, a page comes
 * back empty, or the route says there is no more (the infinite-scroll rules of the README's Library section).
 */
export function nextPageParam(pages: readonly GemPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.items.length === 0) return undefined;
  const loaded = pages.reduce((sum, p) => sum + p.items.length, 0);
  const more = last.total === null ? last.hasMore : loaded < last.total;
  return more ? last.page + 1 : undefined;
}

/** The loaded gems in order, each once (a gem saved meanwhile shifts the pages, so one may come twice). */
export function uniqueGems(pages: readonly GemPage[]): GemSummary[] {
  const seen = new Set<number>();
  const gems: GemSummary[] = [];
  for (const page of pages)
    for (const gem of page.items)
      if (!seen.has(gem.id)) {
        seen.add(gem.id);
        gems.push(gem);
      }
  return gems;
}

/** The total to show: the route's count, or what is loaded when it gives none. */
export const shownTotal = (pages: readonly GemPage[], loaded: number) => pages[0]?.total ?? loaded;
