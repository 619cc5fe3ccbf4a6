/**
 * Chat history panel: the Collections tab
 * ('AI Chats' / 'Unfiltered', expandable to their chats), the Recents tab (searched on Enter only,
 * 20 a page as the list's end comes into view, stopping and de-duplicating as the spec says), dates as
 * 'DD MMM HH:mm', and a chat opened from it loaded in the panel. Against the real server.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { chatModeAtom } from '@/components/chat/atoms';
import { ChatApiProvider, useChatApi } from '@/components/chat/chat-api-context';
import { HistoryPanel } from '@/components/chat/history/HistoryPanel';
import { ShortcutsPanel } from '@/components/chat/ShortcutsPanel';
import type { Collection } from '@/lib/api/contract';
import { setupFakeProvider } from '../../fake-provider/setup';
import { scrollToEnd, setupTestIntersectionObserver } from '../intersection-observer';
import { answersShown } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { drawer, renderPanelWithDrawer } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));
type Signed = Awaited<ReturnType<typeof live.signedIn>>;

setupTestIntersectionObserver();

let fetchSpy: MockInstance<typeof fetch>;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The history pages the panel asked the server for, as "page:search". */
const historyCalls = () =>
  fetchSpy.mock.calls
    .map(([url]) => new URL(String(url)))
    .filter((url) => url.pathname.endsWith('/api/chats/history'))
    .map((url) => `${url.searchParams.get('page')}:${url.searchParams.get('search')}`);

/** Chats made on the server, oldest first (the newest is listed first). */
async function makeChats(user: Signed, titles: string[]) {
  const ids: number[] = [];
  for (const title of titles) ids.push((await user.call('chats', 'POST', { title })).data.id);
  return ids;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** 'DD MMM HH:mm' of an ISO time, in the machine's time zone. */
const shownDate = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getDate())} ${MONTHS[d.getMonth()]} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The items that open a chat (each also has its "Chat actions" menu button, chat-manage.test.tsx). */
const chatItems = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('button')
    .filter((button) => button.classList.contains('history-item'));

/** Each chat of `list` as its title, and checks its date is shown as 'DD MMM HH:mm'. */
function titlesIn(list: HTMLElement) {
  return chatItems(list).map((item) => {
    const time = item.querySelector('time') as HTMLTimeElement;
    expect(time.textContent).toBe(shownDate(time.dateTime));
    expect(time.textContent).toMatch(/^\d{2} [A-Z][a-z]{2} \d{2}:\d{2}$/);
    return item.querySelector('.history-title')?.textContent;
  });
}

function renderHistory(user: Signed, wrap: (ui: ReactElement) => ReactElement = (ui) => ui) {
  const onOpenChat = vi.fn<(id: number) => void>();
  const rendered = user.render(wrap(<HistoryPanel onOpenChat={onOpenChat} busy={false} />));
  return { ...rendered, onOpenChat };
}

async function openRecents(ui: { click: (element: Element) => Promise<void> }) {
  await ui.click(screen.getByRole('tab', { name: 'Recents' }));
  return screen.getByRole('tabpanel');
}
const recentTitles = async (panel: HTMLElement, count: number) => {
  await waitFor(() => expect(chatItems(panel)).toHaveLength(count));
  return titlesIn(panel);
};

