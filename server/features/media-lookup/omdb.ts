import { z } from 'zod';
import type { MovieDetails, MovieSummary } from '../../../lib/api/media-lookup-contract';
import { isWebAddress } from '../../../lib/api/web-address';
import { ApiError } from '../../http/errors';
import { getJson, type OutsideCall } from './bounded-json';

/**
 * OMDb (www.omdbapi.com, a key per operator): `?s=` searches titles, `?i=` gives one. It answers 200 with
 * `Response: "False"` and an `Error` for "not found", 401 for a bad key. Missing values are the text "N/A".
 */

const SERVICE = 'OMDb';
const MAX_RESULTS = 10;

const refusal = z.object({ Response: z.literal('False'), Error: z.string() });
const searchAnswer = z.object({
  Search: z.array(
    z.object({
      Title: z.string(),
      Year: z.string().optional(),
      imdbID: z.string(),
      Type: z.string().optional(),
      Poster: z.string().optional(),
    }),
  ),
});
const titleAnswer = z.object({
  Title: z.string(),
  Year: z.string().optional(),
  imdbID: z.string(),
  Type: z.string().optional(),
  Poster: z.string().optional(),
  Actors: z.string().optional(),
  Director: z.string().optional(),
  Genre: z.string().optional(),
  Runtime: z.string().optional(),
  Plot: z.string().optional(),
});

const known = (value: string | undefined) => (value && value !== 'N/A' ? value.trim() : null);
const list = (value: string | undefined) =>
  (known(value) ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
const yearOf = (value: string | undefined) => {
  const year = known(value)?.match(/\d{4}/)?.[0];
  return year ? Number(year) : null;
};
/** A poster is shown in the library: only an http(s) address is kept. */
const posterOf = (value: string | undefined) => {
  const url = known(value);
  return url && isWebAddress(url) ? url : null;
};

export function omdb(baseUrl: string, apiKey: string, limits: Omit<OutsideCall, 'service'>) {
  const call = { ...limits, service: SERVICE };
  const get = async (params: Record<string, string>) => {
    const answer = await getJson(`${baseUrl}/?${new URLSearchParams({ ...params, apikey: apiKey })}`, call);
    if (answer?.status === 401) throw new ApiError(502, `${SERVICE} refused the operator's key (TROVE_OMDB_API_KEY)`);
    if (answer?.status !== 200) throw new ApiError(502, `${SERVICE} answered ${answer?.status ?? 404}`);
    const refused = refusal.safeParse(answer.body);
    return refused.success ? { refused: refused.data.Error } : { body: answer.body };
  };
  const parsed = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
    const result = schema.safeParse(body);
    if (!result.success) throw new ApiError(502, `${SERVICE} sent back an answer in a format Trove does not know`);
    return result.data;
  };
  /** OMDb's "not found" answers; any other refusal is its failure. */
  const notFound = (message: string) => /not found|incorrect imdb id|too many results/i.test(message);

  return {
    async search(name: string): Promise<MovieSummary[]> {
      const answer = await get({ s: name });
      if ('refused' in answer) {
        if (notFound(answer.refused ?? '')) return [];
        throw new ApiError(502, `${SERVICE} refused the search: ${answer.refused}`);
      }
      return parsed(searchAnswer, answer.body)
        .Search.slice(0, MAX_RESULTS)
        .map((found) => ({
          imdbId: found.imdbID,
          title: found.Title,
          year: yearOf(found.Year),
          posterUrl: posterOf(found.Poster),
          kind: found.Type ?? 'movie',
        }));
    },

    /** The title, or null when OMDb has none by that id. */
    async details(imdbId: string): Promise<MovieDetails | null> {
      const answer = await get({ i: imdbId, plot: 'full' });
      if ('refused' in answer) {
        if (notFound(answer.refused ?? '')) return null;
        throw new ApiError(502, `${SERVICE} refused the lookup: ${answer.refused}`);
      }
      const title = parsed(titleAnswer, answer.body);
      return {
        imdbId: title.imdbID,
        title: title.Title,
        year: yearOf(title.Year),
        posterUrl: posterOf(title.Poster),
        kind: title.Type ?? 'movie',
        cast: list(title.Actors),
        directors: list(title.Director),
        genres: list(title.Genre),
        runtime: known(title.Runtime),
        description: known(title.Plot),
        url: `https://www.imdb.com/title/${title.imdbID}/`,
      };
    },
  };
}
