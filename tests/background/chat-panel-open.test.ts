import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Browser, browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { takeChatRequest } from '../../lib/chat/chat-requests';

/**
 * Opening the side panel from the right-click menu and the keyboard shortcut, through the background as
 * it starts (entrypoints/background.ts: its menu and command listeners, lib/background/context-menus.ts,
 * commands.ts, chat-panel.ts). fakeBrowser has no contextMenus, commands, sidePanel or sidebarAction:
 * the stand-ins below behave as the browser's do, including refusing to open a panel outside the user's
 * gesture (a click or a key press, until the listener's first await).
 */

type Listener = (...args: never[]) => unknown;

/** A browser event: listeners added by the background, fired by the test. */
function fakeEvent<L extends Listener>() {
  const listeners: L[] = [];
  return {
    addListener: (listener: L) => void listeners.push(listener),
    removeListener: (listener: L) => void listeners.splice(listeners.indexOf(listener), 1),
    fire: (...args: Parameters<L>) => {
      for (const listener of listeners) listener(...args);
    },
  };
}

const GESTURE_ONLY = '`sidePanel.open()` may only be called in response to a user gesture.';
let inGesture = false;

/** What the browser shows: the windows whose side panel (Firefox: sidebar) is open. */
let openPanels: Set<number>;
/** The Trove menu as created on install. */
let menu: Browser.contextMenus.CreateProperties[];
let menuClicked: ReturnType<typeof fakeEvent<(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab) => void>>;
let command: ReturnType<typeof fakeEvent<(command: string, tab?: Browser.tabs.Tab) => void>>;
let panelOpened: ReturnType<typeof fakeEvent<(info: { windowId: number; tabId?: number; path: string }) => void>>;
let panelClosed: ReturnType<typeof fakeEvent<(info: { windowId: number; path: string }) => void>>;

/** Chrome's sidePanel: open on a tab (in a gesture only), close a window's, and say so in events. */
function chromeSidePanel() {
  return {
    open: vi.fn(async ({ tabId }: { tabId: number }) => {
      if (!inGesture) throw new Error(GESTURE_ONLY);
      const { windowId } = await browser.tabs.get(tabId);
      if (openPanels.has(windowId)) return;
      openPanels.add(windowId);
      panelOpened.fire({ windowId, tabId, path: 'sidepanel.html' });
    }),
    close: vi.fn(async ({ windowId }: { windowId: number }) => {
      if (!openPanels.delete(windowId)) throw new Error(`No active side panel for windowId: ${windowId}`);
      panelClosed.fire({ windowId, path: 'sidepanel.html' });
    }),
    onOpened: panelOpened,
    onClosed: panelClosed,
  };
}

/** Firefox's sidebarAction (one window here): open and toggle need the gesture too. */
function firefoxSidebar(windowId: number) {
  const gesture = () => {
    if (!inGesture) throw new Error('sidebarAction.open may only be called from a user input handler');
  };
  return {
    open: vi.fn(async () => {
      gesture();
      openPanels.add(windowId);
    }),
    close: vi.fn(async () => void openPanels.delete(windowId)),
    toggle: vi.fn(async () => {
      gesture();
      if (!openPanels.delete(windowId)) openPanels.add(windowId);
    }),
  };
}

/** Starts the background (as the browser does on install) with `sidePanel` or Firefox's sidebar. */
async function startBackground(firefox = false) {
  Object.assign(browser, {
    sidePanel: firefox ? undefined : chromeSidePanel(),
    sidebarAction: firefox ? firefoxSidebar(window1) : undefined,
  });
  // A fresh service worker: its modules (and what they remember, e.g. which panels are open) start anew.
  vi.resetModules();
  const { default: background } = await import('../../entrypoints/background');
  background.main();
  await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
}

/** The user's click on a Trove menu item, on `tab`: listeners run in the gesture up to their first await. */
function clickMenu(menuItemId: string, tab: Browser.tabs.Tab, selectionText?: string) {
  inGesture = true;
  try {
    menuClicked.fire(
      { menuItemId, pageUrl: tab.url, editable: false, ...(selectionText ? { selectionText } : {}) },
      tab,
    );
  } finally {
    inGesture = false;
  }
}