describe('Chat history: Collections tab', () => {
  it("lists 'AI Chats' open and 'Unfiltered' closed, each expandable to its chats, dated DD MMM HH:mm", async () => {
    const user = await live.signedIn('histcol');
    const [tides, harbour] = await makeChats(user, ['Tide tables', 'Harbour map', 'Lighthouses']);
    const collections = (await user.call('get-user-collections')).data as Collection[];
    const unfiltered = collections.find((c) => c.name === 'Unfiltered') as Collection;
    await user.call(`gems/${harbour}`, 'PUT', { data: { collectionId: unfiltered.id } });
    const { user: ui, onOpenChat } = renderHistory(user);

    const panel = await screen.findByRole('tabpanel');
    await within(panel).findByText('Lighthouses');
    const sections = [...panel.querySelectorAll('details')];
    expect(sections.map((s) => s.querySelector('summary')?.textContent)).toEqual(['AI Chats (2)', 'Unfiltered (1)']);
    const [aiChats, unfilteredSection] = sections as [HTMLDetailsElement, HTMLDetailsElement];
    expect(aiChats.open).toBe(true);
    expect(unfilteredSection.open).toBe(false);
    expect(titlesIn(aiChats)).toEqual(['Lighthouses', 'Tide tables']);

    await ui.click(unfilteredSection.querySelector('summary') as HTMLElement);
    expect(unfilteredSection.open).toBe(true);
    expect(titlesIn(unfilteredSection)).toEqual(['Harbour map']);
    await ui.click(within(unfilteredSection).getByRole('button', { name: /^Harbour map/ }));
    expect(onOpenChat).toHaveBeenCalledWith(harbour);
    await ui.click(within(aiChats).getByRole('button', { name: /^Tide tables/ }));
    expect(onOpenChat).toHaveBeenLastCalledWith(tides);
  });
});

/** The server's page 2 as it comes when the chats on it were deleted meanwhile, the total not yet updated. */
function SecondPageEmpty({ children, pagesAsked }: { children: ReactNode; pagesAsked: number[] }) {
  const api = useChatApi();
  const history: typeof api.history = async (input) => {
    pagesAsked.push(input.page);
    return input.page === 1 ? api.history(input) : { data: [], totalCount: 21 };
  };
  return <ChatApiProvider api={{ ...api, history }}>{children}</ChatApiProvider>;
}

describe('Chat history: Recents tab', () => {
  it('searches when Enter is pressed, not while typing', async () => {
    const user = await live.signedIn('histfind');
    await makeChats(user, ['Tide tables', 'Harbour map', 'Lighthouse keepers']);
    const { user: ui } = renderHistory(user);
    const panel = await openRecents(ui);
    expect(await recentTitles(panel, 3)).toEqual(['Lighthouse keepers', 'Harbour map', 'Tide tables']);

    const search = within(panel).getByRole('searchbox', { name: 'Search chats (press Enter)' });
    await ui.type(search, 'harbour');
    // Longer than any debounce: typing alone asks nothing.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(historyCalls()).toEqual(['1:']);
    expect(await recentTitles(panel, 3)).toHaveLength(3);

    await ui.keyboard('{Enter}');
    expect(await recentTitles(panel, 1)).toEqual(['Harbour map']);
    expect(historyCalls()).toEqual(['1:', '1:harbour']);

    await ui.clear(search);
    await ui.type(search, 'nothing like it{Enter}');
    await within(panel).findByText('No chat matches');
    within(panel).getByText('Nothing found for “nothing like it”.');
  });

  it('loads 20 a page as the end comes into view, shows a chat that moved between pages once, and stops at the total', async () => {
    const user = await live.signedIn('histpage');
    const titles = Array.from({ length: 25 }, (_, i) => `Chat ${i + 1}`);
    await makeChats(user, titles);
    const { user: ui } = renderHistory(user);
    const panel = await openRecents(ui);
    const newestFirst = titles.toReversed();
    expect(await recentTitles(panel, 20)).toEqual(newestFirst.slice(0, 20));

    // A chat made meanwhile moves every chat one place down: page 2 starts again with 'Chat 6'.
    await makeChats(user, ['Made while scrolling']);
    await scrollToEnd();
    expect(await recentTitles(panel, 25)).toEqual(newestFirst);
    expect(historyCalls()).toEqual(['1:', '2:']);

    // 20 + 6 loaded, the total is 26: no page 3, however often the end comes into view.
    await scrollToEnd();
    await scrollToEnd();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(historyCalls()).toEqual(['1:', '2:']);
    expect(within(panel).queryByRole('status', { name: 'Loading more chats' })).toBeNull();
  });

  it('stops when a page comes back empty, whatever the total said', async () => {
    const user = await live.signedIn('histempty');
    await makeChats(
      user,
      Array.from({ length: 21 }, (_, i) => `Chat ${i + 1}`),
    );
    const pagesAsked: number[] = [];
    const { user: ui } = renderHistory(user, (ui) => <SecondPageEmpty pagesAsked={pagesAsked}>{ui}</SecondPageEmpty>);
    const panel = await openRecents(ui);
    await recentTitles(panel, 20);
    await scrollToEnd();
    await waitFor(() => expect(within(panel).queryByRole('status', { name: 'Loading more chats' })).toBeNull());
    const asked = fetchSpy.mock.calls.length;
    await scrollToEnd();
    await scrollToEnd();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchSpy.mock.calls.length).toBe(asked);
    expect(pagesAsked).toEqual([1, 2]);
    expect(chatItems(panel)).toHaveLength(20);
  });
});

