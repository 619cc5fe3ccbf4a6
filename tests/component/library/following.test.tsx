import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import type { Collection } from '@/lib/api/contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

/**
 * The library's Following view against the live server: follow a public collection by its address (one's own is
 * refused), its gems newest first with the collection and owner, the sidebar's new count cleared by opening the view,
 * `#follow=` links, and an unpublished collection saying so.
 */

const live = setupLiveServer();
sizeTheScroller();

async function publishedCollection(prefix: string, name: string, slug: string, titles: string[]) {
  const owner = await live.signedIn(prefix);
  const collection = (await owner.call('collections', 'POST', { data: { name } })).data as Collection;
  for (const title of titles)
    await owner.call('gems', 'POST', {
      data: { title, url: `https://${slug}.example.test/${title.toLowerCase()}`, collectionId: collection.id },
    });
  await owner.call(`collections/${collection.id}/public`, 'PUT', { data: { isPublic: true, slug } });
  return { owner, collection };
}

describe('Following in the library', () => {
  it('follows by address, lists the gems newest first, counts what is new and clears it when opened', async () => {
    const { owner, collection } = await publishedCollection('baker', 'Bread', 'bread', ['Rye', 'Sourdough']);
    const fan = await live.signedIn('fan');
    const { user, unmount } = fan.render(
      <LibraryApp api={createLibraryApi(fan.access)} />,
      new FakeBackground({ user: fan.account }),
    );
    const nav = await screen.findByRole('navigation', { name: 'Library' });
    await user.click(await within(nav).findByRole('button', { name: /^Following/ }));
    await screen.findByText('Nothing to show yet');

    const input = screen.getByRole('textbox', { name: 'Follow a public collection (its address)' });
    await user.type(input, `${fan.account.username}/nothing`);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No public collection there');

    await user.clear(input);
    await user.type(input, `${fan.serverUrl}/${owner.account.username}/bread`);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    const follows = await screen.findByRole('list', { name: 'Followed collections' });
    expect(within(follows).getByRole('link', { name: 'Bread' }).getAttribute('href')).toBe(
      `${fan.serverUrl}/${owner.account.username}/bread`,
    );
    const gems = await screen.findByRole('list', { name: 'Gems of followed collections' });
    await waitFor(() =>
      expect(
        within(gems)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Sourdough', 'Rye']),
    );
    expect(within(gems).getAllByRole('listitem')[0]?.textContent).toContain(`Bread by ${owner.account.username}`);

    // a gem added later counts as new in the sidebar until the view is opened again
    await owner.call('gems', 'POST', {
      data: { title: 'Brioche', url: 'https://bread.example.test/brioche', collectionId: collection.id },
    });
    unmount();
    const again = fan.render(
      <LibraryApp api={createLibraryApi(fan.access)} />,
      new FakeBackground({ user: fan.account }),
    );
    const nav2 = await screen.findByRole('navigation', { name: 'Library' });
    const following = await within(nav2).findByRole('button', { name: /^Following/ });
    await waitFor(() => expect(following.textContent).toBe('Following1 new'));
    await again.user.click(following);
    const fresh = await screen.findByRole('list', { name: 'Gems of followed collections' });
    await waitFor(() => expect(within(fresh).getAllByRole('listitem')[0]?.textContent).toContain('BriocheNew'));
    await waitFor(() => expect(within(nav2).getByRole('button', { name: /^Following/ }).textContent).toBe('Following'));
  });

  it('opens on #follow=, refuses an address with no public collection, and says when a followed one is no longer public', async () => {
    const { owner, collection } = await publishedCollection('potter', 'Pots', 'pots', ['Bowl']);
    const fan = await live.signedIn('fan');
    location.hash = `#follow=${owner.account.username}/pots`;
    const { user } = fan.render(
      <LibraryApp api={createLibraryApi(fan.access)} />,
      new FakeBackground({ user: fan.account }),
    );
    const input = (await screen.findByRole('textbox', {
      name: 'Follow a public collection (its address)',
    })) as HTMLInputElement;
    expect(input.value).toBe(`${owner.account.username}/pots`);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    const follows = await screen.findByRole('list', { name: 'Followed collections' });
    expect(location.hash).toBe('');
    await within(follows).findByRole('link', { name: 'Pots' });

    await owner.call(`collections/${collection.id}/public`, 'DELETE');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Library' })).getByRole('button', { name: /^All gems/ }),
    );
    await user.click(
      within(screen.getByRole('navigation', { name: 'Library' })).getByRole('button', { name: /^Following/ }),
    );
    const after = await screen.findByRole('list', { name: 'Followed collections' });
    await waitFor(() => expect(within(after).getAllByRole('listitem')[0]?.textContent).toContain('no longer public'));
    expect((await screen.findByText('Nothing to show yet')).tagName).toMatch(/^(H\d|P|STRONG|SPAN|DIV)$/);
    expect(within(after).queryByRole('link', { name: 'Pots' })).toBeNull();

    await user.clear(input.isConnected ? input : screen.getByRole('textbox', { name: /Follow a public/ }));
    await user.type(screen.getByRole('textbox', { name: /Follow a public/ }), `${fan.account.username}/x`);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No public collection there');
  });
});
