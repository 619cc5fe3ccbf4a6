import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod';
import { callApi } from '../../lib/background/api-client';
import { confirmSave } from '../../lib/background/confirm-save';
import { createCollection, listGems } from '../../lib/background/library';
import { getPreferences, setPreferences } from '../../lib/background/preferences';
import { saveCode, tabRef } from '../../lib/background/quick-save';
import {
  CHATS_COLLECTION_NOTE,
  CHOSEN_COLLECTION_GONE_NOTE,
  COLLECTION_GONE_NOTE,
  drainQueue,
  listQueue,
  queueSave,
  ROLE_REFUSED_NOTE,
  retryQueued,
} from '../../lib/background/saves';
import { setServerUrl, signOut, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/** The collection right-click and keyboard saves go to (lib/background/quick-save.ts), against the real server. */
const t = setupTestServer();
const tab = tabRef({ id: 1, url: 'https://example.com/post', title: 'Post' });

beforeEach(async () => {
  fakeBrowser.reset();
  // fakeBrowser has no `scripting`: the page cannot be read, and the selection text is saved as it is.
  (browser as unknown as { scripting: unknown }).scripting = { executeScript: vi.fn(async () => [{ result: null }]) };
  await setServerUrl(t.url);
});

/**
 * Makes `save` while the server cannot be reached (it waits in the queue), then deletes the collection on the server.
 */
async function queueThenDelete(save: () => Promise<unknown>, collectionId: number) {
  vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
  expect(await save()).toMatchObject({ status: 'queued', waitsFor: 'server' });
  vi.mocked(globalThis.fetch).mockRestore();
  await callApi('delete', `collections/${collectionId}`, z.unknown());
}

describe('the quick-save collection', () => {
  it("a collection shared with the user as contributor takes them; once their role is viewer, Unfiltered, and they're told", async () => {
    const { user } = await signUp(newAccount('qsshared'));
    const member = await t.signIn(user?.username ?? '');
    const owner = await t.signUp('qsowner');
    const shared = (await t.api('/api/collections', { token: owner.jwt, body: { data: { name: 'Field notes' } } })).body
      .data.id;
    const invite = { data: { username: user?.username, role: 'contributor' } };
    const share = (await t.api(`/api/collection-email/${shared}`, { token: owner.jwt, body: invite })).body.data;
    await t.api(`/api/shares/${share.id}/accept`, { method: 'POST', token: member.jwt });
    await setPreferences({ quickSaveCollectionId: shared });

    const added = await saveCode(tab, 'const shared = 1;');
    expect(added).toMatchObject({ status: 'saved', gem: { collectionId: shared, author: { id: owner.user.id } } });
    expect(added).not.toHaveProperty('note');

    const viewer = { method: 'PUT', token: owner.jwt, body: { data: { role: 'viewer' } } };
    expect((await t.api(`/api/shares/${share.id}`, viewer)).status).toBe(200);
    const moved = await saveCode(tab, 'const mine = 2;');
    expect(moved).toMatchObject({
      status: 'saved',
      gem: { collectionId: user?.unfiltered_collection_id },
      note: ROLE_REFUSED_NOTE,
    });
    expect(await getPreferences()).toEqual({ quickSaveCollectionId: null });
  });
  it("is forgotten on sign-out: the next account's right-click saves go to its Unfiltered", async () => {
    await signUp(newAccount('qsa'));
    await setPreferences({ quickSaveCollectionId: (await createCollection({ name: 'Reading' })).id });
    await signOut();
    expect(await getPreferences()).toEqual({ quickSaveCollectionId: null });

    const { user } = await signUp(newAccount('qsb'));
    const outcome = await saveCode(tab, 'const x = 1;');
    expect(outcome).toMatchObject({ status: 'saved', gem: { collectionId: user?.unfiltered_collection_id } });
  });

  it('deleted on another device: the save goes to Unfiltered, the choice is cleared, and the user is told', async () => {
    const { user } = await signUp(newAccount('qsgone'));
    const gone = await createCollection({ name: 'Gone' });
    await setPreferences({ quickSaveCollectionId: gone.id });
    await callApi('delete', `collections/${gone.id}`, z.unknown());

    const outcome = await saveCode(tab, 'const y = 2;');
    expect(outcome).toMatchObject({
      status: 'saved',
      gem: { collectionId: user?.unfiltered_collection_id },
      note: COLLECTION_GONE_NOTE,
    });
    expect(await getPreferences()).toEqual({ quickSaveCollectionId: null });
    expect(await listQueue()).toEqual([]);

    const notify = vi.spyOn(browser.notifications, 'create');
    await confirmSave(outcome);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Saved to Trove', message: expect.stringContaining(COLLECTION_GONE_NOTE) }),
    );
  });

  it('AI Chats, chosen before it stopped being offered: the save goes to Unfiltered, the choice is cleared, and the user is told', async () => {
    const { user } = await signUp(newAccount('qschats'));
    await setPreferences({ quickSaveCollectionId: user?.ai_chats_collection_id as number });

    const outcome = await saveCode(tab, 'const c = 4;');
    expect(outcome).toMatchObject({
      status: 'saved',
      gem: { collectionId: user?.unfiltered_collection_id },
      note: CHATS_COLLECTION_NOTE,
    });
    expect(await getPreferences()).toEqual({ quickSaveCollectionId: null });
    expect(await listQueue()).toEqual([]);

    const notify = vi.spyOn(browser.notifications, 'create');
    await confirmSave(outcome);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Saved to Trove', message: expect.stringContaining(CHATS_COLLECTION_NOTE) }),
    );
  });

  it('deleted before a queued quick save was sent: the queue sends it to Unfiltered, clears the choice and tells the user', async () => {
    const { user } = await signUp(newAccount('qsqueued'));
    const gone = await createCollection({ name: 'Gone later' });
    await setPreferences({ quickSaveCollectionId: gone.id });
    await queueThenDelete(() => saveCode(tab, 'const z = 3;'), gone.id);

    const notify = vi.spyOn(browser.notifications, 'create');
    expect(await drainQueue(true)).toBe(1);
    expect(await listQueue()).toEqual([]);
    expect((await listGems({ page: 1 })).data).toMatchObject([
      { media: { code: 'const z = 3;' }, collectionId: user?.unfiltered_collection_id },
    ]);
    expect(await getPreferences()).toEqual({ quickSaveCollectionId: null });
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Saved to Trove', message: expect.stringContaining(COLLECTION_GONE_NOTE) }),
    );
  });
});

