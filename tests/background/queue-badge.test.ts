import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerQueueTriggers } from '../../lib/background/queue-triggers';
import { drainQueue, queueSave } from '../../lib/background/saves';
import { setServerUrl, signOut, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/**
 * The toolbar badge (lib/background/badge.ts) counts queued saves as the popup's queue list does: those
 * waiting for the server apart from those waiting for an account to sign in. Against the real server.
 */
const t = setupTestServer();
const SERVER_AMBER = '#b54708';

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
});

/** Queues a save while the server cannot be reached (the network fails, as when it is down). */
async function queueWhileDown(title: string) {
  vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
  const outcome = await queueSave({
    key: `badge-${title.replace(/\W/g, '')}-${crypto.randomUUID()}`,
    label: title,
    payload: { endpoint: 'gems', gem: { title, url: `https://example.com/${encodeURIComponent(title)}` } },
  });
  vi.mocked(globalThis.fetch).mockRestore();
  expect(outcome.status).toBe('queued');
}

async function badge() {
  const [text, title, color] = await Promise.all([
    browser.action.getBadgeText({}),
    browser.action.getTitle({}),
    browser.action.getBadgeBackgroundColor({}),
  ]);
  const hex = Array.isArray(color)
    ? `#${color
        .slice(0, 3)
        .map((c) => c.toString(16).padStart(2, '0'))
        .join('')}`
    : color;
  return { text, title, color: hex };
}

describe('the toolbar badge', () => {
  it('counts a save waiting for the server as such', async () => {
    await signUp(newAccount('badgea'));
    await queueWhileDown('Queued while down');
    expect(await badge()).toEqual({
      text: '1',
      title: 'Save to Trove (1 save waiting for the server)',
      color: SERVER_AMBER,
    });
  });

  it('does not count a save waiting for another account as waiting for the server', async () => {
    const a = newAccount('badgeb');
    await signUp(a);
    await queueWhileDown('Owned by the first');
    await signOut();
    await signUp(newAccount('badgec'));
    await drainQueue(true); // what the sign-in trigger runs

    const shown = await badge();
    expect(shown.title).toBe(`Save to Trove (1 save waits for ${a.username} to sign in)`);
    expect(shown.color).not.toBe(SERVER_AMBER);
    expect(shown.text).toBe('1');

    // a save of the account signed in now waits for the server, and only it is counted as such
    await queueWhileDown('Owned by the second');
    expect(await badge()).toEqual({
      text: '1',
      title: `Save to Trove (1 save waiting for the server; 1 save waits for ${a.username} to sign in)`,
      color: SERVER_AMBER,
    });
  });

  it('changes when its account signs out, without the queue changing', async () => {
    registerQueueTriggers();
    const a = newAccount('badged');
    await signUp(a);
    await queueWhileDown('Left behind');
    await signOut();
    // The badge follows the sign-out through a storage listener: vi.waitFor's 1 s default was outlasted once in a
    // whole run on a busy 2-core machine.
    await vi.waitFor(
      async () => expect((await badge()).title).toBe(`Save to Trove (1 save waits for ${a.username} to sign in)`),
      { timeout: 5_000 },
    );
  });
});
