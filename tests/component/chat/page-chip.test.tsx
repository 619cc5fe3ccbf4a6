import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { followTabsItem, useFollowTabs } from '@/components/chat/page/follow-tabs';
import { PageChip } from '@/components/chat/page/PageChip';
import { usePanelPage } from '@/components/chat/page/use-panel-page';
import { FakeBackground } from '../fake-background';
import { makePage } from '../fixtures';
import { renderWithBackground } from '../render';

/**
 * The side panel's page chip as ChatPanel wires it (usePanelPage, useFollowTabs), with what a question
 * would be sent with. fakeBrowser has no `permissions`: the stand-in answers as the user does and, as
 * Chrome, refuses a request made outside the click (a click's handler, up to its first await).
 */
function PanelPage() {
  const attached = usePanelPage();
  return (
    <>
      <PageChip attached={attached} contentLength={128_000} followTabs={useFollowTabs()} />
      <output aria-label="Sent with a question">{attached.sendable?.url ?? 'no page'}</output>
    </>
  );
}

const chip = () => screen.getByRole('region', { name: 'Page in this chat' });
const sentWithQuestion = () => screen.getByRole('status', { name: 'Sent with a question' }).textContent;
const followSwitch = () => within(chip()).getByRole('switch', { name: 'Follow the active tab' });

const CANT_READ = "This page can't be read (a browser page, the web store or a viewer), so the chat is not about it.";
const WHY_FOLLOW = 'Lets Trove read the tab you are on, so the chat can follow you.';
const REFUSED = 'Trove was not allowed to read sites, so it cannot follow tabs.';
const ALL_SITES = { origins: ['<all_urls>'] };

let inGesture = false;
/** What the user answers Chrome's "Allow Trove to read sites?" prompt. */
let userAllows = true;
const permissions = {
  request: vi.fn(async (_: typeof ALL_SITES) => {
    if (!inGesture) throw new Error('This function must be called during a user gesture');
    return userAllows;
  }),
  remove: vi.fn(async (_: typeof ALL_SITES) => true),
};

/** The user clicks `element`: its handlers run in the click's gesture, as the browser's click does. */
function click(element: HTMLElement) {
  inGesture = true;
  try {
    fireEvent.click(element);
  } finally {
    inGesture = false;
  }
}

let background: FakeBackground;
let tabA: number;

/** The panel open on a tab with `page` (by default "Tide tables", read). */
async function openPanel(page: Partial<Parameters<typeof makePage>[0]> = {}) {
  const url = page.url ?? 'https://a.example/tides';
  tabA = (await fakeBrowser.tabs.create({ url, active: true })).id as number;
  background = new FakeBackground({ activePage: makePage({ tabId: tabA, url, title: 'Tide tables', ...page }) });
  renderWithBackground(
    <Provider store={createStore()}>
      <PanelPage />
    </Provider>,
    background,
  );
  await waitFor(() => expect(chip().textContent).toContain(page.title ?? 'Tide tables'));
}

/** The user goes to tab B ("Harbour map"): the chip offers it. */
async function switchToTabB() {
  const tabB = (await fakeBrowser.tabs.create({ url: 'https://b.example/map', active: true })).id as number;
  background.state.activePage = makePage({ tabId: tabB, url: 'https://b.example/map', title: 'Harbour map' });
  await within(chip()).findByRole('status');
  return tabB;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.windows.create({ focused: true });
  Object.assign(browser, { permissions });
  permissions.request.mockClear();
  permissions.remove.mockClear();
  userAllows = true;
});

describe('a tab that cannot be read', () => {
  // What the background answers for each: the tab's address and title, no extract (it may not script them).
  const unreadable = {
    'a browser page': { url: 'chrome://extensions/', title: 'Extensions', detected: null },
    'the web store': { url: 'https://chromewebstore.google.com/detail/trove/abc', title: 'Trove - Chrome Web Store' },
    "the browser's PDF viewer": {
      url: 'https://a.example/tide-tables.pdf',
      title: 'tide-tables.pdf',
      detected: { mediaType: 'PDF' as const, mediaUrl: 'https://a.example/tide-tables.pdf' },
    },
  };

  it.each(Object.entries(unreadable))('(%s) says so plainly, and questions are not about it', async (_, tab) => {
    await openPanel({ ...tab, extract: null });

    expect(chip().getAttribute('data-state')).toBe('none');
    within(chip()).getByText(CANT_READ);
    within(chip()).getByText(tab.title);
    // No "… tokens — fits": nothing of it goes with a question.
    expect(chip().textContent).not.toMatch(/tokens|cut to/);
    expect(sentWithQuestion()).toBe('no page');
  });

  it('a readable page says none of it', async () => {
    await openPanel();
    expect(chip().getAttribute('data-state')).toBe('attached');
    expect(chip().textContent).not.toContain("can't be read");
    expect(sentWithQuestion()).toBe('https://a.example/tides');
  });
});

