import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CallError } from '@/lib/api/call-error';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { unwrap } from './background-result';
import { SHOWS_LIBRARY } from './share-query-changes';

/**
 * The server state every extension page shares (session, library, queue), as React Query options:
 * each key lives beside the query that fills it, so components never spell a key themselves. Each feature's
 * own queries sit in a `queries.ts` beside its components, with a key factory of the same shape
 * (`promptKeys.all`, `promptKeys.list(tab, search)`).
 */
export const appKeys = {
  session: ['session'] as const,
  activeTab: ['activeTab'] as const,
  activePage: ['activePage'] as const,
  activePageOf: (tabId: number | null) => [...appKeys.activePage, tabId] as const,
  collections: ['collections'] as const,
  sharedCollections: ['sharedCollections'] as const,
  tags: ['tags'] as const,
  gemsAtUrlAll: ['gemsAtUrl'] as const,
  gemsAtUrl: (url: string) => [...appKeys.gemsAtUrlAll, url] as const,
  gems: ['gems'] as const,
  queue: ['queue'] as const,
  preferences: ['preferences'] as const,
  suggestionSettings: ['suggestionSettings'] as const,
  diagnostics: ['diagnostics'] as const,
  serverCheck: (url: string) => ['serverCheck', url] as const,
};

type Client = BackgroundClient;

export const sessionQuery = (background: Client) =>
  queryOptions({ queryKey: appKeys.session, queryFn: async () => unwrap(await background.getSession()) });

/** The tab's title and address, answered at once (the popup shows them before the page is read). */
export const activeTabQuery = (background: Client) =>
  queryOptions({ queryKey: appKeys.activeTab, queryFn: async () => unwrap(await background.getActiveTab({})) });

/**
 * The page of `tabId` (the tab activeTabQuery answered) read: asked by its id, so the form is filled from the page
 * whose title and address the popup shows, whichever window the browser took for the current one meanwhile.
 */
export const activePageQuery = (background: Client, tabId: number | null) =>
  queryOptions({
    queryKey: appKeys.activePageOf(tabId),
    queryFn: async () => unwrap(await background.getActivePage({ tabId: tabId ?? undefined })),
  });

export const collectionsQuery = (background: Client) =>
  queryOptions({
    queryKey: appKeys.collections,
    queryFn: async () => unwrap(await background.listCollections()),
    meta: SHOWS_LIBRARY,
  });

/** The collections others shared with the user that they may add gems to (the popup offers them after their own). */
export const sharedCollectionsQuery = (background: Client) =>
  queryOptions({
    queryKey: appKeys.sharedCollections,
    queryFn: async () => unwrap(await background.listSharedCollections()),
    meta: SHOWS_LIBRARY,
  });

export const tagsQuery = (background: Client) =>
  queryOptions({
    queryKey: appKeys.tags,
    queryFn: async () => unwrap(await background.listTags()),
    meta: SHOWS_LIBRARY,
  });

/** Whether suggestions run at save time, and with which model (the popup asks it with its other questions). */
export const suggestionSettingsQuery = (background: Client) =>
  queryOptions({
    queryKey: appKeys.suggestionSettings,
    queryFn: async () => unwrap(await background.getSuggestionSettings()),
  });

export const gemsAtUrlQuery = (background: Client, url: string) =>
  queryOptions({
    queryKey: appKeys.gemsAtUrl(url),
    queryFn: async () => unwrap(await background.findGemsAtUrl(url)),
    meta: SHOWS_LIBRARY,
  });

/** The user's gems, newest first, a page at a time. */
export const gemsQuery = (background: Client, perPage: number) =>
  infiniteQueryOptions({
    queryKey: appKeys.gems,
    queryFn: async ({ pageParam }) => unwrap(await background.listGems({ page: pageParam, perPage })),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.perPage < last.total && last.data.length ? last.page + 1 : undefined),
    meta: SHOWS_LIBRARY,
  });

export const queueQuery = (background: Client) =>
  queryOptions({
    queryKey: appKeys.queue,
    queryFn: async () => unwrap(await background.listQueue()),
    refetchInterval: 3000,
  });

export const preferencesQuery = (background: Client) =>
  queryOptions({ queryKey: appKeys.preferences, queryFn: async () => unwrap(await background.getPreferences()) });

export const diagnosticsQuery = (background: Client) =>
  queryOptions({ queryKey: appKeys.diagnostics, queryFn: async () => unwrap(await background.getDiagnostics()) });

/** Whether a Trove server answers at `url`: a problem is the query's error (not retried: the answer is the point). */
export const serverCheckQuery = (background: Client, url: string) =>
  queryOptions({
    queryKey: appKeys.serverCheck(url),
    queryFn: async () => {
      const check = unwrap(await background.checkServer(url));
      if (check.problem) throw new CallError(check.problem);
      return check;
    },
    retry: false,
    staleTime: 10_000,
  });
