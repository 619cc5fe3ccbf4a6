import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { ChatRequest } from '../messaging/types';

/**
 * What the right-click menu asked the side panel to do, one entry per tab: written by the background as it opens
 * the panel, taken (and removed) by the panel of that tab. An entry of its own per tab, so two requests for two tabs
 * made at the same moment never overwrite each other (a shared list read, then written, lost one). Session storage:
 * gone with the browser.
 */
const PREFIX = 'chatRequest.';
const keyOf = (tabId: number) => `session:${PREFIX}${tabId}` as const;

export async function addChatRequest(request: ChatRequest) {
  await storage.setItem(keyOf(request.tabId), request);
}

/** The request for `tabId`, removed from storage; null when there is none. */
export async function takeChatRequest(tabId: number): Promise<ChatRequest | null> {
  const mine = await storage.getItem<ChatRequest>(keyOf(tabId));
  if (mine) await storage.removeItem(keyOf(tabId));
  return mine;
}

/** Calls `onChange` when a request for any tab is added or taken; returns how to stop. */
export function watchChatRequests(onChange: () => void): () => void {
  // The session area's own event, as WXT's storage watches it.
  const listener = (changes: Record<string, unknown>) => {
    if (Object.keys(changes).some((key) => key.startsWith(PREFIX))) onChange();
  };
  browser.storage.session.onChanged.addListener(listener);
  return () => browser.storage.session.onChanged.removeListener(listener);
}
