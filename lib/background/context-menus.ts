import { type Browser, browser } from 'wxt/browser';
import { isWebAddress } from '../api/web-address';
import { libraryPath } from '../library/open-library';
import type { SaveOutcome } from '../messaging/protocol';
import { isBlockedNow } from './blocked-sites';
import { askInPanel } from './chat-panel';
import { runQuickSave } from './confirm-save';
import { saveCode, saveImage, saveLink, savePage, saveSelection, tabRef } from './quick-save';
import { notify } from './save-notices';
import { saveScreenshot } from './screenshot';

// The enum as its string values, so items can be written as plain strings.
type ContextType = `${Browser.contextMenus.ContextType}`;
type Contexts = [ContextType, ...ContextType[]];

const PARENT = 'trove';
const REPORT_BUG = 'trove-report-bug';
const CHAT_PAGE = 'trove-chat-page';
const CHAT_SELECTION = 'trove-chat-selection';
const OPEN_LIBRARY = 'trove-open-library';
const ITEMS: { id: string; title: string; contexts: Contexts }[] = [
  { id: CHAT_PAGE, title: 'Chat about this page', contexts: ['page'] },
  { id: CHAT_SELECTION, title: 'Ask about the selection', contexts: ['selection'] },
  { id: 'trove-save-page', title: 'Save page', contexts: ['page'] },
  { id: 'trove-save-image', title: 'Save image', contexts: ['image'] },
  { id: 'trove-save-screenshot', title: 'Save screenshot', contexts: ['page', 'image', 'link', 'selection'] },
  { id: 'trove-save-code', title: 'Save selected code', contexts: ['selection'] },
  { id: 'trove-save-selection', title: 'Save selection as a quote', contexts: ['selection'] },
  { id: 'trove-save-link', title: 'Save link', contexts: ['link'] },
  { id: REPORT_BUG, title: 'Report a bug…', contexts: ['all'] },
];

export const BLOCKED_MESSAGE =
  'You blocked this site: Trove does not read or save its pages. Unblock it in the options (Account).';

export interface MenuClick {
  menuItemId: string | number;
  pageUrl?: string;
  frameId?: number;
  srcUrl?: string;
  linkUrl?: string;
  selectionText?: string;
}

/** Runs a menu item as a click on it would (the click itself grants activeTab for the tab). */
export async function handleMenuClick(
  info: MenuClick,
  tab: { id?: number; windowId?: number; url?: string; title?: string } | undefined,
) {
  const itemId = String(info.menuItemId);
  // Not saves: no badge, no notification, nothing recorded as a failed save.
  if (itemId === OPEN_LIBRARY) {
    await openLibrary();
    return null;
  }
  if (itemId === REPORT_BUG) {
    await openReportBug(info.pageUrl ?? tab?.url);
    return null;
  }
  // A blocked site: nothing is read or saved there (checked from memory, before anything is awaited).
  if (isBlockedNow(info.pageUrl ?? tab?.url)) {
    await notify('Trove is blocked on this site', BLOCKED_MESSAGE);
    return null;
  }
  // Not saves either; nothing may be awaited before the panel opens (it needs the click's gesture).
  if (itemId === CHAT_PAGE || itemId === CHAT_SELECTION) {
    if (tab?.id !== undefined)
      await askInPanel(tab.id, itemId === CHAT_SELECTION ? (info.selectionText ?? null) : null);
    return null;
  }
  const ref = () => tabRef(tab, info.frameId, info.pageUrl);
  const saves: Record<string, () => Promise<SaveOutcome>> = {
    'trove-save-page': () => savePage(tab?.id),
    'trove-save-image': () => saveImage(ref(), info.srcUrl ?? ''),
    'trove-save-code': () => saveCode(ref(), info.selectionText),
    'trove-save-selection': () => saveSelection(ref(), info.selectionText),
    'trove-save-link': () => saveLink(ref(), info.linkUrl ?? ''),
    'trove-save-screenshot': () => saveScreenshot(tab),
  };
  const save = saves[itemId];
  return save ? runQuickSave(itemId, save) : null;
}

/** The right-click menu, grouped under one Trove entry. Registered on install and update. */
export function registerContextMenus() {
  browser.runtime.onInstalled.addListener(async () => {
    await browser.contextMenus.removeAll();
    browser.contextMenus.create({ id: PARENT, title: 'Trove', contexts: ['all'] });
    for (const item of ITEMS) browser.contextMenus.create({ ...item, parentId: PARENT });
    // The toolbar button's own right-click menu (Firefox's MV2 build calls it browser_action).
    const toolbar = (import.meta.env.MANIFEST_VERSION === 2 ? 'browser_action' : 'action') as ContextType;
    browser.contextMenus.create({ id: OPEN_LIBRARY, title: 'Open library', contexts: [toolbar] });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => void handleMenuClick(info, tab));
}

/** Opens the library page in a new tab, at the gem `gemId` when given. */
export function openLibrary(gemId?: number) {
  return browser.tabs.create({ url: browser.runtime.getURL(libraryPath(gemId)) });
}

/** Opens the options page with the Report Bug dialog, pre-filled with the page's address. */
export function openReportBug(pageUrl: string | undefined) {
  const query = isWebAddress(pageUrl) ? `?reportUrl=${encodeURIComponent(pageUrl)}` : '';
  return browser.tabs.create({ url: browser.runtime.getURL(`/options.html${query}#report-bug`) });
}
