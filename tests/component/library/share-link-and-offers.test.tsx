import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import type { Collection, Gem } from '@/lib/api/contract';
import { momentOf } from '@/lib/day';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

/**
 * Share link… (a collection's, a gem's) and offering gems to public collections (Offer to a public collection…, the
 * owner's Offers…, Your offers), against the live server: each link is then fetched as a visitor would.
 */

const live = setupLiveServer();
sizeTheScroller();

type Live = Awaited<ReturnType<typeof live.signedIn>>;

function library(server: Live) {
  return server.render(
    <LibraryApp api={createLibraryApi(server.access)} perPage={20} />,
    new FakeBackground({ user: server.account }),
  );
}

const visit = (url: string) => fetch(url, { headers: { Accept: 'text/html' } });
const sidebar = () => screen.findByRole('navigation', { name: 'Library' });

async function blockingViolations(node: HTMLElement) {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
}

describe('Share link…', () => {
  it('makes a collection’s link and changes who may open it, its password, whether it works and its address', async () => {
    const ada = await live.signedIn('adalink');
    const recipes = (await ada.call('collections', 'POST', { data: { name: 'Recipes' } })).data as Collection;
    await ada.call('gems', 'POST', {
      data: { title: 'Linked pavlova', url: 'https://recipes.test/pavlova', collectionId: recipes.id },
    });
    const { user } = library(ada);
    await user.click(await within(await sidebar()).findByRole('button', { name: 'Options for Recipes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share link…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link to Recipes' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    const address = (await within(dialog).findByRole('textbox', { name: 'Link address' })) as HTMLInputElement;
    const first = address.value;
    expect(first).toMatch(new RegExp(`^${ada.serverUrl}/s/[A-Za-z0-9_-]{32}$`));
    expect(within(dialog).getByText('Not opened yet.').tagName).toBe('P');
    expect(await blockingViolations(dialog)).toEqual([]);
    expect(await (await visit(first)).text()).toContain('Linked pavlova');

    // a password: the page asks for it; removed, it opens again
    const password = within(dialog).getByLabelText('Password (none)');
    await user.type(password, 'open-sesame');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByLabelText('New password (it has one)');
    // the one visit so far, its moment written out as every date in Trove is (lib/day.ts), never "12/2/2026, …"
    const visited = (await ada.call(`collection-link?kind=collection&resourceId=${recipes.id}`)).data[0];
    const opened = await within(dialog).findByText(/^Opened 1 time, last /);
    expect(opened.textContent).toBe(`Opened 1 time, last ${momentOf(visited.lastAccessAt)}.`);
    expect(opened.textContent).toMatch(/last [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    const locked = await (await visit(first)).text();
    expect(locked).toContain('type="password"');
    expect(locked).not.toContain('Linked pavlova');
    await user.click(within(dialog).getByRole('button', { name: 'Remove password' }));
    await within(dialog).findByLabelText('Password (none)');
    expect(await (await visit(first)).text()).toContain('Linked pavlova');

    // listed people only: a bad address is refused on its field
    await user.click(within(dialog).getByRole('radio', { name: 'Only these people' }));
    const emails = within(dialog).getByRole('textbox', { name: 'Their email addresses (one a line)' });
    await user.type(emails, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(emails.getAttribute('aria-invalid')).toBe('true'));
    await user.clear(emails);
    await user.type(emails, 'friend@example.test');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show my notes on the gems' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(emails.getAttribute('aria-invalid')).not.toBe('true'));
    await waitFor(async () => expect(await (await visit(first)).text()).not.toContain('Linked pavlova'));
    const saved = (await ada.call(`collection-link?kind=collection&resourceId=${recipes.id}`)).data[0];
    expect(saved).toMatchObject({ accessType: 'emails', allowEmail: ['friend@example.test'], showNotes: true });

    // back to anyone; disabled, the address is a 404; enabled again, it opens
    await user.click(within(dialog).getByRole('radio', { name: 'Anyone with the link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await (await visit(first)).text()).toContain('Linked pavlova'));
    const works = within(dialog).getByRole('switch', { name: 'Link works' });
    await user.click(works);
    await waitFor(() => expect(works.getAttribute('aria-checked')).toBe('false'));
    expect((await visit(first)).status).toBe(404);
    await user.click(works);
    await waitFor(() => expect(works.getAttribute('aria-checked')).toBe('true'));
    expect((await visit(first)).status).toBe(200);

    // a new address, after the warning: the old one dies
    await user.click(within(dialog).getByRole('button', { name: 'New address…' }));
    expect(within(dialog).getByText(/The current address stops working at once/).tagName).toBe('P');
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(address.value).not.toBe(first));
    expect((await visit(first)).status).toBe(404);
    const second = address.value;
    expect((await visit(second)).status).toBe(200);

    // Delete…: kept when the warning is declined; deleted after it, the address is a 404 and a new link can be made
    await user.click(within(dialog).getByRole('button', { name: 'Delete…' }));
    expect(within(dialog).getByText(/Its address stops working at once/).tagName).toBe('P');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    expect((await visit(second)).status).toBe(200);
    await user.click(within(dialog).getByRole('button', { name: 'Delete…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    expect((await within(dialog).findByRole('button', { name: 'Create link' })).textContent).toBe('Create link');
    expect((await visit(second)).status).toBe(404);
    expect((await ada.call(`collection-link?kind=collection&resourceId=${recipes.id}`)).data).toEqual([]);
  }, 60_000);

  it('shares one gem from its sheet’s Share menu, with an expiry kept as chosen', async () => {
    const bea = await live.signedIn('bealink');
    const gem = (await bea.call('gems', 'POST', { data: { title: 'Lone gem', url: 'https://lone.test/' } }))
      .data as Gem;
    window.location.hash = `#gem=${gem.id}`;
    const { user } = library(bea);
    const sheet = await screen.findByRole('complementary', { name: 'Lone gem' });
    await user.click(within(sheet).getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share link…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link to Lone gem' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create link' }));
    const address = (await within(dialog).findByRole('textbox', { name: 'Link address' })) as HTMLInputElement;
    const expires = within(dialog).getByLabelText('Expires (empty: never)') as HTMLInputElement;
    await user.type(expires, '2099-06-01T12:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => {
      const link = (await bea.call(`collection-link?kind=gem&resourceId=${gem.id}`)).data[0];
      expect(new Date(link.expiresAt).getTime()).toBe(new Date('2099-06-01T12:30').getTime());
    });
    expect(expires.value).toBe('2099-06-01T12:30');
    expect(await (await visit(address.value)).text()).toContain('Lone gem');
    window.location.hash = '';
  });
});

describe('offering gems to public collections', () => {
  it('the offerer offers by the page’s address; the owner approves in Offers…; the offerer sees the outcome', async () => {
    const owner = await live.signedIn('curator');
    const offerer = await live.signedIn('giver');
    const links = (await owner.call('collections', 'POST', { data: { name: 'Links' } })).data as Collection;
    const closed = (await owner.call('collections', 'POST', { data: { name: 'Closed' } })).data as Collection;
    await owner.call(`collections/${links.id}/public`, 'PUT', {
      data: { isPublic: true, slug: 'links', acceptOffers: true },
    });
    await owner.call(`collections/${closed.id}/public`, 'PUT', { data: { isPublic: true, slug: 'closed' } });
    const gem = (await offerer.call('gems', 'POST', { data: { title: 'Nice tool', url: 'https://tool.test/' } }))
      .data as Gem;

    window.location.hash = `#gem=${gem.id}`;
    const offering = library(offerer);
    const sheet = await screen.findByRole('complementary', { name: 'Nice tool' });
    await offering.user.click(within(sheet).getByRole('button', { name: 'Share' }));
    await offering.user.click(await screen.findByRole('menuitem', { name: 'Offer to a public collection…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer Nice tool' });
    const address = within(dialog).getByRole('textbox', { name: "The public collection's address" });
    await offering.user.type(address, `${owner.account.username}/closed`);
    await offering.user.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('does not accept offered gems');
    await offering.user.clear(address);
    await offering.user.type(address, `${owner.serverUrl}/${owner.account.username}/links`);
    await offering.user.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      `Offered to Links by ${owner.account.username}`,
    );
    expect(await blockingViolations(dialog)).toEqual([]);
    await offering.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    window.location.hash = '';
    await offering.user.click(within(await sidebar()).getByRole('button', { name: /^Your offers/ }));
    const mine = await screen.findByRole('list', { name: 'Your offers' });
    expect(within(mine).getByRole('listitem').textContent).toContain('Waiting for approval');
    expect(await blockingViolations(mine.closest('section') as HTMLElement)).toEqual([]);
    offering.unmount();

    const owning = library(owner);
    await owning.user.click(await within(await sidebar()).findByRole('button', { name: 'Options for Links' }));
    await owning.user.click(await screen.findByRole('menuitem', { name: 'Offers…' }));
    const offers = await screen.findByRole('dialog', { name: 'Offers to Links' });
    const pending = await within(offers).findByRole('list', { name: 'Pending offers' });
    expect(within(pending).getByRole('listitem').textContent).toContain(`offered by ${offerer.account.username}`);
    expect(await blockingViolations(offers)).toEqual([]);
    await owning.user.click(within(pending).getByRole('button', { name: 'Approve Nice tool' }));
    expect((await within(offers).findByText('Nothing waits for you.')).tagName).toBe('P');
    await owning.user.click(within(offers).getByRole('tab', { name: 'Processed' }));
    const processed = await within(offers).findByRole('list', { name: 'Processed offers' });
    expect(within(processed).getByRole('listitem').textContent).toContain('Approved');
    const copy = (await owner.call(`collections/${links.id}/bookmarks`)).data.bookmarks as Gem[];
    expect(copy.map((g) => [g.title, g.author.username])).toEqual([['Nice tool', owner.account.username]]);
    owning.unmount();

    const outcome = library(offerer);
    await outcome.user.click(await within(await sidebar()).findByRole('button', { name: /^Your offers/ }));
    const after = await screen.findByRole('list', { name: 'Your offers' });
    await waitFor(() => expect(within(after).getByRole('listitem').textContent).toContain('Approved'));
  });

  it('Offers to review… lists what waits in every collection the user moderates, and approves from there', async () => {
    const owner = await live.signedIn('inboxer');
    const offerer = await live.signedIn('sender');
    const made: Collection[] = [];
    for (const name of ['Tools', 'Reads']) {
      const collection = (await owner.call('collections', 'POST', { data: { name } })).data as Collection;
      await owner.call(`collections/${collection.id}/public`, 'PUT', {
        data: { isPublic: true, slug: name.toLowerCase(), acceptOffers: true },
      });
      made.push(collection);
    }
    const [tools, reads] = made as [Collection, Collection];
    for (const [title, collectionId] of [
      ['A hammer', tools.id],
      ['A novel', reads.id],
    ] as const) {
      const gem = (await offerer.call('gems', 'POST', { data: { title, url: `https://${collectionId}.test/` } }))
        .data as Gem;
      await offerer.call('offered-gems', 'POST', { data: { gemId: gem.id, collectionId } });
    }
    const { user } = library(owner);
    await user.click(await within(await sidebar()).findByRole('button', { name: /^Your offers/ }));
    await user.click(await screen.findByRole('button', { name: 'Offers to review…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offers to review' });
    const pending = await within(dialog).findByRole('list', { name: 'Pending offers' });
    const rows = () =>
      within(pending)
        .queryAllByRole('listitem')
        .map((li) => li.textContent ?? '');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toContain(`to Tools, offered by ${offerer.account.username}`);
    expect(rows()[1]).toContain(`to Reads, offered by ${offerer.account.username}`);
    expect(await blockingViolations(dialog)).toEqual([]);
    await user.click(within(pending).getByRole('button', { name: 'Approve A novel' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(pending).getByRole('button', { name: 'Reject A hammer' }));
    expect((await within(dialog).findByText('Nothing waits for you.')).tagName).toBe('P');
    const copies = (await owner.call(`collections/${reads.id}/bookmarks`)).data.bookmarks as Gem[];
    expect(copies.map((g) => g.title)).toEqual(['A novel']);
    expect((await owner.call(`processed-gems/${tools.id}?page=1&perPage=10`)).data[0].status).toBe('rejected');
  });
});
