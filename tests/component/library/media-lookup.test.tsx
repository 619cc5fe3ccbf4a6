import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryApiProvider } from '@/components/library/library-api-context';
import { MediaLookup } from '@/components/library/media-lookup/MediaLookup';
import { createLibraryApi } from '@/lib/library/library-api';
import { type FakeMedia, OMDB_KEY, startFakeMedia } from '../../fake-media/server';
import { setupLiveServer } from '../chat/live-server';

/**
 * The library's "Book or film…" against a live server pointed at a fake Open Library and OMDb (tests/fake-media/): a
 * title looked up from the keyboard, its matches with cover, authors and year, one saved as a gem (read back from the
 * server), the empty and error states, the Films tab; and on a server without an OMDb key, films are not offered.
 */

let fake: FakeMedia;
beforeAll(async () => {
  fake = await startFakeMedia();
});
afterAll(() => fake.close());

const live = setupLiveServer(() => ({
  TROVE_OPEN_LIBRARY_URL: `${fake.url}/ol`,
  TROVE_OMDB_URL: `${fake.url}/omdb`,
  TROVE_OMDB_API_KEY: OMDB_KEY,
}));
const withoutKey = setupLiveServer();

async function openDialog(server: typeof live, prefix: string) {
  const person = await server.signedIn(prefix);
  const rendered = person.render(
    <LibraryApiProvider api={createLibraryApi(person.access)}>
      <MediaLookup />
    </LibraryApiProvider>,
  );
  return { person, ...rendered };
}

describe('Book or film…', () => {
  it('looks a book up from the keyboard and saves a match as a gem with its cover, authors and year', async () => {
    const { person, user } = await openDialog(live, 'books');
    await user.click(await screen.findByRole('button', { name: 'Book or film…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a book or film' });
    await user.type(within(dialog).getByLabelText('Book title'), 'Dune{Enter}');
    const results = await within(dialog).findByRole('list', { name: 'books found' });
    const [dune, sketches] = within(results).getAllByRole('listitem');
    expect(dune?.textContent).toContain('Frank Herbert');
    expect(dune?.textContent).toContain('1965');
    expect(dune?.querySelector('img')?.getAttribute('src')).toBe('https://covers.openlibrary.org/b/id/11481354-M.jpg');
    expect(sketches?.textContent).toContain('No cover');
    expect(sketches?.textContent).toContain('Year unknown');

    await user.click(within(results).getByRole('button', { name: 'Save as a gem: Dune' }));
    expect((await within(results).findByRole('status')).textContent).toBe('Saved');
    const saved = await person.call(`gems-at-url?url=${encodeURIComponent('https://openlibrary.org/works/OL893415W')}`);
    expect(saved.data).toHaveLength(1);
    expect(saved.data[0]).toMatchObject({
      title: 'Dune',
      image: 'https://covers.openlibrary.org/b/id/11481354-M.jpg',
      byline: 'Frank Herbert, Brian Herbert',
      description: 'A desert planet, spice and a duke’s son.',
    });
    expect(saved.data[0].publishedAt).toMatch(/^1965-01-01/);

    const input = within(dialog).getByLabelText('Book title');
    await user.clear(input);
    await user.type(input, 'nothing{Enter}');
    const empty = await within(dialog).findByRole('region', { name: 'No books found' });
    expect(empty.textContent).toContain('Open Library has nothing called “nothing”');
    await user.clear(input);
    await user.type(input, 'broken{Enter}');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Open Library answered 500');
    const asked = () => fake.requests.filter((r) => r.includes('q=broken')).length;
    const before = asked();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
  });

  it('finds a film on the Films tab and saves it with its cast', async () => {
    const { person, user } = await openDialog(live, 'films');
    await user.click(await screen.findByRole('button', { name: 'Book or film…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a book or film' });
    within(dialog).getByRole('tab', { name: 'Books' }).focus();
    await user.keyboard('{ArrowRight}');
    await user.type(within(dialog).getByLabelText('Film or series title'), 'Heat{Enter}');
    const results = await within(dialog).findByRole('list', { name: 'films found' });
    expect(within(results).getAllByRole('listitem')[1]?.textContent).toContain('No poster');
    await user.click(within(results).getByRole('button', { name: 'Save as a gem: Heat' }));
    await within(results).findByRole('status');
    const saved = await person.call(`gems-at-url?url=${encodeURIComponent('https://www.imdb.com/title/tt0113277/')}`);
    expect(saved.data[0]).toMatchObject({
      title: 'Heat',
      media_type: 'Video',
      byline: 'Al Pacino, Robert De Niro, Val Kilmer',
    });
  });

  it('offers books only on a server without an OMDb key', async () => {
    const { user } = await openDialog(withoutKey, 'nokey');
    await user.click(await screen.findByRole('button', { name: 'Book…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a book' });
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(within(dialog).queryByLabelText('Film or series title')).toBeNull();
    expect(within(dialog).getByLabelText('Book title').tagName).toBe('INPUT');
  });
});
