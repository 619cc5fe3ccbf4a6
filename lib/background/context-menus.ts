import { browser } from 'wxt/browser';

const PARENT = 'trove';
const REPORT_BUG = 'trove-report-bug';

/** The right-click menu, grouped under one Trove entry. Registered on install and update. */
export function registerContextMenus() {
  browser.runtime.onInstalled.addListener(async () => {
    await browser.contextMenus.removeAll();
    browser.contextMenus.create({ id: PARENT, title: 'Trove', contexts: ['all'] });
    browser.contextMenus.create({ id: REPORT_BUG, parentId: PARENT, title: 'Report a bug…', contexts: ['all'] });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === REPORT_BUG) void openReportBug(info.pageUrl ?? tab?.url);
  });
}

/** Opens the options page with the Report Bug dialog, pre-filled with the page's address. */
export function openReportBug(pageUrl: string | undefined) {
  const query = pageUrl && /^https?:/.test(pageUrl) ? `?reportUrl=${encodeURIComponent(pageUrl)}` : '';
  return browser.tabs.create({ url: browser.runtime.getURL(`/options.html${query}#report-bug`) });
}
