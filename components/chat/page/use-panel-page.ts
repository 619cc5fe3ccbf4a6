import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import {
  type ChatRequest,
  isLibraryRequest,
  type LibraryChat,
  takeChatRequest,
  watchChatRequests,
} from '@/lib/chat/chat-requests';
import { draftAtom } from '../atoms';
import { useAttachedPage } from './use-attached-page';

const quoted = (quote: string) =>
  `${quote
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')}\n\n`;

async function activeTabId(): Promise<number | undefined> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

const LIBRARY_TAB = "This tab is Trove's library: the chat is about the gems it sent, not a page.";

type PageRequest = Exclude<ChatRequest, { library: unknown }>;

/**
 * The attached page (useAttachedPage), and what the right-click menu asked for: "Ask about the selection"
 * puts the selection in the composer as a quote. The panel is one per window, so a request can be for the
 * window's active tab while the chat is about another: the switch to that tab is offered, the quote held
 * until the user takes it (at once when following tabs) and dropped if they keep the old page. The library's
 * requests are about saved gems, not a tab's page: they are taken at once (`libraryChat`, use-library-chat.ts).
 */
export function usePanelPage() {
  const attached = useAttachedPage();
  const { tabId, reading, offerTab } = attached;
  const setDraft = useSetAtom(draftAtom);
  const [held, setHeld] = useState<PageRequest | null>(null);
  const [libraryChat, setLibraryChat] = useState<LibraryChat | null>(null);
  // The library's tab, once a request came from it: no page to read there, and nothing the user must do about it.
  const [libraryTab, setLibraryTab] = useState<number | null>(null);

  useEffect(() => {
    // Until the first read is done the tab the chat is about is not known.
    if (reading && tabId === null) return;
    const take = async () => {
      const own = tabId !== null ? await takeChatRequest(tabId) : null;
      if (own && isLibraryRequest(own)) {
        setLibraryChat(own.library);
        setLibraryTab(own.tabId);
      }
      const quote = own && !isLibraryRequest(own) ? own.quote : null;
      if (quote) setDraft((typed) => quoted(quote) + typed);
      const active = await activeTabId();
      if (active === undefined || active === tabId) return;
      const other = await takeChatRequest(active);
      if (!other) return;
      if (isLibraryRequest(other)) {
        setLibraryChat(other.library);
        return setLibraryTab(other.tabId);
      }
      setHeld(other);
      await offerTab(active);
    };
    void take();
    return watchChatRequests(() => void take());
  }, [tabId, reading, offerTab, setDraft]);

  useEffect(() => {
    if (!held || held.tabId !== tabId || reading) return;
    setHeld(null);
    const quote = held.quote;
    if (quote) setDraft((typed) => quoted(quote) + typed);
  }, [held, tabId, reading, setDraft]);

  const { keep } = attached;
  const keepOld = useCallback(() => {
    setHeld(null);
    keep();
  }, [keep]);
  const libraryChatTaken = useCallback(() => setLibraryChat(null), []);
  // The library's tab has no page to chat about, whether reading it failed or gave no text: say why instead.
  const onLibraryTab = libraryTab !== null && libraryTab === tabId;
  const problem = onLibraryTab && (attached.problem || !attached.page?.extract) ? LIBRARY_TAB : attached.problem;
  return { ...attached, problem, keep: keepOld, quoteWaiting: held?.quote != null, libraryChat, libraryChatTaken };
}

export type PanelPage = ReturnType<typeof usePanelPage>;
