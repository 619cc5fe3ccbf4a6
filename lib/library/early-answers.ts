import type { Transport } from '../api/client';
import { LIBRARY_PAGE_SIZE } from './paging';
import type { LibrarySort } from './view-prefs';

/**
 * The GETs the library's first screen needs, as the API client writes their targets (lib/api/client.ts; the unit test
 * keeps them the same): the first page of all gems in its remembered order, and the sidebar's collections and tags.
 */
export function firstTargets(sort: LibrarySort): string[] {
  const page = new URLSearchParams({
    q: '',
    page: '1',
    perPage: String(LIBRARY_PAGE_SIZE),
    sortby: sort.key,
    orderby: sort.dir,
  });
  return [`api/filter-search?${page}`, 'api/get-user-collections', 'api/tags'];
}

/** Answers to GET requests started before the page's code loaded, each handed over once by its target. */
export interface EarlyAnswers {
  take(target: string): Promise<Response | undefined>;
}

/**
 * A transport that answers a GET with the request already started for it (components/library/early-requests.ts),
 * when that one succeeded; anything else (another request, a refused or failed early one) goes as usual, so a
 * stale token is renewed and an error is read the usual way.
 */
export const withEarlyAnswers =
  (transport: Transport, early: EarlyAnswers): Transport =>
  async (request) => {
    if (request.method === 'get') {
      const answer = await early.take(request.target).catch(() => undefined);
      if (answer?.ok) return answer;
    }
    return transport(request);
  };
