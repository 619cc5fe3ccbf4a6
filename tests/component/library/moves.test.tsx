import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import type { Collection, Gem, TagWithPath } from '@/lib/api/contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { expandedCollectionsItem, viewPrefsItem } from '@/lib/library/prefs';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

/** Moving collections, tags and gems on the library page, against the live server (one for the file). */

const live = setupLiveServer();

sizeTheScroller();

/** jsdom has no DataTransfer: a plain one that keeps what is set, as the browser's does during one drag. */
class Transfer {
  data = new Map<string, string>();
  dropEffect = 'none';
  effectAllowed = 'all';
  get types() {
    return [...this.data.keys()];
  }
  setData(type: string, value: string) {
    this.data.set(type, value);
  }
  getData(type: string) {
    return this.data.get(type) ?? '';
  }
}

/** Drags `from` and drops it on `to` (the events the browser sends, with one DataTransfer). */
function drag(from: Element, to: Element) {
  const dataTransfer = new Transfer();
  fireEvent.dragStart(from, { dataTransfer });
  fireEvent.dragEnter(to, { dataTransfer });
  fireEvent.dragOver(to, { dataTransfer });
  fireEvent.drop(to, { dataTransfer });
  fireEvent.dragEnd(from, { dataTransfer });
}

/** A user with Recipes › Desserts, Travel, tags #baking and #citrus, and three gems in Recipes (Tart 3 newest). */
async function libraryOf(prefix: string) {
  const server = await live.signedIn(prefix);
  const collection = async (name: string, parentId?: number) =>
    (await server.call('collections', 'POST', { data: { name, parentId } })).data as Collection;
  const recipes = await collection('Recipes');
  const desserts = await collection('Desserts', recipes.id);
  const travel = await collection('Travel');
  const gems: Gem[] = [];
  for (const n of [1, 2, 3])
    gems.push(
      (
        await server.call('gems', 'POST', {
          data: {
            title: `Tart ${n}`,
            url: `https://cooking.example.test/tart-${n}`,
            collectionId: recipes.id,
            tags: n === 1 ? ['baking', 'citrus'] : [],
          },
        })
      ).data as Gem,
    );
  await expandedCollectionsItem.setValue([]);
  const rendered = server.render(
    <LibraryApp api={createLibraryApi(server.access)} />,
    new FakeBackground({ user: server.account }),
  );
  await screen.findByRole('heading', { name: 'All gems' });
  const tree = await within(sidebar()).findByRole('list', { name: 'Collections' });
  return { ...rendered, server, recipes, desserts, travel, gems, tree };
}

const sidebar = () => screen.getByRole('navigation', { name: 'Library' });
const row = (within_: HTMLElement, name: RegExp) =>
  within(within_).getByRole('button', { name }).closest('.library-nav-row') as HTMLElement;
const collectionOf = async (server: { call: (path: string) => Promise<{ data: unknown }> }, id: number) =>
  (await server.call(`collections/${id}`)).data as Collection;
const notice = () => document.querySelector('.library-move-notice')?.textContent ?? '';
const rowTitles = () => [...document.querySelectorAll('.library-row-title')].map((el) => el.textContent);

