import { isWebAddress } from '../../../lib/api/web-address';

/**
 * Where books and films are looked up (README, "Books and films"). Unset in a ServerConfig built by code (tests): both
 * off; from the environment, books at Open Library unless TROVE_OPEN_LIBRARY=0, films only with TROVE_OMDB_API_KEY.
 */
export interface MediaLookupSettings {
  /** Open Library's base URL (TROVE_OPEN_LIBRARY_URL); unset: book lookup is off. */
  openLibraryUrl?: string;
  /** OMDb's key (TROVE_OMDB_API_KEY); unset: film lookup is off. */
  omdbApiKey?: string;
  /** OMDb's base URL (TROVE_OMDB_URL; default https://www.omdbapi.com). */
  omdbUrl?: string;
  /** How long one outside call may take, and how much of its answer is read (defaults below). */
  timeoutMs?: number;
  maxBytes?: number;
}

export const MEDIA_LOOKUP_DEFAULTS = { timeoutMs: 8000, maxBytes: 2_000_000 };
const OPEN_LIBRARY = 'https://openlibrary.org';
const OMDB = 'https://www.omdbapi.com';

function baseUrl(name: string, value: string): string {
  if (!isWebAddress(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** TROVE_OPEN_LIBRARY(_URL), TROVE_OMDB_API_KEY and TROVE_OMDB_URL; throws on a malformed address. */
export function mediaLookupFromEnv(env: NodeJS.ProcessEnv): MediaLookupSettings {
  const booksOff = env.TROVE_OPEN_LIBRARY?.trim() === '0';
  const key = env.TROVE_OMDB_API_KEY?.trim() || undefined;
  return {
    openLibraryUrl: booksOff
      ? undefined
      : baseUrl('TROVE_OPEN_LIBRARY_URL', env.TROVE_OPEN_LIBRARY_URL?.trim() || OPEN_LIBRARY),
    omdbApiKey: key,
    omdbUrl: baseUrl('TROVE_OMDB_URL', env.TROVE_OMDB_URL?.trim() || OMDB),
  };
}
