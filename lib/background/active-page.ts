import { browser } from 'wxt/browser';
import type { ActivePage } from '../messaging/protocol';
import type { PageExtract } from '../page/extract';

/**
 * The tab the user is looking at, read on demand: the extraction script is injected only into that
 * tab, which the toolbar click grants through `activeTab`. Pages the extension may not script
 * (browser pages, the web store) still give their URL and title.
 */
export async function getActivePage(tabId?: number): Promise<ActivePage> {
  const tab = tabId === undefined ? (await browser.tabs.query({ active: true, currentWindow: true }))[0] : await browser.tabs.get(tabId);
  if (!tab?.id || !tab.url) throw new Error('There is no open tab to save.');
  let extract: PageExtract | null = null;
  if (/^https?:/.test(tab.url)) {
    try {
      const [result] = await browser.scripting.executeScript({ target: { tabId: tab.id }, files: ['/extract.js'] });
      extract = (result?.result as PageExtract | undefined) ?? null;
    } catch (error) {
      console.warn('[trove] could not read the page', error);
    }
  }
  return { tabId: tab.id, url: tab.url, title: tab.title ?? tab.url, favIconUrl: tab.favIconUrl ?? null, extract };
}
