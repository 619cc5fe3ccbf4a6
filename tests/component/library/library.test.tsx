import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LibraryApp } from '@/components/library/LibraryApp';
import type { Collection, Gem } from '@/lib/api/contract';
import type { LibraryChat } from '@/lib/chat/chat-requests';
import { createLibraryApi } from '@/lib/library/library-api';
import { expandedCollectionsItem, viewPrefsItem } from '@/lib/library/prefs';
import { setupLiveServer } from '../chat/live-server';
import { FakeBackground } from '../fake-background';
import { sizeTheScroller } from './scroller-size';

const live = setupLiveServer();

sizeTheScroller();

/**
 * A user on the live server with Recipes › Desserts and `count` gems (the newest last), and the library page
 * talking to it as that user, `perPage` gems a page.
 */
async function libraryOf(
  prefix: string,
  {
    count = 3,
    perPage = 5,
    onChat,
  }: { count?: number; perPage?: number; onChat?: (about: LibraryChat) => Promise<void> } = {},
) {
  const user = await live.signedIn(prefix);
  const collection = async (name: string, parentId?: number) =>
    (await user.call('collections', 'POST', { data: { name, parentId } })).data as Collection;
  const recipes = await collection('Recipes');
  const desserts = await collection('Desserts', recipes.id);
  const gems: Gem[] = [];
  for (let n = 1; n <= count; n++)
    gems.push(
      (
        await user.call('gems', 'POST', {
          data: {
            title: `Tart ${n}`,
            url: `https://cooking.example.test/tart-${n}`,
            text: 'Zest two lemons.\n\n<img src=x onerror="alert(1)"> Bake for an hour.',
            image: 'https://images.example.test/tart.png',
            collectionId: n === 1 ? desserts.id : undefined,
            tags: n === 1 ? ['baking', 'citrus'] : [],
          },
        })
      ).data as Gem,
    );
  const api = createLibraryApi(user.access);
  const rendered = user.render(
    <LibraryApp api={api} perPage={perPage} onChat={onChat} />,
    new FakeBackground({ user: user.account }),
  );
  await screen.findByRole('heading', { name: 'All gems' });
  return { ...rendered, server: user, recipes, desserts, gems };
}

const rowTitles = () => [...document.querySelectorAll('.library-row-title')].map((el) => el.textContent);
const sidebar = () => screen.getByRole('navigation', { name: 'Library' });

