import { browser } from 'wxt/browser';
import { addChatRequest } from '../chat/chat-requests';
import { firefoxSidebar, openChatPanel } from '../chat/open-panel';

/**
 * Windows whose side panel is open, as the browser last told us. Kept in memory because opening
 * must happen inside the user's gesture: an await before `open` would lose it. After the worker
 * restarts it is empty, and the command opens (a no-op when the panel is already open).
 */
const openWindows = new Set<number>();

export function trackSidePanel() {
  browser.sidePanel?.onOpened?.addListener(({ windowId }) => openWindows.add(windowId));
  browser.sidePanel?.onClosed?.addListener(({ windowId }) => openWindows.delete(windowId));
}

/** "Chat about this page" / "Ask about the selection": the panel opens and finds the request for its tab. */
export async function askInPanel(tabId: number, quote: string | null) {
  const stored = addChatRequest({ tabId, quote: quote?.trim() || null });
  await Promise.all([openChatPanel(tabId), stored]);
}

/** The keyboard command: opens the panel on the tab, or closes it when it is open in that window. */
export async function toggleChatPanel(tab: { id?: number; windowId?: number } | undefined) {
  const firefox = firefoxSidebar();
  if (!browser.sidePanel && firefox) return firefox.toggle();
  if (tab?.windowId !== undefined && openWindows.has(tab.windowId)) {
    return browser.sidePanel.close({ windowId: tab.windowId });
  }
  if (tab?.id !== undefined) return openChatPanel(tab.id);
}
