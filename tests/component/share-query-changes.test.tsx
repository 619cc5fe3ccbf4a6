import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOWS_LIBRARY, shareQueryChanges } from '@/components/app/share-query-changes';
import { announceLibraryChange } from '@/lib/messaging/library-changes';

/**
 * Two extension pages in one test: two query caches sharing changes over a real BroadcastChannel (its
 * messages arrive in a later task, as between pages).
 */
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

let channels = 0;
function twoPages() {
  const name = `test-query-changes-${++channels}`;
  const pages = [new QueryClient(), new QueryClient()] as const;
  for (const client of pages) stops.push(shareQueryChanges(client, name));
  return pages;
}

/** A query a page shows (an observer keeps it active), answering with how often it was fetched. */
function shown(client: QueryClient, queryKey: readonly unknown[], meta?: Record<string, unknown>) {
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => ++fetches,
    staleTime: 30_000,
    meta,
  });
  stops.push(observer.subscribe(() => {}));
  return { fetches: () => fetches, data: () => observer.getCurrentResult().data };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('query changes shared between extension pages', () => {
  it('data one page sets makes another page showing that query fetch it again', async () => {
    const [options, panel] = twoPages();
    const session = shown(panel, ['session']);
    await settled();
    expect(session.fetches()).toBe(1);
    options.setQueryData(['session'], { user: 'ana' });
    await settled();
    expect(session.fetches()).toBe(2);
    expect(session.data()).toBe(2); // fetched from its own source, not copied from the other page
  });

  it("an invalidation reaches the other pages' query with the same key, and no other", async () => {
    const [options, panel] = twoPages();
    const models = shown(panel, ['ai-models']);
    const tags = shown(panel, ['tags']);
    shown(options, ['ai-models']);
    await settled();
    await options.invalidateQueries({ queryKey: ['ai-models'] });
    await settled();
    expect(models.fetches()).toBe(2);
    expect(tags.fetches()).toBe(1);
  });

  it('is not sent back: one change is one fetch in each page, not an endless exchange', async () => {
    const [options, panel] = twoPages();
    const here = shown(options, ['prompts']);
    const there = shown(panel, ['prompts']);
    await settled();
    await options.invalidateQueries({ queryKey: ['prompts'] });
    await settled();
    await settled();
    expect(here.fetches()).toBe(2);
    expect(there.fetches()).toBe(2);
  });

  it("a page's own fetches are not changes: pages that open and fetch leave the others alone", async () => {
    const [options, panel] = twoPages();
    const there = shown(panel, ['collections']);
    await settled();
    shown(options, ['collections']);
    await options.refetchQueries({ queryKey: ['collections'] });
    await settled();
    expect(there.fetches()).toBe(1);
  });

  it('stops sharing when stopped', async () => {
    const [options, panel] = twoPages();
    const there = shown(panel, ['session']);
    await settled();
    for (const stop of stops.splice(0, 2)) stop();
    options.setQueryData(['session'], { user: null });
    await settled();
    expect(there.fetches()).toBe(1);
  });

  it('a save the background announces makes every page fetch again what shows the library, once, and nothing else', async () => {
    const [options, panel] = twoPages();
    const recent = shown(options, ['gems'], SHOWS_LIBRARY);
    const savedHere = shown(panel, ['gemsAtUrl', 'https://example.com/'], SHOWS_LIBRARY);
    const models = shown(panel, ['ai-models']);
    // Shown on both: each page hears the announcement itself, so neither sends its invalidation on.
    const collections = [shown(options, ['collections'], SHOWS_LIBRARY), shown(panel, ['collections'], SHOWS_LIBRARY)];
    await settled();
    announceLibraryChange();
    await settled();
    await settled();
    expect([recent.fetches(), savedHere.fetches(), models.fetches()]).toEqual([2, 2, 1]);
    expect(collections.map((c) => c.fetches())).toEqual([2, 2]);
  });
});