describe('moving collections', () => {
  it('Move to… lists Top level first, refuses the collection and its own subtree saying why, filters, and moves by keys', async () => {
    const { user, server, recipes, travel, tree } = await libraryOf('mvpick');
    await user.click(within(tree).getByRole('button', { name: 'Options for Recipes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Recipes to…' });
    const filter = within(dialog).getByRole('combobox', { name: 'Filter' });
    await waitFor(() => expect(document.activeElement).toBe(filter));
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-disabled')])).toEqual([
      ['Top level', null],
      ['RecipesIt is Recipes itself', 'true'],
      ['Recipes / DessertsIt is inside Recipes', 'true'],
      ['Travel', null],
    ]);
    // ↓ skips the refused ones.
    await user.keyboard('{ArrowDown}');
    expect(filter.getAttribute('aria-activedescendant')).toBe(options[3]?.id);
    await user.type(filter, 'trav');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Top level', 'Travel']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await collectionOf(server, recipes.id)).parentId).toBe(travel.id);
    // Travel opens to show it there; the notice says what was done.
    await within(tree).findByRole('button', { name: 'Collapse Travel' });
    expect(notice()).toMatch(/^Moved Recipes into Travel/);

    await user.click(within(tree).getByRole('button', { name: 'Options for Travel / Recipes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to top level' }));
    await waitFor(async () => expect((await collectionOf(server, recipes.id)).parentId).toBeNull());
    expect(notice()).toMatch(/^Moved Recipes to the top level/);
  });

  it('Copy makes "<name> (copy)" beside it', async () => {
    const { user, server, tree } = await libraryOf('mvcopy');
    await user.click(within(tree).getByRole('button', { name: 'Options for Recipes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    await within(tree).findByRole('button', { name: /^Recipes \(copy\)/ });
    const names = ((await server.call('get-user-collections')).data as Collection[]).map((c) => c.name).sort();
    expect(names).toEqual(['Desserts', 'Desserts', 'Recipes', 'Recipes (copy)', 'Travel', 'Unfiltered']);
  });

  it('Ctrl+X cuts a collection (marked and announced), Escape cancels, Ctrl+V on another nests it there', async () => {
    const { user, server, recipes, desserts, travel, tree } = await libraryOf('mvcut');
    await user.click(within(tree).getByRole('button', { name: 'Expand Recipes' }));
    within(tree)
      .getByRole('button', { name: /^Desserts/ })
      .focus();
    await user.keyboard('{Control>}x{/Control}');
    expect(notice()).toMatch(/^Cut Desserts: press Ctrl\+V on a collection to move it there, Escape to cancel/);
    expect(row(tree, /^Desserts/).dataset.cut).toBe('true');
    await user.keyboard('{Escape}');
    expect(notice()).toMatch(/^Move cancelled/);
    expect(row(tree, /^Desserts/).dataset.cut).toBeUndefined();

    await user.keyboard('{Control>}x{/Control}');
    within(tree)
      .getByRole('button', { name: /^Travel/ })
      .focus();
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(notice()).toMatch(/^Moved Desserts into Travel/));
    expect((await collectionOf(server, desserts.id)).parentId).toBe(travel.id);
    // Travel is opened to show Desserts; Recipes stays open as it was (the expand state is kept).
    await within(tree).findByRole('button', { name: 'Collapse Travel' });
    expect((await expandedCollectionsItem.getValue()).sort()).toEqual([recipes.id, travel.id].sort());
  });

  it("a paste or a drop into its own subtree is refused with the server's reason; a drop on another collection nests it, on the heading moves it to the top", async () => {
    const { user, server, recipes, desserts, travel, tree } = await libraryOf('mvdrop');
    await user.click(within(tree).getByRole('button', { name: 'Expand Recipes' }));
    within(tree)
      .getByRole('button', { name: /^Recipes/ })
      .focus();
    await user.keyboard('{Control>}x{/Control}');
    within(tree)
      .getByRole('button', { name: /^Desserts/ })
      .focus();
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() =>
      expect(notice()).toMatch(
        /^dest: A collection cannot be moved inside itself \(the destination is one of its own sub-collections\)/,
      ),
    );
    expect((await collectionOf(server, recipes.id)).parentId).toBeNull();

    drag(row(tree, /^Recipes/), row(tree, /^Desserts/));
    await waitFor(() => expect(notice()).toMatch(/cannot be moved inside itself/));
    drag(row(tree, /^Desserts/), row(tree, /^Travel/));
    await waitFor(async () => expect((await collectionOf(server, desserts.id)).parentId).toBe(travel.id));
    drag(row(tree, /^Desserts/), screen.getByRole('heading', { name: 'Collections' }).parentElement as HTMLElement);
    await waitFor(async () => expect((await collectionOf(server, desserts.id)).parentId).toBeNull());
  });
});

