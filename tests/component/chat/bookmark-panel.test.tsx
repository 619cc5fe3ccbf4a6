import { screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { chosenBookmarksAtom } from '@/components/chat/atoms';
import { BookmarkPanel } from '@/components/chat/bookmarks/BookmarkPanel';
import { contextIds } from '@/components/chat/bookmarks/selection';
import type { Collection } from '@/lib/api/contract';
import { FakeBackground } from '../fake-background';
import { setupLiveServer } from './live-server';

const live = setupLiveServer();

type Live = Awaited<ReturnType<typeof live.signedIn>>;

/**
 * A user with Travel (3 gems) › Japan (30 gems) on the live server; the panel lists them as the server does. `before`
 * runs once the user exists, before the panel opens.
 */
async function withLibrary(prefix: string, before?: (user: Live) => Promise<void>) {
  const user = await live.signedIn(prefix);
  const collection = async (name: string, parentId?: number) =>
    (await user.call('collections', 'POST', { data: { name, parentId } })).data as Collection;
  const travel = await collection('Travel');
  const japan = await collection('Japan', travel.id);
  const gem = async (title: string, collectionId: number) =>
    (
      await user.call('gems', 'POST', {
        data: { title, url: `https://example.test/${encodeURIComponent(title)}`, collectionId },
      })
    ).data.id as number;
  const travelGems = [
    await gem('Lisbon trams', travel.id),
    await gem('Porto bridges', travel.id),
    await gem('Faro beaches', travel.id),
  ];
  for (let n = 1; n <= 30; n++) await gem(`Kyoto temple ${n}`, japan.id);
  await before?.(user);
  const collections = (await user.call('get-user-collections')).data as Collection[];
  const store = createStore();
  const onDone = vi.fn();
  const rendered = user.render(
    <Provider store={store}>
      <BookmarkPanel close={onDone} />
    </Provider>,
    new FakeBackground({ collections }),
  );
  await screen.findByRole('list', { name: 'Collections' });
  return { ...rendered, travelGems, chosen: () => store.get(chosenBookmarksAtom), onDone };
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Bookmark attachment panel', () => {
  it('a gem chosen inside a collection shows the collection mixed; Continue makes the choice the chat’s', async () => {
    const { user, travelGems, chosen, onDone } = await withLibrary('bmgem');
    await user.click(screen.getByRole('button', { name: 'Gems in Travel' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Porto bridges' }));
    expect(box('Travel').indeterminate).toBe(true);
    expect(box('Travel').checked).toBe(false);
    screen.getByText('1 chosen');
    expect(chosen().gems).toEqual([]); // nothing changes before Continue

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(contextIds(chosen())).toEqual({ gemIds: [travelGems[1]], collectionIds: [] });
  });

  it('a whole collection covers its gems and sub-collection; unchecking one gem keeps the others', async () => {
    const { user, travelGems, chosen } = await withLibrary('bmcol');
    await user.click(box('Japan'));
    expect(box('Travel').indeterminate).toBe(true);
    await user.click(box('Travel'));
    expect(box('Travel').checked).toBe(true);
    expect(box('Japan').checked).toBe(false); // covered by Travel, no longer listed on its own
    await user.click(screen.getByRole('button', { name: 'Gems in Travel' }));
    expect(((await screen.findByRole('checkbox', { name: 'Lisbon trams' })) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Lisbon trams' }));
    expect(box('Travel').indeterminate).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const { gemIds, collectionIds } = contextIds(chosen());
    expect(gemIds.toSorted((a, b) => a - b)).toEqual([travelGems[1], travelGems[2]]);
    expect(collectionIds).toEqual([]);
  });

  it('shows 25 gems, Load More shows the rest, and search narrows the collections', async () => {
    const { user } = await withLibrary('bmmore');
    await user.click(screen.getByRole('button', { name: 'Gems in Travel / Japan' }));
    const japanRow = screen.getByRole('button', { name: 'Gems in Travel / Japan' }).closest('li') as HTMLElement;
    // Newest first: the first page ends at the sixth gem saved.
    await within(japanRow).findByRole('checkbox', { name: 'Kyoto temple 30' });
    expect(within(japanRow).queryByRole('checkbox', { name: 'Kyoto temple 5' })).toBeNull();
    expect(within(japanRow).getAllByRole('checkbox')).toHaveLength(1 + 25);
    await user.click(within(japanRow).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(japanRow).getAllByRole('checkbox')).toHaveLength(1 + 30));
    within(japanRow).getByRole('checkbox', { name: 'Kyoto temple 1' });
    expect(within(japanRow).queryByRole('button', { name: 'Load More' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search collections' }), 'jap');
    expect(screen.queryByRole('checkbox', { name: /^Travel/ })).toBeNull();
    box('Japan');
    await user.clear(screen.getByRole('searchbox', { name: 'Search collections' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search collections' }), 'nothing like it');
    screen.getByText('No collection matches');
  });

  it('lists the collections shared with the user, with their owner; a gem of one, or all of it, goes to the chat', async () => {
    const owner = await live.signedIn('bmowner');
    const made = async (path: string, data: unknown) => (await owner.call(path, 'POST', { data })).data;
    const notes = (await made('collections', { name: 'Field notes' })) as Collection;
    const birds = (await made('collections', { name: 'Birds', parentId: notes.id })) as Collection;
    await made('gems', { title: 'Heron survey', url: 'https://example.test/heron', collectionId: notes.id });
    await made('gems', { title: 'Red kite roost', url: 'https://example.test/kite', collectionId: birds.id });
    const { user, chosen } = await withLibrary('bmshared', async (me) => {
      const share = await made(`collection-email/${notes.id}`, { username: me.account.username, role: 'viewer' });
      await me.call(`shares/${share.id}/accept`, 'POST');
    });
    const sharedList = await screen.findByRole('list', { name: 'Shared with me' });
    const notesBox = within(sharedList).getByRole('checkbox', {
      name: `Field notes · ${owner.account.username}`,
    }) as HTMLInputElement;
    expect(within(sharedList).getAllByRole('checkbox')).toHaveLength(1);

    // its gems are those the user may read there, its sub-collection's too, newest first
    await user.click(within(sharedList).getByRole('button', { name: 'Gems in Field notes' }));
    await within(sharedList).findByRole('checkbox', { name: 'Red kite roost' });
    expect(
      within(sharedList)
        .getAllByRole('checkbox')
        .map((b) => b.closest('label')?.textContent),
    ).toEqual([`Field notes · ${owner.account.username}`, 'Red kite roost', 'Heron survey']);
    await user.click(within(sharedList).getByRole('checkbox', { name: 'Red kite roost' }));
    expect(notesBox.indeterminate).toBe(true);
    await user.click(notesBox);
    expect(notesBox.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(contextIds(chosen())).toEqual({ gemIds: [], collectionIds: [notes.id] });
    expect(chosen().collections).toEqual([{ id: notes.id, name: 'Field notes' }]);

    // the search box narrows both lists
    await user.type(screen.getByRole('searchbox', { name: 'Search collections' }), 'field');
    expect(screen.queryByRole('list', { name: 'Collections' })).toBeNull();
    screen.getByRole('list', { name: 'Shared with me' });
  });
});
