import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import { createLibraryApi } from '@/lib/library/library-api';
import { expandedCollectionsItem } from '@/lib/library/prefs';
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

  it('under a shared collection, behind toggles, Shared with me lists the sub-collections its share reaches; one opens with its gems', async () => {
    const ada = await live.signedIn('adasubs');
    const bob = await live.signedIn('bobsubs');
    const collection = async (name: string, parentId?: number) =>
      (await ada.call('collections', 'POST', { data: { name, parentId } })).data.id as number;
    const notes = await collection('Field notes');
    const birds = await collection('Birds', notes);
    const herons = await collection('Herons', birds);
    await ada.call('gems', 'POST', {
      data: { title: 'Grey heron', url: 'https://birds.test/heron', collectionId: herons },
    });
    await ada.call('gems', 'POST', { data: { title: 'Otter', url: 'https://birds.test/otter', collectionId: notes } });
    const share = await ada.call(`collection-email/${notes}`, 'POST', { data: { username: bob.account.username } });
    await bob.call(`shares/${share.data.id}/accept`, 'POST');

    const { user } = await library('bobsubs', bob);
    // behind their toggles, as one's own tree
    await user.click(await within(sidebar()).findByRole('button', { name: 'Expand Field notes' }));
    const under = within(sidebar()).getByRole('list', { name: 'In Field notes' });
    const items = () =>
      within(under)
        .getAllByRole('button', { name: /gem/ })
        .map((row) => row.textContent);
    expect(items()).toEqual(['Birds1 gem']);
    await user.click(within(under).getByRole('button', { name: 'Expand Birds' }));
    expect(items()).toEqual(['Birds1 gem', 'Herons1 gem']);
    expect(await expandedCollectionsItem.getValue()).toEqual([notes, birds]);
    const depths = [...under.querySelectorAll<HTMLElement>('.library-nav-row')].map(
      (row) => row.style.paddingInlineStart,
    );
    expect(depths).toEqual(['calc(1 * var(--space-4))', 'calc(2 * var(--space-4))']);
    await user.click(within(under).getByRole('button', { name: /^Herons/ }));
    await screen.findByRole('heading', { name: 'Herons' });
    await waitFor(() =>
      expect([...document.querySelectorAll('.library-row-title')].map((el) => el.textContent)).toEqual(['Grey heron']),
    );
  });

  it('shares with a team the owner is in, picked by name; its members read the collection while they are members', async () => {
    const cal = await live.signedIn('calteam');
    const dee = await live.signedIn('deeteam');
    const cooks = (await dee.call('teams', 'POST', { data: { name: 'Cooks' } })).data;
    await dee.call('teams', 'POST', { data: { name: 'Bakers' } });
    const invited = (await dee.call(`teams/${cooks.id}/members`, 'POST', { data: { username: cal.account.username } }))
      .data;
    await cal.call(`shares/${invited.id}/accept`, 'POST');
    const made = (await dee.call('collections', 'POST', { data: { name: 'Soups' } })).data;
    await dee.call('gems', 'POST', { data: { title: 'Team soup', url: 'https://soup.test/', collectionId: made.id } });
    const { user, unmount } = await library('deeteam', dee);
    await user.click(await within(sidebar()).findByRole('button', { name: 'Options for Soups' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Soups' });
    await user.click(within(dialog).getByRole('radio', { name: 'A team' }));
    const team = (await within(dialog).findByRole('combobox', { name: 'Team' })) as HTMLSelectElement;
    await waitFor(() =>
      expect([...team.options].map((o) => o.textContent)).toEqual(['Cooks (2 members)', 'Bakers (1 member)']),
    );
    await user.selectOptions(team, 'Cooks (2 members)');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'editor');
    await user.click(within(dialog).getByRole('button', { name: 'Share with team' }));
    await waitFor(() => expect(memberNames(dialog)).toEqual(['team Cooks']));
    const shares = (await dee.call(`collections/${made.id}/shares`)).data;
    expect(shares.map((s: { role: string; status: string }) => [s.role, s.status])).toEqual([['editor', 'accepted']]);
    const seen = (await cal.call(`filter-search?collectionId=${made.id}`)).data;
    expect(seen.map((g: { title: string }) => g.title)).toEqual(['Team soup']);

    // shared with it twice: the server's refusal is said on the team field
    await user.click(within(dialog).getByRole('button', { name: 'Share with team' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'data.teamId: This collection is shared with that team already',
    );
    unmount();
  });
});