describe('"Follow the active tab"', () => {
  it.each([
    ['chrome', 'optional_host_permissions', []],
    // Firefox lists optional sites among its optional permissions, beside the library's bookmarks import
    ['firefox', 'optional_permissions', ['bookmarks']],
  ] as const)('asks (%s) for access the manifest declares optional', async (target, key, others) => {
    const { default: config } = await import('@/wxt.config');
    const manifest = typeof config.manifest === 'function' ? await config.manifest({ browser: target } as never) : {};
    expect(manifest[key]).toEqual([...ALL_SITES.origins, ...others]);
    expect(manifest.host_permissions ?? []).toEqual([]);
  });

  it('gives its one-line reason and asks for nothing until it is turned on', async () => {
    await openPanel();
    await switchToTabB();

    const follow = followSwitch();
    expect(follow.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(follow.getAttribute('aria-describedby') ?? '')?.textContent).toBe(WHY_FOLLOW);
    expect(permissions.request).not.toHaveBeenCalled();
  });

  it("turned on, asks for access to sites in the click, then follows to the user's tab", async () => {
    await openPanel();
    const tabB = await switchToTabB();

    click(followSwitch());
    expect(permissions.request).toHaveBeenCalledExactlyOnceWith(ALL_SITES);
    await waitFor(() => expect(followSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(await followTabsItem.getValue()).toBe(true);
    // On, the chat is about the tab the user is on: no offer left to answer.
    await waitFor(() => expect(within(chip()).queryByRole('status')).toBeNull());
    expect(chip().textContent).toContain('Harbour map');
    expect(background.calls('getActivePage').at(-1)).toEqual({ tabId: tabB });
    expect(sentWithQuestion()).toBe('https://b.example/map');
  });

  it('refused, stays off, keeps the offer, and tells the user', async () => {
    userAllows = false;
    await openPanel();
    await switchToTabB();
    const reads = background.calls('getActivePage').length;

    click(followSwitch());
    await within(chip()).findByText(REFUSED);
    expect(permissions.request).toHaveBeenCalledExactlyOnceWith(ALL_SITES);
    expect(followSwitch().getAttribute('aria-checked')).toBe('false');
    expect(await followTabsItem.getValue()).toBe(false);
    // Nothing read, nothing switched silently: the old page is held until the user chooses.
    expect(background.calls('getActivePage')).toHaveLength(reads);
    expect(within(chip()).getByRole('status').textContent).toContain('You switched to another tab.');
    expect(sentWithQuestion()).toBe('no page');
  });

  it('turned off, asks for nothing and gives the access back', async () => {
    await followTabsItem.setValue(true);
    await openPanel();
    await waitFor(() => expect(followSwitch().getAttribute('aria-checked')).toBe('true'));

    click(followSwitch());
    await waitFor(async () => expect(await followTabsItem.getValue()).toBe(false));
    // Off, with nothing to follow, the switch goes (it comes back with the next tab offered).
    await waitFor(() => expect(within(chip()).queryByRole('switch', { checked: true })).toBeNull());
    expect(permissions.request).not.toHaveBeenCalled();
    expect(permissions.remove).toHaveBeenCalledWith(ALL_SITES);
  });

  it('turned on from "can\'t read this tab yet", reads that same tab again', async () => {
    tabA = (await fakeBrowser.tabs.create({ url: 'https://a.example/tides', active: true })).id as number;
    background = new FakeBackground({ activePage: makePage({ tabId: tabA, title: 'Tide tables' }) });
    background.failNext('getActivePage', { message: 'Cannot access contents of the page' });
    renderWithBackground(
      <Provider store={createStore()}>
        <PanelPage />
      </Provider>,
      background,
    );
    await within(await screen.findByRole('region', { name: 'Page in this chat' })).findByText(
      /Trove can't read this tab yet \(Cannot access contents of the page\)/,
    );

    click(followSwitch());
    await waitFor(() => expect(chip().textContent).toContain('Tide tables'));
    expect(background.calls('getActivePage').at(-1)).toEqual({ tabId: tabA });
  });
});