describe('the library sidebar', () => {
  it("shows All gems, Unfiltered and the collection tree with counts (a collection counts what clicking it lists, its sub-collections' gems too); a sub-collection behind its toggle, remembered", async () => {
    const { user, recipes } = await libraryOf('libside');
    const tree = await within(sidebar()).findByRole('list', { name: 'Collections' });
    // Recipes holds no gem itself; Desserts, under it, holds one: clicking Recipes lists it, so its count is 1.
    await waitFor(() =>
      expect(within(tree).getByRole('button', { name: /^Recipes/ }).textContent).toBe('Recipes1 gem'),
    );
    expect(within(tree).queryByRole('button', { name: /^Desserts/ })).toBeNull();
    expect(within(sidebar()).getByRole('button', { name: /^Unfiltered/ }).textContent).toBe('Unfiltered2 gems');

    await user.click(within(tree).getByRole('button', { name: 'Expand Recipes' }));
    expect(within(tree).getByRole('button', { name: /^Desserts/ }).textContent).toBe('Desserts1 gem');
    expect(await expandedCollectionsItem.getValue()).toEqual([recipes.id]);

    await user.click(within(tree).getByRole('button', { name: /^Desserts/ }));
    await screen.findByRole('heading', { name: 'Desserts' });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 1']));
    expect(
      within(tree)
        .getByRole('button', { name: /^Desserts/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    await user.click(within(tree).getByRole('button', { name: /^Recipes/ }));
    await screen.findByRole('heading', { name: 'Recipes' });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 1']));
    await user.click(within(tree).getByRole('button', { name: 'Collapse Recipes' }));
    expect(await expandedCollectionsItem.getValue()).toEqual([]);
  });

  it('lists the tags', async () => {
    await libraryOf('libtags');
    const tags = await within(sidebar()).findByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('button', { name: /^#/ })
        .map((b) => b.textContent),
    ).toEqual(['#baking', '#citrus']);
  });

  it('creates, renames and deletes a collection; the server has each change', async () => {
    const { user, server } = await libraryOf('libcoll');
    await user.click(within(sidebar()).getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Travel');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const tree = within(sidebar()).getByRole('list', { name: 'Collections' });
    await within(tree).findByRole('button', { name: /^Travel/ });

    await user.click(within(tree).getByRole('button', { name: 'Options for Travel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename Travel' });
    const name = within(rename).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Journeys{Enter}');
    await within(tree).findByRole('button', { name: /^Journeys/ });

    await user.click(within(tree).getByRole('button', { name: 'Options for Journeys' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete Journeys?' });
    expect((within(remove).getByRole('radio', { name: 'Move them to Unfiltered' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(within(remove).getByRole('button', { name: 'Delete collection' }));
    await waitFor(() => expect(within(tree).queryByRole('button', { name: /^Journeys/ })).toBeNull());
    const names = ((await server.call('get-user-collections')).data as Collection[]).map((c) => c.name).sort();
    expect(names).toEqual(['Desserts', 'Recipes', 'Unfiltered']);
  });

  it('an empty name is refused in the dialog, naming the problem', async () => {
    const { user } = await libraryOf('libempty', { count: 0 });
    await user.click(within(sidebar()).getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please provide a name');
  });
});

describe('the results', () => {
  it('loads page after page while more exist, and stops at the total', async () => {
    await libraryOf('libpages', { count: 12, perPage: 5 });
    await waitFor(() => expect(screen.getByText('12 gems').textContent).toBe('12 gems'));
    const list = screen.getByRole('list', { name: 'All gems' });
    expect(list.querySelector('[aria-posinset="1"] .library-row-title')?.textContent).toBe('Tart 12');
    expect(list.querySelectorAll('li')[0]?.getAttribute('aria-setsize')).toBe('12');
    await waitFor(() => expect(rowTitles()).toHaveLength(12));
    expect(rowTitles().at(-1)).toBe('Tart 1');
  });

  it('shows gems saved elsewhere (another device, straight to the server) and the count with them, with nothing clicked', async () => {
    const { server } = await libraryOf('libelsewhere', { count: 2 });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 2', 'Tart 1']));
    // A save made before the library's stream has read the library is part of what it read: the phone saves again,
    // a second apart, until the library shows one (the first, usually).
    let saved = 0;
    const saveOnThePhone = async () => {
      saved += 1;
      const data = { title: `Saved on the phone ${saved}`, url: `https://phone.example.test/${saved}` };
      await server.call('gems', 'POST', { data });
    };
    await saveOnThePhone();
    await vi.waitFor(
      async () => {
        if (rowTitles().length > 2) return;
        await saveOnThePhone();
        throw new Error('not shown yet');
      },
      { timeout: 15_000, interval: 1_000 },
    );
    const phone = Array.from({ length: saved }, (_, i) => `Saved on the phone ${saved - i}`);
    await waitFor(() => expect(rowTitles()).toEqual([...phone, 'Tart 2', 'Tart 1']));
    expect(screen.getByText(`${saved + 2} gems`).textContent).toBe(`${saved + 2} gems`);
  });

  it('says so when there is nothing yet', async () => {
    await libraryOf('libnone', { count: 0 });
    await screen.findByRole('heading', { name: 'Nothing here yet' });
  });

  it('says why the gems did not load, and Retry loads them', async () => {
    const server = await live.signedIn('liberr');
    await server.call('gems', 'POST', { data: { title: 'Back again', url: 'https://back.example.test/' } });
    server.goOffline();
    const { user } = server.render(
      <LibraryApp api={createLibraryApi(server.access)} />,
      new FakeBackground({ user: server.account }),
    );
    const alert = await screen.findByText('The gems did not load');
    server.goOnline();
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Back again']));
  });

  it('signed out, it offers the way to sign in', async () => {
    const server = await live.signedIn('libout');
    server.render(<LibraryApp api={createLibraryApi(server.access)} />, new FakeBackground({ user: null }));
    const empty = await screen.findByRole('region', { name: 'Sign in to see your library' });
    expect(within(empty).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/options.html#account');
  });
});

describe('the views', () => {
  it('shows a collection as cards or a table sorted by a column; each collection keeps its own view and sort', async () => {
    const { user, recipes, server } = await libraryOf('libviews', { count: 0 });
    for (const title of ['Brioche', 'Apple pie', 'Crumble']) await user0(recipes.id, title);
    await user.click(await within(sidebar()).findByRole('button', { name: /^Recipes/ }));
    await waitFor(() => expect(rowTitles()).toEqual(['Crumble', 'Apple pie', 'Brioche']));

    await user.click(screen.getByRole('button', { name: 'Cards' }));
    const cards = screen.getByRole('list', { name: 'Recipes' });
    expect([...cards.querySelectorAll('.library-card img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://images.example.test/crumble.png',
      'https://images.example.test/apple-pie.png',
      'https://images.example.test/brioche.png',
    ]);

    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Recipes' });
    await user.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Apple pie', 'Brioche', 'Crumble']));
    expect(
      within(table)
        .getByRole('columnheader', { name: /^Title/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    expect((screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement).value).toBe('title-asc');
    expect(await viewPrefsItem.getValue()).toEqual({
      [`collection:${recipes.id}`]: { view: 'table', sort: { key: 'title', dir: 'asc' } },
    });

    await user.click(within(sidebar()).getByRole('button', { name: /^All gems/ }));
    await screen.findByRole('heading', { name: 'All gems' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(sidebar()).getByRole('button', { name: /^Recipes/ }));
    await screen.findByRole('table', { name: 'Recipes' });
    await waitFor(() => expect(rowTitles()).toEqual(['Apple pie', 'Brioche', 'Crumble']));

    async function user0(collectionId: number, title: string) {
      const slug = title.toLowerCase().replace(/ /g, '-');
      await server.call('gems', 'POST', {
        data: {
          title,
          url: `https://bakery.example.test/${slug}`,
          image: `https://images.example.test/${slug}.png`,
          collectionId,
        },
      });
    }
  });

  it('x selects the gem in view, the bulk bar says how many; Select all shown; Escape clears the selection', async () => {
    const { user } = await libraryOf('libselect', { count: 2 });
    (await screen.findByRole('button', { name: /^Tart 2/ })).focus();
    await user.keyboard('x');
    const bar = await screen.findByRole('toolbar', { name: 'Bulk changes' });
    expect(within(bar).getByText(/selected$/).textContent).toBe('1 gem selected');
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(within(bar).getByText(/selected$/).textContent).toBe('2 gems selected');
    expect(screen.getByRole('button', { name: /^Tart 1/ }).textContent).toContain('(selected)');
    // Both loaded and none more: nothing else to offer.
    expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull();
    (screen.getByRole('button', { name: /^Tart 1/ }) as HTMLElement).focus();
    await user.keyboard('x');
    expect(within(bar).getByText(/selected$/).textContent).toBe('1 gem selected');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Bulk changes' })).toBeNull();
  });

  it('Ctrl-click selects instead of opening, Shift-click adds the range; the bar tags exactly those', async () => {
    const { user, server, gems } = await libraryOf('libbulk', { count: 7, perPage: 3 });
    await user.keyboard('{Control>}');
    await user.click(await screen.findByRole('button', { name: /^Tart 7/ }));
    await user.keyboard('{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: /^Tart 5/ }));
    await user.keyboard('{/Shift}');
    const bar = await screen.findByRole('toolbar', { name: 'Bulk changes' });
    expect(within(bar).getByText(/selected$/).textContent).toBe('3 gems selected');
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Tag' }), 'baking');
    await within(bar).findByText('Tagged: 3 gems');
    const tagged = [];
    for (const gem of gems.slice(1)) {
      const back = (await server.call(`gems/${gem.id}`)).data as Gem;
      if (back.tags.some((t) => t.tag === 'baking')) tagged.push(back.title);
    }
    expect(tagged).toEqual(['Tart 5', 'Tart 6', 'Tart 7']);
    // The result and Undo stay until Escape clears the selection.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Bulk changes' })).toBeNull();
  });
});

describe('deleting and the trash', () => {
  it('a collection deleted with its gems moved to a chosen collection: they are there', async () => {
    const { user, server, recipes, gems } = await libraryOf('libfate', { count: 1 });
    await user.click(within(sidebar()).getByRole('button', { name: 'New collection' }));
    await user.type(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Name' }), 'Archive{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const tree = await within(sidebar()).findByRole('list', { name: 'Collections' });
    await within(tree).findByRole('button', { name: /^Archive/ });
    await user.click(await within(tree).findByRole('button', { name: 'Options for Recipes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Recipes?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Move them to another collection' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Collection to move them to' }), 'Archive');
    await user.click(within(dialog).getByRole('button', { name: 'Delete collection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const collections = (await server.call('get-user-collections')).data as Collection[];
    expect(collections.map((c) => c.name).sort()).toEqual(['Archive', 'Unfiltered']);
    const moved = (await server.call(`gems/${gems[0]?.id}`)).data as Gem;
    expect(moved.collectionId).toBe(collections.find((c) => c.name === 'Archive')?.id);
    expect(recipes.id).not.toBe(moved.collectionId);
  });

  it('Delete puts a gem in the trash; Restore brings it back to its collection with its tags; Empty trash', async () => {
    const { user, server, gems, desserts } = await libraryOf('libtrash', { count: 2 });
    await user.click(await screen.findByRole('button', { name: /^Tart 1/ }));
    const sheet = await screen.findByRole('complementary', { name: 'Tart 1' });
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 2']));

    await user.click(within(sidebar()).getByRole('button', { name: /^Trash/ }));
    await screen.findByRole('heading', { name: 'Trash' });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 1']));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await screen.findByRole('heading', { name: 'The trash is empty' });
    const back = (await server.call(`gems/${gems[0]?.id}`)).data as Gem;
    expect([back.collectionId, back.tags.map((t) => t.tag)]).toEqual([desserts.id, ['baking', 'citrus']]);

    await user.click(within(sidebar()).getByRole('button', { name: /^All gems/ }));
    (await screen.findByRole('button', { name: /^Tart 2/ })).focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 1']));
    await user.click(within(sidebar()).getByRole('button', { name: /^Trash/ }));
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 2']));
    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    await screen.findByRole('heading', { name: 'The trash is empty' });
    expect(((await server.call('trash')).data as Gem[]).length).toBe(0);
  });
});

describe('search', () => {
  it('finds a gem by a word only in its page text, marks it in the snippet, counts facets, and saves the search', async () => {
    const { user, server } = await libraryOf('libsearch', { count: 2 });
    await server.call('gems', 'POST', {
      data: { title: 'Salad', url: 'https://greens.example.test/salad', text: 'A bowl of quinoa with mint.' },
    });
    await user.click(within(sidebar()).getByRole('button', { name: /^Unfiltered/ }));
    await screen.findByRole('heading', { name: 'Unfiltered' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your library' }), 'quinoa{Enter}');
    await screen.findByRole('heading', { name: 'Search results' });
    await waitFor(() => expect(rowTitles()).toEqual(['Salad']));
    expect([...document.querySelectorAll('.library-snippet mark')].map((m) => m.textContent)).toEqual(['quinoa']);
    const types = await screen.findByRole('region', { name: 'Types' });
    // a type is named as the search box's chips name it
    expect(within(types).getByRole('button').textContent).toBe('Links1');

    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Grains{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = await within(sidebar()).findByRole('list', { name: 'Saved searches' });
    await user.click(within(sidebar()).getByRole('button', { name: /^All gems/ }));
    await waitFor(() => expect(rowTitles()).toHaveLength(3));
    await user.click(within(saved).getByRole('button', { name: 'Grains' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Salad']));
    expect((screen.getByRole('searchbox', { name: 'Search your library' }) as HTMLInputElement).value).toBe('quinoa');
  });

  it("asks for a search's facets only once its results have come (PGlite answers one statement at a time)", async () => {
    const { user } = await libraryOf('libfacetsafter', { count: 2 });
    const calls: { route: string; q: string | null; asked: number; answered: number }[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      const call = { route: url.pathname, q: url.searchParams.get('q'), asked: performance.now(), answered: Infinity };
      calls.push(call);
      const response = await realFetch(input, init);
      call.answered = performance.now();
      return response;
    });
    try {
      await user.type(screen.getByRole('searchbox', { name: 'Search your library' }), 'lemons{Enter}');
      await screen.findByRole('region', { name: 'Types' });
    } finally {
      spy.mockRestore();
    }
    const [results] = calls.filter((c) => c.route === '/api/filter-search' && c.q === 'lemons');
    const facets = calls.filter((c) => c.route === '/api/search-facets' && c.q === 'lemons');
    expect(facets).toHaveLength(1);
    expect(facets[0]?.asked).toBeGreaterThanOrEqual(results?.answered ?? Infinity);
  });

  it('a tag in the sidebar shows its gems; / focuses the search box', async () => {
    const { user } = await libraryOf('libtagq', { count: 2 });
    const tags = await within(sidebar()).findByRole('list', { name: 'Tags' });
    await user.click(within(tags).getByRole('button', { name: /^#citrus/ }));
    await screen.findByRole('heading', { name: '#citrus' });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 1']));
    (screen.getByRole('button', { name: /^Tart 1/ }) as HTMLElement).focus();
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search your library' }));
  });
});

describe('the gem sheet', () => {
  it('opens the gem the address names, and edits its title: the server keeps it, the list shows it', async () => {
    const user0 = await live.signedIn('libsheet');
    const gem = (await user0.call('gems', 'POST', { data: { title: 'Old title', url: 'https://a.example.test/' } }))
      .data as Gem;
    window.location.hash = `#gem=${gem.id}`;
    const { user } = user0.render(
      <LibraryApp api={createLibraryApi(user0.access)} />,
      new FakeBackground({ user: user0.account }),
    );
    const sheet = await screen.findByRole('complementary', { name: 'Old title' });
    const title = within(sheet).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(rowTitles()).toEqual(['New title']));
    expect(((await user0.call(`gems/${gem.id}`)).data as Gem).title).toBe('New title');
    expect(screen.getByRole('complementary', { name: 'New title' }).getAttribute('aria-labelledby')).toBe(
      'library-sheet-heading',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'New title' }).id).toBe('library-sheet-heading');
  });

  it('a shared gem shows what the role allows: a viewer reads it; an editor edits it, but not what is its owner’s', async () => {
    const owner = await live.signedIn('libowner');
    const notes = (await owner.call('collections', 'POST', { data: { name: 'Field notes' } })).data as Collection;
    const gem = (
      await owner.call('gems', 'POST', {
        data: { title: 'Heron survey', url: 'https://a.example.test/heron', collectionId: notes.id, tags: ['birds'] },
      })
    ).data as Gem;
    const member = await live.signedIn('libmember');
    const share = await owner.call(`collection-email/${notes.id}`, 'POST', {
      data: { username: member.account.username, role: 'viewer' },
    });
    await member.call(`shares/${share.data.id}/accept`, 'POST');
    window.location.hash = `#gem=${gem.id}`;
    const { user, unmount } = member.render(
      <LibraryApp api={createLibraryApi(member.access)} />,
      new FakeBackground({ user: member.account }),
    );
    let sheet = await screen.findByRole('complementary', { name: 'Heron survey' });
    within(sheet).getByText(`Shared with you by ${owner.account.username}: your role lets you read it.`);
    // inside the disabled fieldset: every field is shown, none takes input
    expect(within(sheet).getByRole('textbox', { name: 'Title' }).matches(':disabled')).toBe(true);
    expect(within(sheet).getByRole('group').matches(':disabled')).toBe(true);
    for (const name of ['Save changes', 'Delete', 'Share', 'Clean up text'])
      expect(within(sheet).queryByRole('button', { name })).toBeNull();
    // nothing to write into, no owner's tools: no empty fields, no file to extract text into, no dead-link check
    for (const name of ['Description', 'Image address', 'Notes', 'Extract text from a file'])
      expect(within(sheet).queryByLabelText(name)).toBeNull();
    expect(sheet.querySelector('.library-link-status')).toBeNull();
    unmount();

    await owner.call(`shares/${share.data.id}`, 'PUT', { data: { role: 'editor' } });
    member.render(<LibraryApp api={createLibraryApi(member.access)} />, new FakeBackground({ user: member.account }));
    sheet = await screen.findByRole('complementary', { name: 'Heron survey' });
    within(sheet).getByText(/you can edit and delete it; its collection, tags and favourite mark are its owner’s/);
    for (const name of ['Collection', 'Tags (separated by commas)', 'Favourite'])
      expect(within(sheet).queryByLabelText(name)).toBeNull();
    for (const name of ['Description', 'Notes'])
      expect(within(sheet).getByLabelText(name).matches(':disabled')).toBe(false);
    within(sheet).getByRole('button', { name: 'Clean up text' });
    const title = within(sheet).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Heron survey, March');
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('complementary', { name: 'Heron survey, March' });
    const saved = (await owner.call(`gems/${gem.id}`)).data as Gem;
    expect([saved.title, saved.collectionId, saved.tags.map((t) => t.tag)]).toEqual([
      'Heron survey, March',
      notes.id,
      ['birds'],
    ]);
    within(sheet).getByRole('button', { name: 'Delete' });
  });

  it('says the link is not checked yet, and Check now asks the server for a check', async () => {
    const { user, server: owner, gems } = await libraryOf('liblink', { count: 1 });
    // The status row holds its place from the form's first render (it came later, and moved the form under a click).
    let rowWithForm: boolean | undefined;
    const observer = new MutationObserver(() => {
      if (rowWithForm !== undefined || !document.querySelector('#gem-title')) return;
      rowWithForm = document.querySelector('.library-link-status') !== null;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await user.click(await screen.findByRole('button', { name: /^Tart 1/ }));
    const sheet = await screen.findByRole('complementary', { name: 'Tart 1' });
    expect((await within(sheet).findByText('Link not checked yet')).tagName).toBe('SPAN');
    observer.disconnect();
    expect(rowWithForm).toBe(true);
    await user.click(within(sheet).getByRole('button', { name: 'Check now' }));
    expect((await within(sheet).findByText('Checking the link…')).tagName).toBe('SPAN');
    const check = (await owner.call(`gems/${gems[0]?.id}/link-check`)).data as { requested: boolean };
    expect(check.requested).toBe(true);
  });

  it("shows the server's refusal on the field it names", async () => {
    const { user, gems } = await libraryOf('libbad', { count: 1 });
    await user.click(await screen.findByRole('button', { name: /^Tart 1/ }));
    const sheet = await screen.findByRole('complementary', { name: 'Tart 1' });
    const address = within(sheet).getByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.type(address, 'ftp://files.example.test/tart');
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('gem-url-error')?.textContent).toMatch(/http/i);
    expect(gems[0]?.url).toBe('https://cooking.example.test/tart-1');
  });

  it('shows the saved text as text (no HTML), and the image only after a click', async () => {
    const { user } = await libraryOf('libread', { count: 1 });
    await user.click(await screen.findByRole('button', { name: /^Tart 1/ }));
    const sheet = await screen.findByRole('complementary', { name: 'Tart 1' });
    const reading = await within(sheet).findByRole('region', { name: 'Saved text' });
    expect([...reading.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Zest two lemons.',
      '<img src=x onerror="alert(1)"> Bake for an hour.',
    ]);
    expect(reading.querySelector('img')).toBeNull();
    await user.click(within(reading).getByRole('button', { name: /^Show image/ }));
    expect(reading.querySelector('img')?.getAttribute('src')).toBe('https://images.example.test/tart.png');
  });

  it('keeps notes and the favourite mark; the gem is then among the Favourites', async () => {
    const { user, server, gems } = await libraryOf('libnotes', { count: 2 });
    await user.click(await screen.findByRole('button', { name: /^Tart 1/ }));
    const sheet = await screen.findByRole('complementary', { name: 'Tart 1' });
    await user.type(within(sheet).getByRole('textbox', { name: 'Notes' }), 'Less sugar next time.');
    await user.click(within(sheet).getByRole('checkbox', { name: 'Favourite' }));
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(async () => {
      const saved = (await server.call(`gems/${gems[0]?.id}`)).data as Gem;
      expect([saved.notes, saved.isFavourite]).toEqual(['Less sugar next time.', true]);
    });
    await user.click(within(sidebar()).getByRole('button', { name: /^Favourites/ }));
    await screen.findByRole('heading', { name: 'Favourites' });
    await waitFor(() => expect(rowTitles()).toEqual(['★ Favourite: Tart 1']));
  });

  it('keys: arrows move between rows, e edits (title focused), Escape closes, Delete deletes', async () => {
    const { user, server, gems } = await libraryOf('libkeys', { count: 3 });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 3', 'Tart 2', 'Tart 1']));
    screen.getByRole('button', { name: /^Tart 3/ }).focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Tart 2/));
    await user.keyboard('e');
    const sheet = await screen.findByRole('complementary', { name: 'Tart 2' });
    await waitFor(() => expect(document.activeElement).toBe(within(sheet).getByRole('textbox', { name: 'Title' })));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Tart 2' })).toBeNull();

    screen.getByRole('button', { name: /^Tart 1/ }).focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 3', 'Tart 2']));
    await expect(server.call(`gems/${gems[0]?.id}`)).rejects.toThrow(/404/);
  });
});

describe('chat about saved gems', () => {
  it('"Chat about it" hands the panel the gem; "Chat about these results" the search, collection or search shown, off with a reason when none', async () => {
    const asked: LibraryChat[] = [];
    const onChat = async (about: LibraryChat) => {
      asked.push(about);
    };
    const { user, gems, recipes } = await libraryOf('libchat', { count: 3, onChat });
    await user.click(await screen.findByRole('button', { name: /^Tart 2/ }));
    const sheet = await screen.findByRole('complementary', { name: 'Tart 2' });
    await user.click(within(sheet).getByRole('button', { name: 'Chat about it' }));
    expect(asked.at(-1)).toEqual({ about: 'gems', gems: [{ id: gems[1]?.id, title: 'Tart 2' }] });

    const chatAboutResults = () => screen.getByRole('button', { name: 'Chat about these results' });
    await user.click(chatAboutResults());
    expect(asked.at(-1)).toEqual({ about: 'search', query: '', label: 'All gems', total: 3 });

    await user.click(within(sidebar()).getByRole('button', { name: /^Recipes/ }));
    await screen.findByRole('heading', { name: 'Recipes' });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 1']));
    await user.click(chatAboutResults());
    expect(asked.at(-1)).toEqual({ about: 'collection', collection: { id: recipes.id, name: 'Recipes' } });

    await user.type(screen.getByRole('searchbox', { name: 'Search your library' }), 'lemons{Enter}');
    await screen.findByRole('heading', { name: 'Search results' });
    await waitFor(() => expect(rowTitles()).toEqual(['Tart 3', 'Tart 2', 'Tart 1']));
    await user.click(chatAboutResults());
    expect(asked.at(-1)).toEqual({ about: 'search', query: 'lemons', label: 'lemons', total: 3 });

    // A saved search runs as its query, and goes as it, named as the sidebar names it.
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Citrus{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = await within(sidebar()).findByRole('list', { name: 'Saved searches' });
    await user.click(within(saved).getByRole('button', { name: 'Citrus' }));
    await waitFor(() =>
      expect(within(saved).getByRole('button', { name: 'Citrus' }).getAttribute('aria-current')).toBe('page'),
    );
    await user.click(await screen.findByRole('button', { name: 'Chat about these results' }));
    expect(asked.at(-1)).toEqual({ about: 'search', query: 'lemons', label: 'Citrus', total: 3 });

    const box = screen.getByRole('searchbox', { name: 'Search your library' });
    await user.clear(box);
    await user.type(box, 'quokka{Enter}');
    await waitFor(() => expect(chatAboutResults().hasAttribute('disabled')).toBe(true));
    const why = chatAboutResults().getAttribute('aria-describedby');
    expect(document.getElementById(why ?? '')?.textContent).toBe('No gems to chat about');
    expect(asked).toHaveLength(5);
  });
});
