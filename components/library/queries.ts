import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { isBulkJobActive } from '@/lib/api/bulk-contract';
import type { LibraryApi } from '@/lib/library/library-api';
import { nextPageParam } from '@/lib/library/paging';
import type { LinkTarget } from '@/lib/library/share-links-api';
import type { ShareTarget } from '@/lib/library/sharing-api';
import { type LibrarySource, sourceKey } from '@/lib/library/sources';
import { tagActions } from '@/lib/library/tag-actions';
import { type LibrarySort, sortText } from '@/lib/library/view-prefs';
import { SHOWS_LIBRARY } from '../app/share-query-changes';

/** The library page's server state; every key starts with 'library' so a change made here refetches it all. */
export const libraryKeys = {
  all: ['library'] as const,
  collections: ['library', 'collections'] as const,
  collectionCounts: ['library', 'collectionCounts'] as const,
  tags: ['library', 'tags'] as const,
  savedSearches: ['library', 'savedSearches'] as const,
  gemsAll: ['library', 'gems'] as const,
  gems: (source: LibrarySource, sort: LibrarySort | null, q: string | null) =>
    [...libraryKeys.gemsAll, sourceKey(source), sort ? sortText(sort) : 'own', q] as const,
  facets: (source: LibrarySource, q: string | null) => ['library', 'facets', sourceKey(source), q] as const,
  gem: (id: number) => ['library', 'gem', id] as const,
  runningBulkJob: ['library', 'runningBulkJob'] as const,
  tagCounts: ['library', 'tagCounts'] as const,
  duplicates: ['library', 'duplicates'] as const,
  linkCheck: (id: number) => ['library', 'linkCheck', id] as const,
  // sharing (ShareDialog, SharedWithMe)
  sharedWithMe: ['library', 'sharedWithMe'] as const,
  invitations: ['library', 'invitations'] as const,
  members: (target: ShareTarget) => ['library', 'members', target.kind, target.id] as const,
  myTeams: ['library', 'myTeams'] as const,
  publicSettings: (id: number) => ['library', 'publicSettings', id] as const,
  following: ['library', 'following'] as const,
  followingGems: ['library', 'following', 'gems'] as const,
  // share links (ShareLinkDialog) and offers to public collections (OffersView, OfferDialog)
  shareLink: (target: LinkTarget) => ['library', 'shareLink', target.kind, target.id] as const,
  offersAll: ['library', 'offers'] as const,
  myOffers: ['library', 'offers', 'mine'] as const,
  offersInbox: ['library', 'offers', 'inbox'] as const,
  collectionOffers: (id: number, which: 'pending' | 'processed') => ['library', 'offers', id, which] as const,
};

export const shareLinkQuery = (api: LibraryApi, target: LinkTarget) =>
  queryOptions({ queryKey: libraryKeys.shareLink(target), queryFn: () => api.shareLinks.get(target) });
export const myOffersQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.myOffers, queryFn: api.moderation.mine });
/** A collection's pending or processed offers; with no collection, the inbox of every one the user moderates. */
export const collectionOffersQuery = (api: LibraryApi, id: number | null, which: 'pending' | 'processed') =>
  queryOptions({
    queryKey: id === null ? libraryKeys.offersInbox : libraryKeys.collectionOffers(id, which),
    queryFn: () =>
      id === null
        ? api.moderation.inbox()
        : which === 'pending'
          ? api.moderation.pending(id)
          : api.moderation.processed(id),
  });

export const sharedWithMeQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.sharedWithMe, queryFn: api.sharing.sharedWithMe, meta: SHOWS_LIBRARY });
export const invitationsQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.invitations, queryFn: api.sharing.invitations, meta: SHOWS_LIBRARY });
export const myTeamsQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.myTeams, queryFn: api.sharing.myTeams });
export const membersQuery = (api: LibraryApi, target: ShareTarget) =>
  queryOptions({ queryKey: libraryKeys.members(target), queryFn: () => api.sharing.members(target) });

export const libraryCollectionsQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.collections, queryFn: api.collections, meta: SHOWS_LIBRARY });

/** Each collection's count with its sub-collections', by id: the sidebar shows what clicking a collection lists. */
export const libraryCollectionCountsQuery = (api: LibraryApi) =>
  queryOptions({
    queryKey: libraryKeys.collectionCounts,
    queryFn: api.collectionCounts,
    select: (counts) => new Map(counts.collections.map((c) => [c.id, c.countWithDescendants])),
    meta: SHOWS_LIBRARY,
  });

export const libraryTagsQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.tags, queryFn: api.tags, meta: SHOWS_LIBRARY });

