import { mediaLookupApi } from '../../../lib/api/routes/media-lookup';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { ApiError } from '../../http/errors';
import { omdb } from './omdb';
import { openLibrary } from './open-library';
import { MEDIA_LOOKUP_DEFAULTS } from './settings';

const BOOKS_OFF = 'Book lookup is off on this server (its operator set TROVE_OPEN_LIBRARY=0)';
const FILMS_OFF = 'Film lookup is off on this server: its operator set no OMDb key (TROVE_OMDB_API_KEY)';

/** Books and films looked up by title (lib/api/routes/media-lookup.ts), mounted at /api behind the user check. */
export function mediaLookupRoutes({ mediaLookup: settings = {} }: Deps) {
  const limits = {
    timeoutMs: settings.timeoutMs ?? MEDIA_LOOKUP_DEFAULTS.timeoutMs,
    maxBytes: settings.maxBytes ?? MEDIA_LOOKUP_DEFAULTS.maxBytes,
  };
  const books = settings.openLibraryUrl ? openLibrary(settings.openLibraryUrl, limits) : null;
  const films = settings.omdbApiKey && settings.omdbUrl ? omdb(settings.omdbUrl, settings.omdbApiKey, limits) : null;
  const booksOn = () => {
    if (!books) throw new ApiError(404, BOOKS_OFF);
    return books;
  };
  const filmsOn = () => {
    if (!films) throw new ApiError(404, FILMS_OFF);
    return films;
  };
  return contractRoutes<AppEnv>('/api')
    .implement(mediaLookupApi.sources, async () => ({
      status: 200,
      body: { data: { books: books !== null, films: films !== null } },
    }))
    .implement(mediaLookupApi.bookList, async (_c, { query }) => ({
      status: 200,
      body: { data: await booksOn().search(query.name) },
    }))
    .implement(mediaLookupApi.bookDetails, async (_c, { query }) => {
      const book = await booksOn().details(query.bookId);
      if (!book) throw new ApiError(404, `Open Library has no book ${query.bookId}`);
      return { status: 200, body: { data: book } };
    })
    .implement(mediaLookupApi.movieList, async (_c, { query }) => ({
      status: 200,
      body: { data: await filmsOn().search(query.name) },
    }))
    .implement(mediaLookupApi.movieDetails, async (_c, { query }) => {
      const film = await filmsOn().details(query.imdbId);
      if (!film) throw new ApiError(404, `OMDb has no title ${query.imdbId}`);
      return { status: 200, body: { data: film } };
    }).app;
}
