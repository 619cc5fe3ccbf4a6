import { browser } from 'wxt/browser';
import { isWebAddress } from '../api/web-address';
import type { ActivePage } from '../messaging/protocol';
import { getActiveTab } from '../page/active-tab';
import type { PageExtract } from '../page/extract';
import { captureInTab } from './capture-in-tab';

/**
 * The tab read on demand: the extraction script is injected only into that tab, which the toolbar click
 * grants through `activeTab`. Pages the extension may not script (browser pages, the web store) still
 * give their URL and title.
 */
export async function getActivePage(tabId?: number): Promise<ActivePage> {
  const tab = await getActiveTab(tabId);
  const id = tab.tabId;
  const readable = id !== null && isWebAddress(tab.url) && !tab.blocked;
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