describe('a collection chosen in the popup, deleted before the save reached the server', () => {
  const popupSave = (title: string, collectionId: number) =>
    queueSave({
      key: `key-${title}`,
      label: title,
      payload: { endpoint: 'gems', gem: { title, url: `https://example.com/${title}`, collectionId } },
    });

  it('sent from the queue: it goes to Unfiltered and the user is told, instead of failing the same way on every retry', async () => {
    const { user } = await signUp(newAccount('chosenq'));
    const gone = await createCollection({ name: 'Chosen' });
    await queueThenDelete(() => popupSave('waited', gone.id), gone.id);

    const notify = vi.spyOn(browser.notifications, 'create');
    expect(await drainQueue(true)).toBe(1);
    expect(await listQueue()).toEqual([]);
    expect((await listGems({ page: 1 })).data).toMatchObject([
      { title: 'waited', collectionId: user?.unfiltered_collection_id },
    ]);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining(CHOSEN_COLLECTION_GONE_NOTE) }),
    );
  });

  it('made live: the popup is told (it lets the user choose again); Retry from the queue list then saves it to Unfiltered', async () => {
    const { user } = await signUp(newAccount('chosenl'));
    const gone = await createCollection({ name: 'Chosen live' });
    await callApi('delete', `collections/${gone.id}`, z.unknown());

    expect(await popupSave('live', gone.id)).toMatchObject({ status: 'failed', error: { kind: 'not-found' } });
    expect(await listQueue()).toMatchObject([{ key: 'key-live', state: 'failed' }]);

    expect(await retryQueued('key-live')).toMatchObject({
      status: 'saved',
      gem: { title: 'live', collectionId: user?.unfiltered_collection_id },
      note: CHOSEN_COLLECTION_GONE_NOTE,
    });
    expect(await listQueue()).toEqual([]);
  });
});
