import { browser } from 'wxt/browser';
import type { ActivePage } from '../messaging/protocol';
import type { PageExtract } from '../page/extract';
import { mediaTypeFromUrl } from '../page/media-type';
import { captureInTab } from './capture-in-tab';

/**
 * The tab the user is looking at, read on demand: the extraction script is injected only into that
 * tab, which the toolbar click grants through `activeTab`. Pages the extension may not script
 * (browser pages, the web store) still give their URL and title.
 */
export async function getActivePage(tabId?: number): Promise<ActivePage> {
  const tab = tabId === undefined ? (await browser.tabs.query({ active: true, currentWindow: true }))[0] : await browser.tabs.get(tabId);
  if (!tab?.id || !tab.url) throw new Error('There is no open tab to save.');
  const readable = /^https?:/.test(tab.url);
  const [extract, detected] = readable
    ? await Promise.all([extractTab(tab.id), captureInTab({ tabId: tab.id }, { kind: 'media' })])
    : [null, null];
  // The browser's PDF viewer and other pages that cannot be scripted still say what they are by their address.
  return {
    tabId: tab.id,
    url: tab.url,
    title: tab.title ?? tab.url,
    favIconUrl: tab.favIconUrl ?? null,
    extract,
    detected: detected ?? mediaTypeFromUrl(tab.url),
  };
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
