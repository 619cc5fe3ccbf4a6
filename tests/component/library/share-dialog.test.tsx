import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

const live = setupLiveServer();

sizeTheScroller();

type Live = Awaited<ReturnType<typeof live.signedIn>>;

/** A user on the live server (new, unless given), in the library page. */
async function library(prefix: string, given?: Live) {
  const server = given ?? (await live.signedIn(prefix));
  const rendered = server.render(
    <LibraryApp api={createLibraryApi(server.access)} perPage={20} />,
    new FakeBackground({ user: server.account }),
  );
  await screen.findByRole('heading', { name: 'All gems' });
  return { ...rendered, server };
}

const sidebar = () => screen.getByRole('navigation', { name: 'Library' });
const memberNames = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.share-member-name')].map((node) => node.textContent);

describe('the Share dialog and Shared with me', () => {
  it('invites by username with a role, names a refusal on the field, changes a role and removes; the invitee accepts and lists the gems', async () => {
    const bob = await live.signedIn('bobshare');
    const ada = await live.signedIn('adashare');
    const made = await ada.call('collections', 'POST', { data: { name: 'Recipes' } });
    await ada.call('gems', 'POST', {
      data: { title: 'Shared pavlova', url: 'https://recipes.test/pavlova', collectionId: made.data.id },
    });
    const { user, server, unmount } = await library('adashare', ada);
    await user.click(await within(sidebar()).findByRole('button', { name: 'Options for Recipes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Recipes' });
    expect(await within(dialog).findByText('Only you. Invite someone above.')).toHaveProperty('tagName', 'P');

    const who = within(dialog).getByRole('textbox', { name: 'Username or email' });
    await user.type(who, 'nobodyatall');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'data.username: No account has the username nobodyatall',
    );

    await user.clear(who);
    await user.type(who, bob.account.username);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(memberNames(dialog)).toEqual([bob.account.username]));
    expect(within(dialog).getByText('pending').className).toBe('share-member-status');
    const role = within(dialog).getByRole('combobox', { name: `Role of ${bob.account.username}` }) as HTMLSelectElement;
    expect(role.value).toBe('editor');
    await user.selectOptions(role, 'viewer');
    await waitFor(async () =>
      expect((await server.call(`collections/${made.data.id}/shares`)).data[0].role).toBe('viewer'),
    );
    unmount();

    // bob sees the invitation, accepts it, and opens the collection from "Shared with me"
    const asBob = bob.render(
      <LibraryApp api={createLibraryApi(bob.access)} perPage={20} />,
      new FakeBackground({ user: bob.account }),
    );
    await screen.findByRole('heading', { name: 'All gems' });
    const invitations = await within(sidebar()).findByRole('list', { name: 'Invitations' });
    expect(invitations.textContent).toContain(`${server.account.username} invites you to Recipes as viewer`);
    await asBob.user.click(within(invitations).getByRole('button', { name: 'Accept Recipes' }));
    const item = await within(sidebar()).findByRole('button', {
      name: new RegExp(`^Recipes · ${server.account.username}`),
    });
    await waitFor(() => expect(within(sidebar()).queryByRole('list', { name: 'Invitations' })).toBeNull());
    await asBob.user.click(item);
    await screen.findByRole('heading', { name: 'Recipes' });
    expect(await screen.findByText('Shared pavlova')).toHaveProperty('textContent', 'Shared pavlova');
    asBob.unmount();

    // the owner removes bob in the dialog: his next request finds nothing
    const again = await library('adashare', ada);
    await again.user.click(await within(sidebar()).findByRole('button', { name: 'Options for Recipes' }));
    await again.user.click(await screen.findByRole('menuitem', { name: 'Share…' }));
    const reopened = await screen.findByRole('dialog', { name: 'Share Recipes' });
    await waitFor(() => expect(memberNames(reopened)).toEqual([bob.account.username]));
    expect(within(reopened).queryByText('pending')).toBeNull();
    await again.user.click(within(reopened).getByRole('button', { name: `Remove ${bob.account.username}` }));
    expect(await within(reopened).findByText('Only you. Invite someone above.')).toHaveProperty('tagName', 'P');
    expect((await bob.call('share-with-me')).data.collections).toEqual([]);
    again.unmount();
  });
});
