import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { queueSave } from '../../lib/background/saves';
import { setServerUrl, signUp } from '../../lib/background/session';
import { onLibraryChange } from '../../lib/messaging/library-changes';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/**
 * Saves the background makes tell the open pages (lib/messaging/library-changes.ts), over a real
 * BroadcastChannel, against the real server.
 */
const t = setupTestServer();
let announcements = 0;
let stop: () => void = () => {};

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
  await signUp(newAccount('libchg'));
  announcements = 0;
  stop = onLibraryChange(() => announcements++);
});
afterEach(() => stop());

const save = (key: string, title: string) =>
  queueSave({ key, label: title, payload: { endpoint: 'gems', gem: { title, url: `https://example.com/${key}` } } });

describe('library changes announced by the background', () => {
  it('a save that lands is announced once', async () => {
    expect((await save('announce-0001', 'Landed')).status).toBe('saved');
    await sleep(50);
    expect(announcements).toBe(1);
  });

  it('a save the server refuses changes nothing, and is not announced', async () => {
    expect((await save('announce-0002', ' ')).status).toBe('failed');
    await sleep(50);
    expect(announcements).toBe(0);
  });
});
