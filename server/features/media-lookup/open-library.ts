import { z } from 'zod';
import type { BookDetails, BookSummary } from '../../../lib/api/media-lookup-contract';
import { ApiError } from '../../http/errors';
import { getJson, type OutsideCall } from './bounded-json';

/**
 * Open Library's JSON API (no key): `/search.json` for titles, `/works/{id}.json` and `/authors/{id}.json` for one
 * book. Only the fields read here are checked; anything else in its answers is ignored.
 */

const SERVICE = 'Open Library';
const COVERS = 'https://covers.openlibrary.org/b/id';
const MAX_RESULTS = 10;
const MAX_AUTHORS = 5;
const MAX_SUBJECTS = 10;

const searchAnswer = z.object({
  docs: z.array(
    z.object({
      key: z.string(),
      title: z.string().optional(),
      author_name: z.array(z.string()).optional(),
      first_publish_year: z.number().int().optional(),
      cover_i: z.number().int().optional(),
    }),
  ),
});

const textValue = z.union([z.string(), z.object({ value: z.string() })]);
const workAnswer = z.object({
  title: z.string().optional(),
  description: textValue.optional(),
  covers: z.array(z.number().int()).optional(),
  subjects: z.array(z.string()).optional(),
  first_publish_date: z.string().optional(),
  authors: z.array(z.object({ author: z.object({ key: z.string() }).optional() })).optional(),
});
const authorAnswer = z.object({ name: z.string() });

const workId = (key: string) => key.replace(/^\/works\//, '');
/** Open Library marks a missing cover as -1. */
const coverUrl = (id: number | undefined) => (id !== undefined && id > 0 ? `${COVERS}/${id}-M.jpg` : null);
const yearOf = (date: string | undefined) => {
  const year = date?.match(/\b(\d{4})\b/)?.[1];
  return year ? Number(year) : null;
};

function parsed<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(502, `${SERVICE} sent back an answer in a format Trove does not know`);
  return result.data;
}

export function openLibrary(baseUrl: string, limits: Omit<OutsideCall, 'service'>) {
  const call = { ...limits, service: SERVICE };
  const get = async (path: string) => {
    const answer = await getJson(`${baseUrl}${path}`, call);
    if (answer && answer.status !== 200) throw new ApiError(502, `${SERVICE} answered ${answer.status}`);
    return answer?.body ?? null;
  };

  async function authorName(key: string): Promise<string | null> {
    const body = await get(`${key}.json`).catch(() => null);
    const author = authorAnswer.safeParse(body);
    return author.success ? author.data.name : null;
  }

  return {
    async search(name: string): Promise<BookSummary[]> {
      const query = new URLSearchParams({
        q: name,
        fields: 'key,title,author_name,first_publish_year,cover_i',
        limit: String(MAX_RESULTS),
      });
      const body = await get(`/search.json?${query}`);
      if (body === null) throw new ApiError(502, `${SERVICE} has no search here (404)`);
      return parsed(searchAnswer, body)
        .docs.filter((doc) => doc.key.startsWith('/works/'))
        .slice(0, MAX_RESULTS)
        .map((doc) => ({
          id: workId(doc.key),
          title: doc.title ?? 'Untitled',
          authors: doc.author_name ?? [],
          year: doc.first_publish_year ?? null,
          coverUrl: coverUrl(doc.cover_i),
        }));
    },

    /** The work, or null when Open Library has none by that id. */
    async details(id: string): Promise<BookDetails | null> {
      const body = await get(`/works/${id}.json`);
      if (body === null) return null;
      const work = parsed(workAnswer, body);
      const keys = (work.authors ?? []).flatMap((a) => (a.author ? [a.author.key] : [])).slice(0, MAX_AUTHORS);
      const authors = (await Promise.all(keys.map(authorName))).filter((n): n is string => n !== null);
      const description = typeof work.description === 'string' ? work.description : work.description?.value;
      return {
        id,
        title: work.title ?? 'Untitled',
        authors,
        year: yearOf(work.first_publish_date),
        coverUrl: coverUrl(work.covers?.[0]),
        description: description?.trim() || null,
        subjects: (work.subjects ?? []).slice(0, MAX_SUBJECTS),
        url: `https://openlibrary.org/works/${id}`,
      };
    },
  };
}
