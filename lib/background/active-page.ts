import { browser } from 'wxt/browser';
import type { ActivePage, ActiveTab } from '../messaging/protocol';
import type { PageExtract } from '../page/extract';
import { mediaTypeFromUrl } from '../page/media-type';
import { captureInTab } from './capture-in-tab';

/**
 * The tab the user is looking at as the browser knows it (address, title, icon), without touching the
 * page: answered at once, so the popup can show the title and address before the page is read.
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
  };
}

/**
 * The tab read on demand: the extraction script is injected only into that tab, which the toolbar click
 * grants through `activeTab`. Pages the extension may not script (browser pages, the web store) still
 * give their URL and title.
 */
export async function getActivePage(tabId?: number): Promise<ActivePage> {
  const tab = await getActiveTab(tabId);
  const id = tab.tabId;
  const readable = id !== null && /^https?:/.test(tab.url);
  const [extract, detected] = readable
    ? await Promise.all([extractTab(id), captureInTab({ tabId: id }, { kind: 'media' })])
    : [null, null];
  return { ...tab, extract, detected: detected ?? tab.detected };
}

async function extractTab(tabId: number): Promise<PageExtract | null> {
  try {
    const [result] = await browser.scripting.executeScript({ target: { tabId }, files: ['/extract.js'] });
    return (result?.result as PageExtract | undefined) ?? null;
  } catch (error) {
    console.warn('[trove] could not read the page', error);
    return null;
  }
}
