/**
 * The library's tag menu (rename, colour, merge, delete against the real server), the marking of selected gems, and a
 * bulk job still running when the page opens. The server works no bulk job here (`withoutBulkWorker`), so a large job
 * stays queued for as long as the test looks at it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import { BULK_INLINE_LIMIT } from '@/lib/api/bulk-contract';
import type { Gem, TagWithPath } from '@/lib/api/contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupLiveServer, withoutBulkWorker } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

const live = setupLiveServer(withoutBulkWorker);

sizeTheScroller();

/** A user with gems tagged as `tagged` says (title → tag names), and the library page talking to the server as them. */
async function libraryWith(prefix: string, tagged: Record<string, string[]>) {
  const server = await live.signedIn(prefix);
  const gems: Gem[] = [];
  for (const [title, tags] of Object.entries(tagged))
    gems.push(
      (await server.call('gems', 'POST', { data: { title, url: `https://example.test/${title}`, tags } })).data as Gem,
    );
  const api = createLibraryApi(server.access);
  const rendered = server.render(<LibraryApp api={api} perPage={50} />, new FakeBackground({ user: server.account }));
  await screen.findByRole('heading', { name: 'All gems' });
  const serverTags = async () => (await server.call('tags')).data as TagWithPath[];
  return { ...rendered, server, gems, serverTags };
}