export const savedSearchesQuery = (api: LibraryApi) =>
  queryOptions({ queryKey: libraryKeys.savedSearches, queryFn: api.savedSearches });

/** Sources that need no search text (the others wait until their collection or tag is known). */
const ownRoute = (source: LibrarySource) =>
  source.kind === 'trash' ||
  source.kind === 'saved' ||
  source.kind === 'sharedCollection' ||
  source.kind === 'sharedTag';

export const libraryGemsQuery = (
  api: LibraryApi,
  source: LibrarySource,
  sort: LibrarySort | null,
  q: string | null,
  perPage?: number,
) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.gems(source, sort, q),
    queryFn: ({ pageParam }) => api.gems(source, { page: pageParam, perPage, sort, q }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageParam(pages),
    enabled: q !== null || ownRoute(source),
    // A new order of the same source keeps the gems on screen until it comes (another source shows its skeleton).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === sourceKey(source) ? previous : undefined,
    meta: SHOWS_LIBRARY,
  });

/**
 * The counts beside the results, asked for once `resultsIn` (the first page of the same query is on screen): PGlite
 * answers one statement at a time, and facets asked with the results held them back (p50 28 → 39–41 ms, p99 69 →
 * 138–156 ms on the search bench's library; bench/RESULTS.md).
 */
export const libraryFacetsQuery = (api: LibraryApi, source: LibrarySource, q: string | null, resultsIn: boolean) =>
  queryOptions({
    queryKey: libraryKeys.facets(source, q),
    queryFn: () => api.facets(source, q ?? ''),
    enabled: resultsIn && source.kind !== 'trash' && (q !== null || ownRoute(source)),
    meta: SHOWS_LIBRARY,
  });

export const libraryGemQuery = (api: LibraryApi, id: number) =>
  queryOptions({ queryKey: libraryKeys.gem(id), queryFn: () => api.gem(id), meta: SHOWS_LIBRARY });

/** A bulk job of the user's still running when the page opens (the tab was closed while it ran), read once. */
export const runningBulkJobQuery = (api: LibraryApi) =>
  queryOptions({
    queryKey: libraryKeys.runningBulkJob,
    queryFn: async () => (await api.bulkJobs()).find(isBulkJobActive) ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Each tag's gems, alone and with its sub-tags', by id (what merging or deleting a tag touches). */
export const libraryTagCountsQuery = (api: LibraryApi) =>
  queryOptions({
    queryKey: libraryKeys.tagCounts,
    queryFn: () => tagActions(api.client).counts(),
    select: (counts) => new Map(counts.map((c) => [c.id, c])),
    meta: SHOWS_LIBRARY,
  });

/** The Duplicates view's groups, a page at a time (Show more). */
export const libraryDuplicatesQuery = (api: LibraryApi, perPage = DUPLICATE_GROUPS_PAGE) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.duplicates,
    queryFn: ({ pageParam }) => api.duplicates(pageParam, perPage),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.perPage < last.total ? last.page + 1 : undefined),
    meta: SHOWS_LIBRARY,
  });
export const DUPLICATE_GROUPS_PAGE = 20;
/** The last dead-link check of a gem; read again every `pollMs` while a "Check now" waits for the server. */
export const libraryLinkCheckQuery = (api: LibraryApi, id: number, pollMs = 2_000) =>
  queryOptions({
    queryKey: libraryKeys.linkCheck(id),
    queryFn: () => api.linkCheck(id),
    refetchInterval: (query) => (query.state.data?.requested ? pollMs : false),
    meta: SHOWS_LIBRARY,
  });

/** A collection's public page settings (the Publish… dialog). */
export const publicSettingsQuery = (api: LibraryApi, id: number) =>
  queryOptions({ queryKey: libraryKeys.publicSettings(id), queryFn: () => api.publicSettings(id) });

/** The followed public collections and what is new in them (the sidebar's count). */
export const followedQuery = (api: LibraryApi) =>
  queryOptions({
    queryKey: libraryKeys.following,
    queryFn: api.followed,
    // others add the gems: nothing here says when, so the count is asked again now and then
    refetchInterval: 60_000,
    meta: SHOWS_LIBRARY,
  });

/** The followed collections' gems, newest first, a page at a time. */
export const followingGemsQuery = (api: LibraryApi, perPage?: number) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.followingGems,
    queryFn: ({ pageParam }) => api.followingGems(pageParam, perPage),
    // opening the view shows what is there now (others add the gems), then marks it seen
    refetchOnMount: 'always',
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, p) => sum + p.data.length, 0) < last.total && last.data.length > 0 ? last.page + 1 : undefined,
    meta: SHOWS_LIBRARY,
  });
