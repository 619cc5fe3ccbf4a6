import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Open Library (under /ol) and OMDb (under /omdb) for the tests of book and film lookup
 * (server/features/media-lookup/): the answers below follow the services' published formats (Open Library's
 * search.json, works and authors JSON; OMDb's `s=` and `i=` answers, "N/A" for missing values, `Response: "False"`
 * refusals, 401 for a bad key). Special titles make it fail: `slow` never answers, `broken` answers 500 with HTML,
 * `huge` sends 3 MB.
 */

export const OMDB_KEY = 'test-omdb-key';

const DUNE_WORK = 'OL893415W';
const SEARCH: Record<string, unknown[]> = {
  dune: [
    {
      key: `/works/${DUNE_WORK}`,
      title: 'Dune',
      author_name: ['Frank Herbert'],
      first_publish_year: 1965,
      cover_i: 11481354,
      edition_count: 120,
    },
    // no cover (Open Library leaves cover_i out, or sends -1), no year
    { key: '/works/OL2W', title: 'Dune Sketches', author_name: ['Ann Onymous'], cover_i: -1 },
  ],
  'good omens': [
    {
      key: '/works/OL452W',
      title: 'Good Omens',
      author_name: ['Terry Pratchett', 'Neil Gaiman'],
      first_publish_year: 1990,
      cover_i: 9999,
    },
  ],
};

const WORKS: Record<string, unknown> = {
  [DUNE_WORK]: {
    key: `/works/${DUNE_WORK}`,
    title: 'Dune',
    description: { type: '/type/text', value: 'A desert planet, spice and a duke’s son.' },
    covers: [11481354, 123],
    subjects: ['Science fiction', 'Deserts', 'Ecology'],
    first_publish_date: 'August 1965',
    authors: [
      { author: { key: '/authors/OL79034A' }, type: { key: '/type/author_role' } },
      { author: { key: '/authors/OL1A' }, type: { key: '/type/author_role' } },
    ],
    type: { key: '/type/work' },
  },
  OL2W: { key: '/works/OL2W', title: 'Dune Sketches', description: 'Drawings.', type: { key: '/type/work' } },
};
const AUTHORS: Record<string, unknown> = {
  OL79034A: { key: '/authors/OL79034A', name: 'Frank Herbert' },
  OL1A: { key: '/authors/OL1A', name: 'Brian Herbert' },
};

const HEAT = {
  Title: 'Heat',
  Year: '1995',
  Rated: 'R',
  Runtime: '170 min',
  Genre: 'Action, Crime, Drama',
  Director: 'Michael Mann',
  Actors: 'Al Pacino, Robert De Niro, Val Kilmer',
  Plot: 'A group of high-end professional thieves start to feel the heat from the LAPD.',
  Poster: 'https://m.media-amazon.com/images/M/heat.jpg',
  imdbID: 'tt0113277',
  Type: 'movie',
  Response: 'True',
};
const FILM_SEARCH: Record<string, unknown[]> = {
  heat: [
    { Title: 'Heat', Year: '1995', imdbID: 'tt0113277', Type: 'movie', Poster: HEAT.Poster },
    { Title: 'Heat Wave', Year: '2009–2011', imdbID: 'tt1234567', Type: 'series', Poster: 'N/A' },
  ],
};

export interface FakeMedia {
  url: string;
  /** Every request's path and query, in order. */
  requests: string[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Answers a special title's failure; true when it did (or will never answer). */
function failure(res: ServerResponse, title: string): boolean {
  if (title === 'slow') return true; // never answers: the caller's timeout ends it
  if (title === 'broken') {
    res.writeHead(500, { 'Content-Type': 'text/html' });
    res.end('<html><body>Internal error</body></html>');
    return true;
  }
  if (title === 'huge') {
    json(res, 200, { docs: [], padding: 'x'.repeat(3_000_000) });
    return true;
  }
  return false;
}

function openLibrary(res: ServerResponse, path: string, query: URLSearchParams) {
  if (path === '/search.json') {
    const q = (query.get('q') ?? '').toLowerCase();
    if (failure(res, q)) return;
    const docs = SEARCH[q] ?? [];
    return json(res, 200, { numFound: docs.length, num_found: docs.length, start: 0, docs });
  }
  const work = path.match(/^\/works\/(OL\d+W)\.json$/)?.[1];
  if (work && WORKS[work]) return json(res, 200, WORKS[work]);
  const author = path.match(/^\/authors\/(OL\d+A)\.json$/)?.[1];
  if (author && AUTHORS[author]) return json(res, 200, AUTHORS[author]);
  json(res, 404, { error: 'notfound', key: path });
}

function omdb(res: ServerResponse, query: URLSearchParams) {
  if (query.get('apikey') !== OMDB_KEY) return json(res, 401, { Response: 'False', Error: 'Invalid API key!' });
  const search = query.get('s')?.toLowerCase();
  if (search !== undefined) {
    if (failure(res, search)) return;
    const found = FILM_SEARCH[search];
    if (!found) return json(res, 200, { Response: 'False', Error: 'Movie not found!' });
    return json(res, 200, { Search: found, totalResults: String(found.length), Response: 'True' });
  }
  if (query.get('i') === HEAT.imdbID) return json(res, 200, HEAT);
  json(res, 200, { Response: 'False', Error: 'Incorrect IMDb ID.' });
}

export async function startFakeMedia(): Promise<FakeMedia> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname.startsWith('/ol/')) return openLibrary(res, url.pathname.slice(3), url.searchParams);
    if (url.pathname === '/omdb/' || url.pathname === '/omdb') return omdb(res, url.searchParams);
    json(res, 404, { error: 'no such path' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The settings that point a server at `fake`, with a short timeout and a small answer bound. */
export const mediaLookupAt = (fake: FakeMedia) => ({
  openLibraryUrl: `${fake.url}/ol`,
  omdbUrl: `${fake.url}/omdb`,
  omdbApiKey: OMDB_KEY,
  timeoutMs: 2000,
  maxBytes: 1_000_000,
});
