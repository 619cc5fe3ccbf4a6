import { screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider, useAtom } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { chatIdAtom, chatIdsAtom } from '@/components/chat/atoms';
import { ChosenBookmarks } from '@/components/chat/bookmarks/ChosenBookmarks';
import { contextIds } from '@/components/chat/bookmarks/selection';
import { useChosenBookmarks } from '@/components/chat/bookmarks/use-chosen-bookmarks';
import { useLibraryChat } from '@/components/chat/bookmarks/use-library-chat';
import { usePanelPage } from '@/components/chat/page/use-panel-page';
import { addChatRequest, chatRequestSchema, takeChatRequest } from '@/lib/chat/chat-requests';
import { FakeBackground } from '../fake-background';
import { makePage } from '../fixtures';
import { renderWithBackground } from '../render';

/**
 * The library's requests to the side panel ("Chat about it", "Chat about these results"): the one request contract,
 * checked on both sides of storage, and the panel taking one: a new chat whose chosen context is what the library sent.
 */

/** The panel's parts that take a request, as ChatPanel wires them; the chat on screen shown as its id. */
function PanelContext() {
  const attached = usePanelPage();
  const [chatId, setChatId] = useAtom(chatIdAtom);
  const bookmarks = useChosenBookmarks(chatId);
  useLibraryChat({
    request: attached.libraryChat,
    taken: attached.libraryChatTaken,
    chatId,
    newChat: () => setChatId(null),
  });
  return (
    <>
      <ChosenBookmarks bookmarks={bookmarks} />
      <output aria-label="Chat on screen">{chatId ?? 'new chat'}</output>
      <output aria-label="Context sent">{JSON.stringify(contextIds(bookmarks.choice))}</output>
    </>
  );
}

const chosen = () => screen.getByRole('list', { name: 'Chosen gems and collections' });
const onScreen = () => screen.getByRole('status', { name: 'Chat on screen' }).textContent;
const sent = () => JSON.parse(screen.getByRole('status', { name: 'Context sent' }).textContent ?? 'null');

/** The panel open in the library's window, showing stored chat 42; the library is tab `libraryTab`. */
async function openPanel() {
  const page = (await fakeBrowser.tabs.create({ url: 'https://a.example/tides', active: true })).id as number;
  const store = createStore();
  store.set(chatIdsAtom, { chat: 42, 'ai-writer': null });
  const rendered = renderWithBackground(
    <Provider store={store}>
      <PanelContext />
    </Provider>,
    new FakeBackground({ activePage: makePage({ tabId: page, title: 'Tide tables' }) }),
  );
  const libraryTab = (await fakeBrowser.tabs.create({ url: 'chrome-extension://trove/library.html', active: true }))
    .id as number;
  return { ...rendered, libraryTab };
}

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.windows.create({ focused: true });
});

describe('the chat request contract', () => {
  it('takes gems, a collection or a search in the query language, and refuses what breaks it, naming why', () => {
    const ok = (library: unknown) => chatRequestSchema.safeParse({ tabId: 3, library }).success;
    expect(ok({ about: 'gems', gems: [{ id: 7, title: 'Tart' }] })).toBe(true);
    expect(ok({ about: 'collection', collection: { id: 2, name: 'Recipes' } })).toBe(true);
    expect(ok({ about: 'search', query: 'tart #baking -lemon', label: 'Search results', total: 3 })).toBe(true);
    expect(ok({ about: 'search', query: '', label: 'All gems', total: 0 })).toBe(true);
    expect(ok({ about: 'gems', gems: [] })).toBe(false);
    expect(ok({ about: 'gems', gems: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, title: 'x' })) })).toBe(false);
    expect(ok({ about: 'gems', gems: [{ id: 0, title: 'x' }] })).toBe(false);
    expect(ok({ about: 'collection', collection: { id: 2 } })).toBe(false);
    expect(ok({ about: 'tab' })).toBe(false);
    const bad = chatRequestSchema.safeParse({
      tabId: 3,
      library: { about: 'search', query: 'tart (lemon', label: 'Search results', total: 1 },
    });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain("Expected ')'");
    // The right-click menu's requests keep their shape.
    expect(chatRequestSchema.safeParse({ tabId: 3, quote: null }).success).toBe(true);
  });

  it('is checked before it is stored, and what is stored is checked again as it is taken', async () => {
    expect(() =>
      addChatRequest({ tabId: 4, library: { about: 'search', query: '"open', label: 'Search results', total: 1 } }),
    ).toThrow(/Expected/);
    expect(await takeChatRequest(4)).toBeNull();
    await fakeBrowser.storage.session.set({ 'chatRequest.5': { tabId: 5, library: { about: 'gems', gems: 'all' } } });
    expect(await takeChatRequest(5)).toBeNull();
    expect(await fakeBrowser.storage.session.get('chatRequest.5')).toEqual({});
    await addChatRequest({ tabId: 6, library: { about: 'collection', collection: { id: 9, name: 'Recipes' } } });
    expect(await takeChatRequest(6)).toEqual({
      tabId: 6,
      library: { about: 'collection', collection: { id: 9, name: 'Recipes' } },
    });
  });
});

describe('the side panel taking a request from the library', () => {
  it('"Chat about it": a new chat with that gem as its context, removable', async () => {
    const { libraryTab, user } = await openPanel();
    expect(onScreen()).toBe('42');
    await addChatRequest({ tabId: libraryTab, library: { about: 'gems', gems: [{ id: 7, title: 'Almond tart' }] } });
    await waitFor(() => expect(within(chosen()).getByText('Almond tart').textContent).toBe('Almond tart'));
    expect(onScreen()).toBe('new chat');
    expect(sent()).toEqual({ gemIds: [7], collectionIds: [] });
    await user.click(screen.getByRole('button', { name: 'Remove Almond tart' }));
    expect(screen.queryByRole('list', { name: 'Chosen gems and collections' })).toBeNull();
    // Taken once: nothing left for the library's tab.
    expect(await takeChatRequest(libraryTab)).toBeNull();
  });

  it('"Chat about these results": a collection goes as the collection, a search as its text with its count', async () => {
    const { libraryTab } = await openPanel();
    await addChatRequest({
      tabId: libraryTab,
      library: { about: 'collection', collection: { id: 3, name: 'Recipes' } },
    });
    await waitFor(() => expect(sent()).toEqual({ gemIds: [], collectionIds: [3] }));
    expect(within(chosen()).getByText('Collection').previousSibling?.textContent).toBe('Recipes');

    await addChatRequest({
      tabId: libraryTab,
      library: { about: 'search', query: 'lemons', label: 'Search results', total: 1234 },
    });
    await waitFor(() => expect(sent()).toEqual({ gemIds: [], collectionIds: [], searches: ['lemons'] }));
    expect(within(chosen()).getByText(/^Search "lemons"/).textContent).toBe(
      'Search "lemons" · first 1,000 of 1,234 gems',
    );
  });
});
