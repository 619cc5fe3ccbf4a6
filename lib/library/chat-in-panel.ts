import { browser } from 'wxt/browser';
import { addChatRequest, type LibraryChat } from '../chat/chat-requests';
import { openChatPanel } from '../chat/open-panel';

/** The library page's own tab, asked for once at start: the panel must be opened before any await. */
let ownTab: Promise<number | null> | null = null;
let ownTabId: number | null = null;

export function knowOwnTab(): Promise<number | null> {
  ownTab ??= browser.tabs.getCurrent().then(
    (tab) => (ownTabId = tab?.id ?? null),
    () => null,
  );
  return ownTab;
}

/**
 * "Chat about it" / "Chat about these results": opens the side panel of the library's window and leaves it the
 * request (lib/chat/chat-requests.ts), which it takes when it opens or, already open, as it is written. Call it
 * straight from the click's handler: browsers open the panel only in answer to a user's gesture.
 */
export function chatInPanel(about: LibraryChat): Promise<void> {
  const tabId = ownTabId;
  if (tabId === null) return Promise.reject(new Error('The library is still starting; try again.'));
  let stored: Promise<void>;
  try {
    // Checked before anything opens: a request the panel would refuse is the page's error to show.
    stored = addChatRequest({ tabId, library: about });
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.all([openChatPanel(tabId), stored]).then(() => undefined);
}
