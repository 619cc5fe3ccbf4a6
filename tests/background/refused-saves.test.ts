import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod';
import { callApi } from '../../lib/background/api-client';
import { createCollection, listGems } from '../../lib/background/library';
import { listQueue, queueSave } from '../../lib/background/saves';
import { setServerUrl, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/** Saves the server refuses (lib/background/saves.ts) against the real server; storage is fakeBrowser's. */
const t = setupTestServer();

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
});

describe('a save the server refused', () => {
  it('corrected in the popup and saved again under its key, the corrected save is the one that lands', async () => {
    const { user } = await signUp(newAccount('refused'));
    const gone = await createCollection({ name: 'Gone' });
    await callApi('delete', `collections/${gone.id}`, z.unknown()); // deleted on another device
    const key = 'popup-save-key-0001'; // the popup keeps its key until a save goes through
    const gem = { title: 'Page', url: 'https://example.com/page' };

    const refused = await queueSave({
      key,
      label: 'Page',
      payload: { endpoint: 'gems', gem: { ...gem, collectionId: gone.id } },
    });
    expect(refused).toMatchObject({ status: 'failed', error: { message: 'Collection not found' } });

    const unfiltered = user?.unfiltered_collection_id;
    const saved = await queueSave({
      key,
      label: 'Page',
      payload: { endpoint: 'gems', gem: { ...gem, collectionId: unfiltered } },
    });
    expect(saved).toMatchObject({ status: 'saved', gem: { collectionId: unfiltered } });
    expect(await listQueue()).toEqual([]);
    expect((await listGems({ page: 1 })).data.map((g) => g.title)).toEqual(['Page']);
  });
});
