import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LibraryApi } from '@/lib/library/library-api';
import { nextPageParam } from '@/lib/library/paging';
import { type LibrarySource, sourceKey } from '@/lib/library/sources';
import type { LibrarySort } from '@/lib/library/view-prefs';
import { SHOWS_LIBRARY } from '../app/share-query-changes';

/** The library page's server state; every key starts with 'library' so a change elsewhere refetches it all. */
export const libraryKeys = {
  all: ['library'] as const,
  collections: ['library', 'collections'] as const,
  tags: ['library', 'tags'] as const,
  gemsAll: ['library', 'gems'] as const,
  gems: (source: LibrarySource, sort: LibrarySort) => [...libraryKeys.gemsAll, sourceKey(source), sort] as const,
  gem: (id: number) => ['library', 'gem', id] as const,
};

export const libraryCollectionsQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.collections, queryFn: api.collections, meta: SHOWS_LIBRARY });

export const libraryTagsQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.tags, queryFn: api.tags, meta: SHOWS_LIBRARY });

export const libraryGemsQuery = (
  api: LibraryApi,
  source: LibrarySource,
  sort: LibrarySort,
  unfilteredId: number | null,
  perPage?: number,
) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.gems(source, sort),
    queryFn: ({ pageParam }) => api.gems(source, { page: pageParam, perPage, sort, unfilteredId }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageParam(pages),
    meta: SHOWS_LIBRARY,
  });

export const libraryGemQuery = (api: LibraryApi, id: number) =>
  queryOptions({ queryKey: libraryKeys.gem(id), queryFn: () => api.gem(id), meta: SHOWS_LIBRARY });