describe('moving tags and gems', () => {
  it('a tag dropped on another nests under it; Move to… puts it back at the top', async () => {
    const { user, server } = await libraryOf('mvtag');
    const tags = await within(sidebar()).findByRole('list', { name: 'Tags' });
    drag(row(tags, /^#citrus/), row(tags, /^#baking/));
    await waitFor(async () => {
      const list = (await server.call('tags')).data as TagWithPath[];
      expect(list.map((t) => t.path).sort()).toEqual(['baking', 'baking/citrus']);
    });
    await user.click(await within(tags).findByRole('button', { name: 'Options for #baking/citrus' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move #baking/citrus to…' });
    expect(within(dialog).getAllByRole('option')[0]?.textContent).toBe('Top level');
    // Enter in the filter box (the dialog moves focus there a moment after it opens; a key sent before went elsewhere)
    await user.type(within(dialog).getByRole('combobox', { name: 'Filter' }), '{Enter}');
    await waitFor(async () => {
      const list = (await server.call('tags')).data as TagWithPath[];
      expect(list.map((t) => t.path).sort()).toEqual(['baking', 'citrus']);
    });
  });

  it('a gem dragged onto a collection moves there (Undo moves it back); onto a tag, it gets the tag', async () => {
    const { user, server, gems, travel, tree } = await libraryOf('mvgem');
    const tart3 = gems[2] as Gem;
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 3', 'Tart 2', 'Tart 1']));
    const gemRow = () => screen.getByRole('button', { name: /^Tart 3/ }).closest('.library-row') as HTMLElement;
    drag(gemRow(), row(tree, /^Travel/));
    await waitFor(() => expect(notice()).toMatch(/^Moved 1 gem to Travel/));
    expect(((await server.call(`gems/${tart3.id}`)).data as Gem).collectionId).toBe(travel.id);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(notice()).toMatch(/^Undone/));
    expect(((await server.call(`gems/${tart3.id}`)).data as Gem).collectionId).toBe(tart3.collectionId);

    const tags = within(sidebar()).getByRole('list', { name: 'Tags' });
    drag(gemRow(), row(tags, /^#citrus/));
    await waitFor(() => expect(notice()).toMatch(/^Tagged 1 gem #citrus/));
    expect(((await server.call(`gems/${tart3.id}`)).data as Gem).tags.map((t) => t.tag)).toEqual(['citrus']);
  });

  it('m on the focused gem opens the picker; Enter on a collection moves the gem there', async () => {
    const { user, server, gems, travel } = await libraryOf('mvkey');
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 3', 'Tart 2', 'Tart 1']));
    screen.getByRole('button', { name: /^Tart 2/ }).focus();
    await user.keyboard('m');
    const dialog = await screen.findByRole('dialog', { name: 'Move the gem to…' });
    expect(within(dialog).queryByRole('option', { name: 'Top level' })).toBeNull();
    await user.type(within(dialog).getByRole('combobox', { name: 'Filter' }), 'travel{Enter}');
    await waitFor(() => expect(notice()).toMatch(/^Moved 1 gem to Travel/));
    expect(((await server.call(`gems/${gems[1]?.id}`)).data as Gem).collectionId).toBe(travel.id);
  });

  it('in manual order, Alt+↓ moves the focused gem one place down and a drag places a gem before another; the server keeps the order', async () => {
    const { user, server, recipes, tree } = await libraryOf('mvorder');
    await viewPrefsItem.setValue({
      [`collection:${recipes.id}`]: { view: 'list', sort: { key: 'manual', dir: 'asc' } },
    });
    await user.click(within(tree).getByRole('button', { name: /^Recipes/ }));
    await screen.findByRole('heading', { name: 'Recipes' });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 3', 'Tart 2', 'Tart 1']));
    screen.getByRole('button', { name: /^Tart 3/ }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 2', 'Tart 3', 'Tart 1']));
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Tart 3/));

    const gemRow = (name: RegExp) => screen.getByRole('button', { name }).closest('.library-row') as HTMLElement;
    // jsdom lays nothing out: the drop lands in the lower half of a zero-height box, i.e. after it.
    drag(gemRow(/^Tart 2/), gemRow(/^Tart 1/));
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 3', 'Tart 1', 'Tart 2']));
    const manualOrder = async () =>
      (await server.call(`filter-search?q=${encodeURIComponent('collection:Recipes')}&sortby=manual&orderby=asc`))
        .data as Gem[];
    expect((await manualOrder()).map((g) => g.title)).toEqual(['Tart 3', 'Tart 1', 'Tart 2']);

    // A gem saved into the collection since is shown first (not placed yet), and stays first when the next placement
    // gives it a key.
    await server.call('gems', 'POST', {
      data: { title: 'Tart 4', url: 'https://cooking.example.test/tart-4', collectionId: recipes.id },
    });
    expect((await manualOrder()).map((g) => g.title)).toEqual(['Tart 4', 'Tart 3', 'Tart 1', 'Tart 2']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    screen.getByRole('button', { name: /^Tart 2/ }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(notice()).toMatch(/^Moved Tart 2/));
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 4', 'Tart 3', 'Tart 2', 'Tart 1']), { timeout: 5000 });
  });
});
