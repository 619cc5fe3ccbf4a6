import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getActivePage } from '../../lib/background/active-page';
import { setBlockedSites } from '../../lib/background/blocked-sites';
import { handleMenuClick } from '../../lib/background/context-menus';
import { listQueue } from '../../lib/background/saves';
import { getActiveTab } from '../../lib/page/active-tab';

/** The popup asks first for the tab (address and title, at once), then for the page read through `scripting`. */

const TAB = {
  id: 7,
  index: 0,
  windowId: 0,
  url: 'https://example.com/report.pdf',
  title: 'Quarterly report',
  favIconUrl: 'https://example.com/favicon.ico',
};
const EXTRACT = { title: 'Read from the page', description: 'A description', image: null };

// fakeBrowser has no `scripting`: a stand-in that records the injections, answers the extract and detects nothing.
const executeScript = vi.fn(async ({ files }: { files?: string[] }) => [
  { result: files?.[0] === '/extract.js' ? EXTRACT : null },
]);

beforeEach(() => {
  fakeBrowser.reset();
  executeScript.mockClear();
  (browser as unknown as { scripting: unknown }).scripting = { executeScript };
  vi.spyOn(browser.tabs, 'query').mockResolvedValue([{ ...TAB, active: true }] as never);
});

describe('getActiveTab', () => {
  it("answers the tab's address, title, icon and what its address says, without touching the page", async () => {
    expect(await getActiveTab()).toEqual({
      tabId: 7,
      url: 'https://example.com/report.pdf',
      title: 'Quarterly report',
      favIconUrl: 'https://example.com/favicon.ico',
      detected: { mediaType: 'PDF', mediaUrl: 'https://example.com/report.pdf' },
    });
    expect(executeScript).not.toHaveBeenCalled();
  });

  it('falls back to the address for a tab with no title, and fails clearly when there is no tab', async () => {
    vi.mocked(browser.tabs.query).mockResolvedValueOnce([{ ...TAB, title: '' }] as never);
    expect((await getActiveTab()).title).toBe('https://example.com/report.pdf');
    vi.mocked(browser.tabs.query).mockResolvedValueOnce([] as never);
    await expect(getActiveTab()).rejects.toThrow('There is no open tab to save.');
  });
});

describe('getActivePage', () => {
  it('is the same tab plus the extract read from the page', async () => {
    const page = await getActivePage();
    expect(page).toMatchObject({ ...(await getActiveTab()), extract: EXTRACT });
    expect(executeScript).toHaveBeenCalledWith({ target: { tabId: 7 }, files: ['/extract.js'] });
  });

  it('does not script a page that is not http(s)', async () => {
    vi.mocked(browser.tabs.query).mockResolvedValue([{ ...TAB, url: 'about:blank', title: 'about:blank' }] as never);
    expect(await getActivePage()).toEqual({
      tabId: 7,
      url: 'about:blank',
      title: 'about:blank',
      favIconUrl: TAB.favIconUrl,
      detected: null,
      extract: null,
    });
    expect(executeScript).not.toHaveBeenCalled();
  });
});

describe('on a blocked site', () => {
  beforeEach(async () => {
    await setBlockedSites(['*.example.com']);
  });

  it('the tab says it is blocked and the page is not read', async () => {
    expect(await getActiveTab()).toMatchObject({ url: TAB.url, blocked: true });
    const page = await getActivePage();
    expect(page).toMatchObject({ blocked: true, extract: null });
    expect(executeScript).not.toHaveBeenCalled();
  });

  it('the right-click items save nothing, read nothing and say why', async () => {
    const create = vi.spyOn(browser.notifications, 'create');
    for (const menuItemId of ['trove-save-page', 'trove-save-selection', 'trove-chat-page'])
      expect(await handleMenuClick({ menuItemId, pageUrl: TAB.url, selectionText: 'quoted' }, TAB)).toBeNull();
    expect(executeScript).not.toHaveBeenCalled();
    expect(create.mock.calls.map(([options]) => (options as { title: string }).title)).toEqual([
      'Trove is blocked on this site',
      'Trove is blocked on this site',
      'Trove is blocked on this site',
    ]);
    expect(await listQueue()).toEqual([]);
  });

  it('another site is read as before', async () => {
    vi.mocked(browser.tabs.query).mockResolvedValue([{ ...TAB, url: 'https://example.org/a' }] as never);
    expect((await getActivePage()).extract).toEqual(EXTRACT);
    expect((await getActiveTab()).blocked).toBeUndefined();
  });
});