/** The user presses the chat shortcut (toggle-chat) on `tab`. */
function pressShortcut(tab: Browser.tabs.Tab) {
  inGesture = true;
  try {
    command.fire('toggle-chat', tab);
  } finally {
    inGesture = false;
  }
}

/** How long what the background does in answer to an event may take: vi.waitFor's 1 s is outlasted on a busy machine. */
const SETTLES = { timeout: 5_000 };

/** What the panel finds for its tab when it opens (lib/chat/chat-requests.ts, read as the panel reads it). */
const requestFound = (tab: Browser.tabs.Tab) =>
  vi.waitFor(async () => {
    const request = await takeChatRequest(tab.id as number);
    expect(request, 'the background should have left a request for the panel').not.toBeNull();
    return request;
  }, SETTLES);

/** Until the panel of `windowId` is open (true) or closed (false), as the browser shows it. */
const panelShown = (windowId: number, shown: boolean) =>
  vi.waitFor(() => expect(openPanels.has(windowId), `the panel of window ${windowId}`).toBe(shown), SETTLES);

let window1: number;
let window2: number;
let tab: Browser.tabs.Tab;
let tabInWindow2: Browser.tabs.Tab;

beforeEach(async () => {
  fakeBrowser.reset();
  openPanels = new Set();
  menu = [];
  menuClicked = fakeEvent();
  command = fakeEvent();
  panelOpened = fakeEvent();
  panelClosed = fakeEvent();
  Object.assign(browser, {
    contextMenus: {
      removeAll: vi.fn(async () => {
        menu = [];
      }),
      create: vi.fn((item: Browser.contextMenus.CreateProperties) => void menu.push(item)),
      onClicked: menuClicked,
    },
    commands: { onCommand: command },
  });
  // The background limits its storage to trusted pages as it starts; fakeBrowser lacks the call.
  Object.assign(browser.storage.local, { setAccessLevel: vi.fn(async () => {}) });
  window1 = (await fakeBrowser.windows.create({ focused: true }))?.id as number;
  window2 = (await fakeBrowser.windows.create({}))?.id as number;
  tab = await fakeBrowser.tabs.create({ url: 'https://a.example/tides', windowId: window1, active: true });
  tabInWindow2 = await fakeBrowser.tabs.create({ url: 'https://b.example/map', windowId: window2 });
});

describe('the right-click menu', () => {
  it('has "Chat about this page" on pages and "Ask about the selection" on selections, under Trove', async () => {
    await startBackground();
    const trove = menu.find((item) => item.title === 'Trove');
    expect(trove).toBeDefined();
    expect(menu).toContainEqual(
      expect.objectContaining({ title: 'Chat about this page', contexts: ['page'], parentId: trove?.id }),
    );
    expect(menu).toContainEqual(
      expect.objectContaining({ title: 'Ask about the selection', contexts: ['selection'], parentId: trove?.id }),
    );
  });

  it('"Chat about this page" opens the side panel on that tab, with no quote for it', async () => {
    await startBackground();
    const chatAboutPage = menu.find((item) => item.title === 'Chat about this page')?.id as string;
    clickMenu(chatAboutPage, tab);

    await panelShown(window1, true);
    expect(browser.sidePanel.open).toHaveBeenCalledWith({ tabId: tab.id });
    expect(await requestFound(tab)).toEqual({ tabId: tab.id, quote: null });
  });

  it('"Ask about the selection" opens the side panel on that tab, the selection (trimmed) as its quote', async () => {
    await startBackground();
    const askSelection = menu.find((item) => item.title === 'Ask about the selection')?.id as string;
    clickMenu(askSelection, tab, '  Spring tides\nNeap tides \n');

    await panelShown(window1, true);
    expect(browser.sidePanel.open).toHaveBeenCalledWith({ tabId: tab.id });
    expect(await requestFound(tab)).toEqual({ tabId: tab.id, quote: 'Spring tides\nNeap tides' });
  });

  it('two selections asked about on two tabs at the same moment are both kept, each for its own tab', async () => {
    await startBackground();
    const askSelection = menu.find((item) => item.title === 'Ask about the selection')?.id as string;
    clickMenu(askSelection, tab, 'Spring tides');
    clickMenu(askSelection, tabInWindow2, 'Neap tides');

    await panelShown(window1, true);
    await panelShown(window2, true);
    expect(await requestFound(tab)).toEqual({ tabId: tab.id, quote: 'Spring tides' });
    expect(await requestFound(tabInWindow2)).toEqual({ tabId: tabInWindow2.id, quote: 'Neap tides' });
  });

  it('in Firefox opens the sidebar', async () => {
    await startBackground(true);
    const askSelection = menu.find((item) => item.title === 'Ask about the selection')?.id as string;
    clickMenu(askSelection, tab, 'Harbour entrance');

    await panelShown(window1, true);
    expect(await requestFound(tab)).toEqual({ tabId: tab.id, quote: 'Harbour entrance' });
  });
});

