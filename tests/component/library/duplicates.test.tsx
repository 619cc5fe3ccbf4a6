/**
 * The library's Duplicates view against the real server: groups of gems saved at one page (by canonical address)
 * with their collection and tags, the oldest chosen to keep, Merge with Undo, a gem's own Trash, the empty state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import type { Gem } from '@/lib/api/contract';
import type { DuplicateGroup } from '@/lib/api/duplicates-contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

const live = setupLiveServer();

sizeTheScroller();

/** A user with the gems `saves` describes (oldest first), and the library page open on its Duplicates. */
async function duplicatesOf(prefix: string, saves: { title: string; url: string; tags?: string[] }[]) {
  const user = await live.signedIn(prefix);
  const gems: Gem[] = [];
  for (const data of saves) gems.push((await user.call('gems', 'POST', { data })).data as Gem);
  const rendered = user.render(
    <LibraryApp api={createLibraryApi(user.access)} perPage={10} />,
    new FakeBackground({ user: user.account }),
  );
  await screen.findByRole('heading', { name: 'All gems' });
  const sidebar = screen.getByRole('navigation', { name: 'Library' });
  await rendered.user.click(within(sidebar).getByRole('button', { name: /^Duplicates/ }));
  await screen.findByRole('heading', { name: 'Duplicates', level: 2 });
  const serverGroups = async () => (await user.call('duplicates')).data as DuplicateGroup[];
  return { ...rendered, server: user, gems, serverGroups };
}

const groupList = () => screen.findByRole('list', { name: 'Duplicate groups' });
/** The groups shown (the list's own items, not their tag lists'). */
const shownGroups = async () => [...(await groupList()).querySelectorAll<HTMLElement>(':scope > li')];
const keepChoice = (title: string) => screen.getByRole('radio', { name: `Keep ${title}` });

describe('the Duplicates view', () => {
  it('says when there are none', async () => {
    await duplicatesOf('dupnone', [
      { title: 'Pie', url: 'https://example.test/pie' },
      { title: 'Tart', url: 'https://example.test/tart' },
    ]);
    const empty = await screen.findByRole('region', { name: 'No duplicates' });
    expect(empty.textContent).toContain('No two gems are saved at the same page');
  });

  it('groups the saves of one page with their collection, date and tags; Merge keeps the chosen one, Undo brings the others back', async () => {
    const { user, server, gems, serverGroups } = await duplicatesOf('dupmerge', [
      { title: 'Pie (old)', url: 'http://www.example.test/pie/', tags: ['baking'] },
      { title: 'Pie (new)', url: 'https://example.test/pie?utm_source=mail', tags: ['sweet'] },
      { title: 'Tart', url: 'https://example.test/tart' },
    ]);
    const groups = await shownGroups();
    expect(groups).toHaveLength(1);
    const group = groups[0] as HTMLElement;
    expect(within(group).getByRole('heading', { level: 3 }).textContent).toBe('example.test 2 saves');
    expect([...group.querySelectorAll('.library-dupe-title')].map((el) => el.textContent)).toEqual([
      'Pie (old)',
      'Pie (new)',
    ]);
    expect(
      [...group.querySelectorAll('.library-dupe-meta')].map((el) => el.textContent?.startsWith('Unfiltered')),
    ).toEqual([true, true]);
    expect(
      within(group)
        .getAllByRole('list', { name: 'Tags' })
        .map((tags) => tags.textContent),
    ).toEqual(['#baking', '#sweet']);
    expect((keepChoice('Pie (old)') as HTMLInputElement).checked).toBe(true);

    await user.click(keepChoice('Pie (new)'));
    await user.click(within(group).getByRole('button', { name: 'Merge' }));
    const toast = (await screen.findByText(/^Merged/)).closest('.toast') as HTMLElement;
    expect(toast.querySelector('.toast-text')?.textContent).toBe(
      'Merged 1 copy into “Pie (new)”; they are in the trash.',
    );
    expect((await screen.findByRole('region', { name: 'No duplicates' })).textContent).toContain('No duplicates');
    expect(await serverGroups()).toEqual([]);
    const kept = (await server.call(`gems/${gems[1]?.id}`)).data as Gem;
    expect(kept.tags.map((tag) => tag.tag).sort()).toEqual(['baking', 'sweet']);
    expect(kept.createdAt).toBe(gems[0]?.createdAt);

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(async () =>
      expect((await serverGroups()).map((g) => g.gems.map((gem) => gem.id))).toEqual([[gems[0]?.id, gems[1]?.id]]),
    );
    await waitFor(async () => expect(await shownGroups()).toHaveLength(1));
  });

  it("a gem's own Trash takes it out of its group, and a group of one is no group", async () => {
    const { user, serverGroups } = await duplicatesOf('duptrash', [
      { title: 'Scone', url: 'https://example.test/scone' },
      { title: 'Scone again', url: 'https://example.test/scone#recipe' },
    ]);
    await groupList();
    await user.click(screen.getByRole('button', { name: 'Trash Scone again' }));
    expect((await screen.findByRole('region', { name: 'No duplicates' })).textContent).toContain('No duplicates');
    expect(await serverGroups()).toEqual([]);
  });
});
