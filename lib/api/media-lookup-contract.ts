import { z } from 'zod';

/** Books (Open Library) and films (OMDb) looked up by title to be saved as gems (server/features/media-lookup/). */

/** `GET /api/book-list?name=` and `GET /api/movies-list?name=`: the title (or words of it) looked up. */
export const mediaNameQuery = z.object({
  name: z.string().trim().min(1, 'Type a title to look up').max(200, 'At most 200 characters'),
});

/** An Open Library work id, as in `https://openlibrary.org/works/OL45804W`. */
export const bookIdQuery = z.object({
  bookId: z.string().regex(/^OL\d{1,12}W$/, 'Must be an Open Library work id such as OL45804W'),
});

/** An IMDb title id, as in `https://www.imdb.com/title/tt0133093/`. */
export const imdbIdQuery = z.object({
  imdbId: z.string().regex(/^tt\d{5,12}$/, 'Must be an IMDb title id such as tt0133093'),
});

export const bookSummarySchema = z.object({
  /** The Open Library work id (`bookId` of `GET /api/book-details`). */
  id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  /** The year it was first published, when Open Library knows it. */
  year: z.number().int().nullable(),
  coverUrl: z.string().nullable(),
});
export type BookSummary = z.infer<typeof bookSummarySchema>;

export const bookDetailsSchema = bookSummarySchema.extend({
  description: z.string().nullable(),
  subjects: z.array(z.string()),
  /** The work's page at Open Library (the gem's address). */
  url: z.string(),
});
export type BookDetails = z.infer<typeof bookDetailsSchema>;

export const movieSummarySchema = z.object({
  imdbId: z.string(),
  title: z.string(),
  year: z.number().int().nullable(),
  posterUrl: z.string().nullable(),
  /** OMDb's type: movie, series, episode or game. */
  kind: z.string(),
});
export type MovieSummary = z.infer<typeof movieSummarySchema>;

export const movieDetailsSchema = movieSummarySchema.extend({
  cast: z.array(z.string()),
  directors: z.array(z.string()),
  genres: z.array(z.string()),
  runtime: z.string().nullable(),
  description: z.string().nullable(),
  /** The title's page at IMDb (the gem's address). */
  url: z.string(),
});
export type MovieDetails = z.infer<typeof movieDetailsSchema>;

/** What this server can look up: books unless the operator turned them off, films only with an OMDb key. */
export const mediaSourcesSchema = z.object({ books: z.boolean(), films: z.boolean() });
export type MediaSources = z.infer<typeof mediaSourcesSchema>;