describe('the chat shortcut (toggle-chat)', () => {
  it('opens the panel on the tab, closes it when pressed again, and opens it again', async () => {
    await startBackground();
    pressShortcut(tab);
    await panelShown(window1, true);
    expect(browser.sidePanel.open).toHaveBeenCalledWith({ tabId: tab.id });

    pressShortcut(tab);
    await panelShown(window1, false);
    expect(browser.sidePanel.close).toHaveBeenCalledWith({ windowId: window1 });

    pressShortcut(tab);
    await panelShown(window1, true);
    expect(browser.sidePanel.open).toHaveBeenCalledTimes(2);
  });

  it('opens the panel of its own window when another window has one open', async () => {
    await startBackground();
    pressShortcut(tab);
    await panelShown(window1, true);

    pressShortcut(tabInWindow2);
    await panelShown(window2, true);
    expect(openPanels.has(window1)).toBe(true);
    expect(browser.sidePanel.close).not.toHaveBeenCalled();
  });

  it('closes a panel the user opened some other way (the toolbar, the menu)', async () => {
    await startBackground();
    clickMenu(menu.find((item) => item.title === 'Chat about this page')?.id as string, tab);
    await panelShown(window1, true);

    pressShortcut(tab);
    await panelShown(window1, false);
  });

  it('in Firefox toggles the sidebar', async () => {
    await startBackground(true);
    pressShortcut(tab);
    await panelShown(window1, true);
    pressShortcut(tab);
    await panelShown(window1, false);
  });
});

describe('opening the library', () => {
  const libraryTabs = async () =>
    (await browser.tabs.query({})).filter((t) => t.url?.endsWith('/library.html')).map((t) => t.url);

  it("is the toolbar button's own menu item, Open library, which opens the library page in a tab", async () => {
    await startBackground();
    expect(menu).toContainEqual({ id: 'trove-open-library', title: 'Open library', contexts: ['action'] });
    clickMenu('trove-open-library', tab);
    await vi.waitFor(
      async () => expect(await libraryTabs()).toEqual([browser.runtime.getURL('/library.html')]),
      SETTLES,
    );
    expect(openPanels.size).toBe(0);
  });

  it('is the open-library command, which opens it too', async () => {
    await startBackground();
    command.fire('open-library', tab);
    await vi.waitFor(async () => expect(await libraryTabs()).toHaveLength(1), SETTLES);
  });
});

describe('the manifest', () => {
  it.each(['chrome', 'firefox'])('(%s) declares the open-library command with its shortcut', async (target) => {
    const { default: config } = await import('../../wxt.config');
    const manifest = typeof config.manifest === 'function' ? await config.manifest({ browser: target } as never) : {};
    expect(manifest.commands?.['open-library']?.suggested_key).toEqual({ default: 'Alt+Shift+L' });
  });

  it.each(['chrome', 'firefox'])('(%s) declares the toggle-chat command with its shortcut', async (target) => {
    const { default: config } = await import('../../wxt.config');
    const manifest = typeof config.manifest === 'function' ? await config.manifest({ browser: target } as never) : {};
    expect(manifest.commands?.['toggle-chat']?.suggested_key).toEqual({ default: 'Alt+Shift+O' });
  });
});
