import { storage } from 'wxt/utils/storage';
import type { ChatRequest } from '../messaging/types';

/**
 * What the right-click menu asked the side panel to do, by tab: written by the background as it opens
 * the panel, taken (and removed) by the panel of that tab. Session storage: gone with the browser.
 */
export const chatRequestsItem = storage.defineItem<ChatRequest[]>('session:chatRequests', { fallback: [] });

export async function addChatRequest(request: ChatRequest) {
  const others = (await chatRequestsItem.getValue()).filter((r) => r.tabId !== request.tabId);
  await chatRequestsItem.setValue([...others, request]);
}

/** The request for `tabId`, removed from storage; null when there is none. */
export async function takeChatRequest(tabId: number): Promise<ChatRequest | null> {
  const all = await chatRequestsItem.getValue();
  const mine = all.find((r) => r.tabId === tabId) ?? null;
  if (mine) await chatRequestsItem.setValue(all.filter((r) => r !== mine));
  return mine;
}
