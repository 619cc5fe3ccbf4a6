import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { confirmSave } from '../../lib/background/confirm-save';
import { listGems } from '../../lib/background/library';
import { saveSelection, tabRef } from '../../lib/background/quick-save';
import { drainQueue, listQueue, queueSave } from '../../lib/background/saves';
import { setServerUrl, signIn, signOut, signUp } from '../../lib/background/session';
import { PASSWORD, setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/**
 * Queued saves belong to the account that made them (lib/background/save-owner.ts): against the real
 * server, with fakeBrowser's storage and notifications.
 */
const t = setupTestServer();

beforeEach(async () => {
  fakeBrowser.reset();
  // fakeBrowser has no `scripting`: the page cannot be read, as on a page the extension may not script.
  (browser as unknown as { scripting: unknown }).scripting = { executeScript: vi.fn(async () => [{ result: null }]) };
  await setServerUrl(t.url);
});

/** Queues a save while the server cannot be reached (the network fails, as when it is down). */
async function queueWhileDown(title: string) {
  vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
  const outcome = await queueSave({
    key: `owner-${title.replace(/\W/g, '')}-${Date.now()}`,
    label: title,
    payload: { endpoint: 'gems', gem: { title, url: `https://example.com/${encodeURIComponent(title)}` } },
  });
  vi.mocked(globalThis.fetch).mockRestore();
  expect(outcome.status).toBe('queued');
}

describe('saves queued by one account', () => {
  it('wait while another account is signed in, and go to their own account when it signs in again', async () => {
    const a = newAccount('ownera');
    await signUp(a);
    await queueWhileDown('A private page');
    await signOut();
    await signUp(newAccount('ownerb'));

    await drainQueue(true);
    expect((await listGems({ page: 1 })).data).toEqual([]);
    expect(await listQueue()).toMatchObject([
      { label: 'A private page', state: 'pending', attempts: 1, waitingFor: `${a.username} to sign in` },
    ]);

    await signOut();
    await signIn({ identifier: a.username, password: PASSWORD });
    expect(await drainQueue(true)).toBe(1);
    expect((await listGems({ page: 1 })).data.map((g) => g.title)).toEqual(['A private page']);
    expect(await listQueue()).toEqual([]);
  });

  it('wait for their account on its own server after the server address changed', async () => {
    const a = newAccount('ownerc');
    await signUp(a);
    await queueWhileDown('Kept for its server');
    await setServerUrl('http://127.0.0.1:8788');
    expect((await listQueue())[0]?.waitingFor).toBe(`${a.username} to sign in on ${t.url}`);
  });
});

describe('a quick save made while signed out', () => {
  it('waits on this device, and the notification says to sign in to send it', async () => {
    const outcome = await saveSelection(tabRef({ id: 1, url: 'https://example.com/essay', title: 'Essay' }), 'A line');
    expect(outcome).toMatchObject({ status: 'queued', waitsFor: 'sign-in' });
    expect((await listQueue())[0]).toMatchObject({ attempts: 0, waitingFor: 'a sign-in' });

    const notify = vi.spyOn(browser.notifications, 'create');
    await confirmSave(outcome);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Saved on this device',
        message: 'Sign in to Trove to send it to your library.',
      }),
    );

    await signUp(newAccount('later'));
    expect(await drainQueue(true)).toBe(1);
    expect((await listGems({ page: 1 })).data.map((g) => g.media_type)).toEqual(['Quote']);
  });
});
