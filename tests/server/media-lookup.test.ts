/**
 * Books and films looked up by title (server/features/media-lookup/) against a fake Open Library and OMDb speaking
 * their published formats (tests/fake-media/server.ts): results mapped (cover, authors or cast, year, "N/A" and missing
 * values as null), one book's or film's details, bad input a 400 naming the field, the services' failures a 502 or 504
 * naming them (never a 500), the operator's key never shown, and both lookups off on a server configured without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMedia, mediaLookupAt, OMDB_KEY, startFakeMedia } from '../fake-media/server';
import { expectError, expectFieldError, setupTestServer } from './harness';

let fake: FakeMedia;
beforeAll(async () => {
  fake = await startFakeMedia();
});
afterAll(() => fake.close());

const t = setupTestServer(() => ({ mediaLookup: mediaLookupAt(fake) }));
const off = setupTestServer();

async function tokenOf(server: typeof t) {
  return (await server.signUp('media')).jwt;
}

describe('books from Open Library', () => {
  it('lists matches with cover, authors and year, and gives one book with its description and author names', async () => {
    const token = await tokenOf(t);
    const list = await t.api('/api/book-list?name=Dune', { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: 'OL893415W',
        title: 'Dune',
        authors: ['Frank Herbert'],
        year: 1965,
        coverUrl: 'https://covers.openlibrary.org/b/id/11481354-M.jpg',
      },
      { id: 'OL2W', title: 'Dune Sketches', authors: ['Ann Onymous'], year: null, coverUrl: null },
    ]);
    const omens = await t.api(`/api/book-list?name=${encodeURIComponent('Good Omens')}`, { token });
    expect(omens.body.data[0].authors).toEqual(['Terry Pratchett', 'Neil Gaiman']);
    expect((await t.api('/api/book-list?name=nothing', { token })).body.data).toEqual([]);

    const book = await t.api('/api/book-details?bookId=OL893415W', { token });
    expect(book.status).toBe(200);
    expect(book.body.data).toMatchObject({
      title: 'Dune',
      authors: ['Frank Herbert', 'Brian Herbert'],
      year: 1965,
      coverUrl: 'https://covers.openlibrary.org/b/id/11481354-M.jpg',
      description: 'A desert planet, spice and a duke’s son.',
      subjects: ['Science fiction', 'Deserts', 'Ecology'],
      url: 'https://openlibrary.org/works/OL893415W',
    });
    const sketches = await t.api('/api/book-details?bookId=OL2W', { token });
    expect(sketches.body.data).toMatchObject({ authors: [], year: null, coverUrl: null, description: 'Drawings.' });
    expect(expectError(await t.api('/api/book-details?bookId=OL404W', { token }), 404).message).toContain('OL404W');
  });

  it('refuses bad input naming the field, and signed-out calls', async () => {
    const token = await tokenOf(t);
    expectFieldError(await t.api('/api/book-list?name=%20', { token }), 'name', 'Type a title to look up');
    expectFieldError(await t.api('/api/book-details?bookId=..%2Fadmin', { token }), 'bookId');
    expectFieldError(await t.api('/api/movie-details?imdbId=123', { token }), 'imdbId');
    expectError(await t.api('/api/book-list?name=Dune'), 401);
  });

  it("answers Open Library's failures as a 502 or 504 naming it, never a 500", async () => {
    const token = await tokenOf(t);
    const slow = expectError(await t.api('/api/book-list?name=slow', { token }), 504);
    expect(slow.message).toBe('Open Library did not answer within 2 s');
    const broken = expectError(await t.api('/api/book-list?name=broken', { token }), 502);
    expect(broken.message).toBe('Open Library answered 500 with something that is not JSON');
    const huge = expectError(await t.api('/api/book-list?name=huge', { token }), 502);
    expect(huge.message).toBe('Open Library sent back more than 1000000 bytes');
    expect((await t.api('/api/book-list?name=Dune', { token })).status).toBe(200);
  });
});

describe('films from OMDb', () => {
  it('lists matches and gives one film with its cast, the key sent to OMDb and never back', async () => {
    const token = await tokenOf(t);
    const list = await t.api('/api/movies-list?name=Heat', { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        imdbId: 'tt0113277',
        title: 'Heat',
        year: 1995,
        posterUrl: 'https://m.media-amazon.com/images/M/heat.jpg',
        kind: 'movie',
      },
      { imdbId: 'tt1234567', title: 'Heat Wave', year: 2009, posterUrl: null, kind: 'series' },
    ]);
    expect(fake.requests.some((r) => r.startsWith('/omdb') && r.includes(`apikey=${OMDB_KEY}`))).toBe(true);
    expect((await t.api('/api/movies-list?name=zzz', { token })).body.data).toEqual([]);

    const film = await t.api('/api/movie-details?imdbId=tt0113277', { token });
    expect(film.body.data).toMatchObject({
      cast: ['Al Pacino', 'Robert De Niro', 'Val Kilmer'],
      directors: ['Michael Mann'],
      genres: ['Action', 'Crime', 'Drama'],
      runtime: '170 min',
      url: 'https://www.imdb.com/title/tt0113277/',
    });
    expectError(await t.api('/api/movie-details?imdbId=tt0000001', { token }), 404);
    const slow = expectError(await t.api('/api/movies-list?name=slow', { token }), 504);
    expect(slow.message).toBe('OMDb did not answer within 2 s');
    expect(JSON.stringify([list.body, film.body, slow])).not.toContain(OMDB_KEY);
    expect((await t.api('/api/media-sources', { token })).body.data).toEqual({ books: true, films: true });
  });
});

it('without them configured, both lookups are off and say why', async () => {
  const token = await tokenOf(off);
  expect((await off.api('/api/media-sources', { token })).body.data).toEqual({ books: false, films: false });
  const books = expectError(await off.api('/api/book-list?name=Dune', { token }), 404);
  expect(books.message).toContain('TROVE_OPEN_LIBRARY=0');
  const films = expectError(await off.api('/api/movie-details?imdbId=tt0113277', { token }), 404);
  expect(films.message).toContain('TROVE_OMDB_API_KEY');
});
