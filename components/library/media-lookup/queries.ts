import { queryOptions } from '@tanstack/react-query';
import type { LibraryApi } from '@/lib/library/library-api';

export type MediaKind = 'book' | 'film';

/** OMDb's kinds of title, as the dialog names them. */
const KINDS: Record<string, string> = { movie: 'Film', series: 'Series', episode: 'Episode', game: 'Game' };

/** Books and films looked up by title (server/features/media-lookup/). */
export const mediaKeys = {
  sources: ['media-lookup', 'sources'] as const,
  search: (kind: MediaKind, name: string) => ['media-lookup', kind, name] as const,
};

/** What this server can look up: the library offers books and films only when it can. */
export const mediaSourcesQuery = (api: LibraryApi) =>
  queryOptions({
    queryKey: mediaKeys.sources,
    queryFn: () => api.mediaSources(),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The matches of one title; not retried (a failure of Open Library or OMDb is shown with Retry). */
export const mediaSearchQuery = (api: LibraryApi, kind: MediaKind, name: string) =>
  queryOptions({
    queryKey: mediaKeys.search(kind, name),
    queryFn: async () =>
      kind === 'book'
        ? (await api.books(name)).map((book) => ({
            id: book.id,
            title: book.title,
            imageUrl: book.coverUrl,
            byline: book.authors.join(', '),
            year: book.year,
          }))
        : (await api.films(name)).map((film) => ({
            id: film.imdbId,
            title: film.title,
            imageUrl: film.posterUrl,
            byline: KINDS[film.kind] ?? film.kind,
            year: film.year,
          })),
    enabled: name !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });

/** One match as the dialog lists it. */
export type MediaMatch = Awaited<ReturnType<NonNullable<ReturnType<typeof mediaSearchQuery>['queryFn']>>>[number];
