/**
 * A chat reopened from history shows its own page as a page chip ("This chat's page": its title, its site, a way
 * to open it) when the tab the panel is on is another page; on that page itself only the page chip shows.
 * Chats asked from the panel to the real server (fake provider), reopened from the Chat history panel.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useChosenBookmarks } from '@/components/chat/bookmarks/use-chosen-bookmarks';
import {
  AttachmentsProvider,
  ConversationsProvider,
  ModelsProvider,
  PageProvider,
} from '@/components/chat/chat-session';
import { chatKeys } from '@/components/chat/conversation/queries';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import { useChatFiles } from '@/components/chat/files/use-chat-files';
import { HistoryPanel } from '@/components/chat/history/HistoryPanel';
import { ChatContext } from '@/components/chat/page/ChatContext';
import { usePanelPage } from '@/components/chat/page/use-panel-page';
import { useChatFlags } from '@/components/chat/use-chat-flags';
import { useChosenModels } from '@/components/chat/use-chosen-models';
import { useSendQuestion } from '@/components/chat/use-send-question';
import { setupFakeProvider } from '../../fake-provider/setup';
import { makePage } from '../fixtures';
import { setupTestIntersectionObserver } from '../intersection-observer';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { backgroundFor } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));
type Signed = Awaited<ReturnType<typeof live.signedIn>>;

setupTestIntersectionObserver();

const TIDES = 'https://a.example/tides?port=brest';
// A title comes from the page: markup in it is text.
const TIDES_TITLE = 'Tide tables <b>Brest</b>';
const MAP = 'https://b.example/map';

/**
 * The panel as ChatPanel wires what is above the messages (ChatContext: the attached page's chip and the chat's
 * page), a question asked about the attached page, and the Chat history panel opening a chat. Links open in a new
 * tab, as the panel opens them.
 */
function PanelWithHistory() {
  const attached = usePanelPage();
  const conversation = useConversation();
  const models = useChosenModels();
  const { flags } = useChatFlags();
  const files = useChatFiles(models.chosen[0], conversation.chatId);
  const bookmarks = useChosenBookmarks(conversation.chatId);
  const send = useSendQuestion({ ask: conversation.ask, models, flags, page: attached.sendable });
  return (
    <ConversationsProvider value={{ shown: conversation, stored: conversation }}>
      <ModelsProvider value={models}>
        <AttachmentsProvider value={{ files, bookmarks }}>
          <PageProvider value={{ page: attached.sendable, pageGems: [] }}>
            <ChatContext attached={attached} followTabs={false} />
          </PageProvider>
        </AttachmentsProvider>
      </ModelsProvider>
      <button
        type="button"
        disabled={models.loading || !attached.sendable}
        onClick={() => void send('When is high tide?')}
      >
        Ask
      </button>
      <output aria-label="Chat">{conversation.chatId ?? ''}</output>
      <output aria-label="Answer">{conversation.turns.at(-1)?.answers.at(-1)?.text ?? ''}</output>
      <HistoryPanel busy={conversation.busy} onOpenChat={conversation.openChat} />
    </ConversationsProvider>
  );
}

const pageChip = () => screen.getByRole('region', { name: 'Page in this chat' });
const chatPageChip = () => screen.queryByRole('region', { name: "This chat's page" });

/** The panel open as `user` on a new active tab showing `url` ("Tide tables" or "Harbour map"). */
async function openPanelOn(user: Signed, url: string, title: string) {
  const tabId = (await fakeBrowser.tabs.create({ url, active: true })).id as number;
  const { background } = await backgroundFor(user, { followUpQuestions: false });
  background.state.activePage = makePage({ tabId, url, title, favIconUrl: `${new URL(url).origin}/favicon.ico` });
  const rendered = user.render(
    <Provider store={createStore()}>
      <PanelWithHistory />
    </Provider>,
    background,
  );
  await waitFor(() => within(pageChip()).getByText(title));
  return rendered;
}

/** A chat asked on the tides page: the panel on it, one question answered; the panel then closed. */
async function chatAskedOnTides(user: Signed) {
  const { user: ui } = await openPanelOn(user, TIDES, TIDES_TITLE);
  fake.script({ chunks: ['At 6:12.'] });
  const ask = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
  await waitFor(() => expect(ask.disabled).toBe(false));
  await ui.click(ask);
  await waitFor(() => expect(screen.getByRole('status', { name: 'Answer' }).textContent).toBe('At 6:12.'));
  // While the chat is on its own page, only the page chip shows.
  expect(chatPageChip()).toBeNull();
  cleanup();
}

/** Opens the chat asked "When is high tide?" from the Recents tab of the history; waits until it is loaded. */
async function openFromHistory(rendered: Awaited<ReturnType<typeof openPanelOn>>) {
  const { user: ui, queryClient } = rendered;
  await ui.click(screen.getByRole('tab', { name: 'Recents' }));
  await ui.click(await screen.findByRole('button', { name: /^When is high tide\?/ }));
  await waitFor(() => expect(screen.getByRole('status', { name: 'Answer' }).textContent).toBe('At 6:12.'));
  const chatId = Number(screen.getByRole('status', { name: 'Chat' }).textContent);
  await waitFor(() => expect(queryClient.getQueryState(chatKeys.detail(chatId))?.status).toBe('success'));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.windows.create({ focused: true });
});

describe("A chat reopened from history shows its page's chip", () => {
  it('on another tab: its page as a chip of its own, with its title and site, that opens the page in a new tab', async () => {
    const user = await live.signedIn('chatpage');
    await chatAskedOnTides(user);

    const rendered = await openPanelOn(user, MAP, 'Harbour map');
    await openFromHistory(rendered);

    // The page attached now keeps its chip; the chat's page is a chip beside it, named as the chat's.
    within(pageChip()).getByText('Harbour map');
    const chip = await screen.findByRole('region', { name: "This chat's page" });
    expect(chip).not.toBe(pageChip());
    expect(chip.className).toContain('page-chip');
    const title = chip.querySelector('.page-chip-title') as HTMLElement;
    expect(title.textContent).toBe(TIDES_TITLE);
    expect(title.getAttribute('title')).toBe(TIDES);
    expect(chip.querySelector('.page-chip-title b')).toBeNull();
    expect(chip.querySelector('.page-chip-host')?.textContent).toBe('a.example');
    expect(chip.textContent).not.toContain('Harbour map');

    // Open that page, from the keyboard: a new tab, in front, at the chat's page.
    const open = within(chip).getByRole('button', { name: 'Open that page' });
    open.focus();
    await rendered.user.keyboard('{Enter}');
    await waitFor(async () => {
      const tabs = await fakeBrowser.tabs.query({ url: TIDES });
      expect(tabs.map((t) => t.url)).toEqual([TIDES, TIDES]);
    });
    const [, opened] = await fakeBrowser.tabs.query({ url: TIDES });
    expect(opened?.active).toBe(true);
  });

  it("on the chat's own page: only the page chip", async () => {
    const user = await live.signedIn('chatsame');
    await chatAskedOnTides(user);

    const rendered = await openPanelOn(user, TIDES, TIDES_TITLE);
    await openFromHistory(rendered);

    within(pageChip()).getByText(TIDES_TITLE);
    expect(chatPageChip()).toBeNull();
    expect(document.querySelectorAll('.page-chip')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Open that page' })).toBeNull();
  });
});