describe('Opening a chat from the history', () => {
  it('closes the drawer and shows that chat’s questions and answers', async () => {
    const user = await live.signedIn('histopen');
    const panel = await renderPanelWithDrawer(user);
    fake.script({ chunks: ['Twice ', 'a day.'] });
    await panel.ask('How often are tides?');
    await waitFor(() => expect(answersShown()).toEqual(['done: Twice a day.']));
    await panel.user.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(answersShown()).toEqual([]));

    await panel.user.click(screen.getByRole('button', { name: 'Chat history' }));
    const history = await drawer('Chat History');
    await panel.user.click(await within(history).findByRole('tab', { name: 'Recents' }));
    await panel.user.click(await within(history).findByRole('button', { name: /^How often are tides\?/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat History' })).toBeNull());
    await waitFor(() => expect(answersShown()).toEqual(['done: Twice a day.']));
    screen.getByRole('heading', { name: 'How often are tides?' });
  });
});

/** Each shortcut of the Keyboard Shortcuts panel as "key: what it does". */
const shortcutsIn = (panel: HTMLElement) =>
  [...panel.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);

describe('Keyboard Shortcuts panel', () => {
  it("opens from Chat settings, lists '/', '\\', '@' and '+', and says they fire only at the start or after a space", async () => {
    const user = await live.signedIn('shortcuts');
    const { user: ui } = await renderPanelWithDrawer(user);
    await ui.click(screen.getByRole('button', { name: 'Chat settings' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Keyboard shortcuts' }));
    const panel = await drawer('Keyboard Shortcuts');
    await waitFor(() => expect(panel.querySelector('dl')).not.toBeNull());
    expect(shortcutsIn(panel).slice(0, 4)).toEqual([
      '/: Open the AI prompts',
      '\\: Open Chat history',
      '@: Choose a brand voice or an agent',
      '+: Attach gems and collections',
    ]);
    expect(panel.querySelector('p')?.textContent).toBe(
      'A shortcut works only when typed at the start of the question or after a space, so it stays an ordinary ' +
        'character inside words, web addresses and code (and/or, C:\\dir, a@b.c, C++).',
    );
  });

  it("does not offer '\\' in Write mode, which has no Chat history", () => {
    const store = createStore();
    store.set(chatModeAtom, 'ai-writer');
    const { container } = render(
      <Provider store={store}>
        <ShortcutsPanel />
      </Provider>,
    );
    expect(shortcutsIn(container).slice(0, 3)).toEqual([
      '/: Open the AI prompts',
      '@: Choose a brand voice or an agent',
      '+: Attach gems and collections',
    ]);
    expect(container.textContent).not.toContain('\\');
    expect(container.querySelector('p')?.textContent).toContain('at the start of the question or after a space');
  });
});
