import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackgroundClient } from '../../lib/messaging/messenger';
import { getActiveTab } from '../../lib/page/active-tab';

/** The popup asks the browser for the tab itself: a stopped background is not woken (and waited for) for it. */

const TAB = { id: 3, index: 0, windowId: 0, active: true, url: 'https://example.com/a', title: 'A page' };

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('createBackgroundClient with local answers', () => {
  // No background listens here: a question sent as a message would never be answered.
  it('answers the tab from the browser, as the background would, without sending a message', async () => {
    vi.spyOn(browser.tabs, 'query').mockResolvedValue([TAB] as never);
    const client = createBackgroundClient({ getActiveTab: (input) => getActiveTab(input.tabId) });
    expect(await client.getActiveTab({})).toEqual({
      ok: true,
      data: { tabId: 3, url: 'https://example.com/a', title: 'A page', favIconUrl: null, detected: null },
    });
  });

  it("turns a failure into the background's Result, with the reason", async () => {
    vi.spyOn(browser.tabs, 'query').mockResolvedValue([] as never);
    const client = createBackgroundClient({ getActiveTab: (input) => getActiveTab(input.tabId) });
    expect(await client.getActiveTab({})).toEqual({
      ok: false,
      error: { kind: 'unknown', status: 0, message: 'There is no open tab to save.' },
    });
  });
});
