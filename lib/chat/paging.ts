/**
 * Infinite scroll: the next page loads while more items exist; loading stops when the
 * loaded count reaches the total or a page comes back empty. Results are de-duplicated by id.
 */

/** The next page number, or undefined when loading should stop. */
export function nextPage(pages: { data: unknown[]; total: number }[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.data.length === 0) return undefined;
  const loaded = pages.reduce((n, page) => n + page.data.length, 0);
  return loaded >= last.total ? undefined : pages.length + 1;
}

/** Every page's items in order, each id once (a row that moved between pages while scrolling shows once). */
export function mergePages<T extends { id: number }>(pages: { data: T[] }[]): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages)
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return items;
}
