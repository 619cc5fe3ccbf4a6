import { browser } from 'wxt/browser';
import type { ActiveTab } from '../messaging/types';
import { isBlockedPage } from './blocked-sites';
import { mediaTypeFromUrl } from './media-type';

/**
 * The tab the user is looking at as the browser knows it (address, title, icon), without touching the
 * page: answered at once, so the popup can show the title and address before the page is read. Any
 * extension page may ask the browser this itself (see `createBackgroundClient`'s local answers).
 */
export async function getActiveTab(tabId?: number): Promise<ActiveTab> {
  const tab =
    tabId === undefined
      ? (await browser.tabs.query({ active: true, currentWindow: true }))[0]
      : await browser.tabs.get(tabId);
  if (!tab?.id || !tab.url) throw new Error('There is no open tab to save.');
  return {
    tabId: tab.id,
    url: tab.url,
    title: tab.title || tab.url,
    favIconUrl: tab.favIconUrl ?? null,
    // The browser's PDF viewer and other pages that cannot be scripted still say what they are by their address.
    detected: mediaTypeFromUrl(tab.url),
    ...((await isBlockedPage(tab.url)) ? { blocked: true } : {}),
  };
}