const tagList = () => within(screen.getByRole('navigation', { name: 'Library' })).findByRole('list', { name: 'Tags' });
const tagNames = async () =>
  within(await tagList())
    .getAllByRole('button', { name: /^#/ })
    .map((b) => b.textContent);

describe('the tag menu', () => {
  it('renames a tag, and a typed path a/b moves it under a', async () => {
    const { user, serverTags } = await libraryWith('tagren', { Scone: ['baking'] });
    await within(await tagList()).findByRole('button', { name: '#baking' });
    await user.click(within(await tagList()).getByRole('button', { name: 'Options for #baking' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename #baking' });
    const name = within(dialog).getByRole('textbox', { name: 'Name (parent/name moves it)' });
    await user.clear(name);
    await user.type(name, 'Bakes{Enter}');
    await waitFor(async () => expect(await tagNames()).toEqual(['#Bakes']));

    await user.click(within(await tagList()).getByRole('button', { name: 'Options for #Bakes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const again = within(await screen.findByRole('dialog', { name: 'Rename #Bakes' })).getByRole('textbox');
    await user.clear(again);
    await user.type(again, 'kitchen / bread{Enter}');
    await waitFor(async () =>
      expect((await serverTags()).map((t) => t.path).sort()).toEqual(['kitchen', 'kitchen/bread']),
    );
    // the sub-tag is drawn under its parent, the parent first
    await waitFor(async () => expect(await tagNames()).toEqual(['#kitchen', '#bread']));
  });

  it('a taken name is refused in the dialog, saying to merge instead', async () => {
    const { user } = await libraryWith('tagtaken', { Scone: ['baking', 'oven'] });
    await user.click(await within(await tagList()).findByRole('button', { name: 'Options for #oven' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename #oven' });
    const name = within(dialog).getByRole('textbox');
    await user.clear(name);
    await user.type(name, 'Baking{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have a tag named "Baking" already: merge the two instead',
    );
  });

  it('gives a tag a colour from the palette (the dot shows it), and takes it off', async () => {
    const { user, serverTags } = await libraryWith('tagcol', { Scone: ['baking'] });
    // The Colour submenu by keyboard: the trigger, down to Colour, right into the palette, down to the colour.
    const openPalette = async () => {
      within(await tagList())
        .getByRole('button', { name: 'Options for #baking' })
        .focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(document.activeElement?.textContent).toBe('New sub-tag'));
      await user.keyboard('{ArrowDown}{ArrowDown}');
      await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Colour/));
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^No colour/));
    };
    await within(await tagList()).findByRole('button', { name: '#baking' });
    await openPalette();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Teal'));
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await serverTags())[0]?.color).toBe('#0c8599'));
    const dot = () =>
      within(within(screen.getByRole('navigation', { name: 'Library' })).getByRole('list', { name: 'Tags' }))
        .getByRole('button', { name: '#baking' })
        .querySelector<HTMLElement>('.library-tag-colour');
    await waitFor(() => expect(dot()?.style.backgroundColor).toBe('rgb(12, 133, 153)'));

    await openPalette();
    expect(screen.getByRole('menuitem', { name: /^Teal/ }).textContent).toBe('Teal ✓ (current)');
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await serverTags())[0]?.color).toBeNull());
    await waitFor(() => expect(dot()?.style.backgroundColor).toBe('transparent'));
  });

  it('merges a tag into another after saying how many gems will carry it; the gems have the target', async () => {
    const { user, server, gems, serverTags } = await libraryWith('tagmerge', {
      Scone: ['bake'],
      Bun: ['bake', 'baking'],
      Loaf: ['baking'],
    });
    await user.click(await within(await tagList()).findByRole('button', { name: 'Options for #bake' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge #bake into…' });
    expect((within(dialog).getByRole('combobox', { name: 'Tag to merge into' }) as HTMLSelectElement).value).toBe(
      String((await serverTags()).find((t) => t.tag === 'baking')?.id),
    );
    await waitFor(() =>
      expect(dialog.querySelector('.library-dialog-note')?.textContent).toBe(
        '2 gems will carry #baking instead; its sub-tags move under #baking, and #bake is gone.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(async () => expect(await tagNames()).toEqual(['#baking']));
    for (const gem of gems) {
      const back = (await server.call(`gems/${gem.id}`)).data as Gem;
      expect(back.tags.map((t) => t.tag)).toEqual(['baking']);
    }
  });

  it('deletes a tag after saying how many gems lose it and where its sub-tags go', async () => {
    const { user, server, gems, serverTags } = await libraryWith('tagdel', {
      Scone: ['baking/scones', 'baking'],
      Bun: ['baking'],
      Jam: ['baking/preserves'],
    });
    await user.click(await within(await tagList()).findByRole('button', { name: 'Options for #baking' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete #baking?' });
    await waitFor(() =>
      expect(dialog.querySelector('.library-dialog-note')?.textContent).toBe(
        '2 gems lose it. Its 2 sub-tags move up to the top level.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    await waitFor(async () => expect(await tagNames()).toEqual(['#preserves', '#scones']));
    expect((await serverTags()).map((t) => t.path).sort()).toEqual(['preserves', 'scones']);
    const scone = (await server.call(`gems/${gems[0]?.id}`)).data as Gem;
    expect(scone.tags.map((t) => t.tag)).toEqual(['scones']);
  });

  it('makes a sub-tag under a tag', async () => {
    const { user, serverTags } = await libraryWith('tagsub', { Scone: ['baking'] });
    await user.click(await within(await tagList()).findByRole('button', { name: 'Options for #baking' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New sub-tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag in #baking' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'sourdough{Enter}');
    await waitFor(async () =>
      expect((await serverTags()).map((t) => t.path).sort()).toEqual(['baking', 'baking/sourdough']),
    );
  });
});

describe('selected gems', () => {
  it('are marked with a check mark in the list, and aria-selected in the table', async () => {
    const { user } = await libraryWith('selmark', { Scone: [], Bun: [] });
    const bun = await screen.findByRole('button', { name: /^Bun/ });
    bun.focus();
    await user.keyboard('x');
    await waitFor(() => expect(bun.querySelector('.library-row-title')?.textContent).toBe('✓Bun (selected)'));
    expect(bun.querySelector('.library-check')?.getAttribute('aria-hidden')).toBe('true');
    expect(bun.closest('.library-row')?.hasAttribute('data-selected')).toBe(true);
    expect(screen.getByRole('button', { name: /^Scone/ }).querySelector('.library-check')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'All gems' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [row.querySelector('.library-row-title')?.textContent, row.getAttribute('aria-selected')]),
    ).toEqual([
      ['✓Bun (selected)', 'true'],
      ['Scone', 'false'],
    ]);
  });
});

describe('a bulk job running when the page opens', () => {
  it('shows its progress in the bulk bar with nothing selected', async () => {
    const server = await live.signedIn('bulkresume');
    const count = BULK_INLINE_LIMIT + 1;
    for (let from = 0; from < count; from += 20)
      await Promise.all(
        Array.from({ length: Math.min(20, count - from) }, (_, i) =>
          server.call('gems', 'POST', {
            data: { title: `Egret ${from + i}`, url: `https://example.test/egret/${from + i}` },
          }),
        ),
      );
    const job = await server.call('bulk-jobs', 'POST', {
      action: 'favourite',
      target: { query: 'egret', expectedCount: count },
    });
    expect(job.data.status).toBe('queued');

    const api = createLibraryApi(server.access);
    server.render(<LibraryApp api={api} perPage={50} />, new FakeBackground({ user: server.account }));
    const bar = await screen.findByRole('toolbar', { name: 'Bulk changes' });
    expect(within(bar).getByText(/selected$/).textContent).toBe('Nothing selected');
    const progress = await within(bar).findByRole('progressbar', { name: 'Bulk change progress' });
    expect(progress.getAttribute('max')).toBe(String(count));
    expect(within(bar).getByText(/^0 of/).textContent).toBe(`0 of ${count} gems`);
  }, 60_000);
});
