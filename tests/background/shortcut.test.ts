import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleCommand } from '../../lib/background/commands';
import { setServerUrl, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/**
 * The save-page shortcut (lib/background/commands.ts), with fakeBrowser's tabs and notifications and the real server.
 */
const t = setupTestServer();

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
  await signUp(newAccount('shortcut'));
});

describe('the save-page shortcut', () => {
  it('on a page Trove cannot save, tells the user so instead of failing silently', async () => {
    const tab = await browser.tabs.create({ url: 'chrome://extensions/' });
    const notify = vi.spyOn(browser.notifications, 'create');

    await handleCommand('save-page', tab);

    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Trove could not save',
        message: 'Trove saves web pages (http and https).',
      }),
    );
  });
});
