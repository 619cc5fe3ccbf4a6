import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { describeDefaultModel, listUserModels, selectModel } from '../../lib/background/ai-settings';
import { setServerUrl, signOut, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/** A bug report's diagnostics name the user's default model (handlers.ts passes it on), read from the real server. */

// House models need an operator's provider to be usable; nothing is called, the address only has to be set.
const t = setupTestServer({
  houseProvider: 'openai-compatible',
  houseBaseUrl: 'http://127.0.0.1:9/v1',
  houseApiKey: 'k',
});

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
});

describe('diagnostics', () => {
  it('name the default model once one is chosen, and none before', async () => {
    await signUp(newAccount('diag'));
    expect(await describeDefaultModel()).toBeNull();

    const house = (await listUserModels()).find((m) => m.isDefaultForCurateit);
    expect(house?.label).toBe('Credits');
    await selectModel({ modelId: house?.id ?? 0, kind: 'text' });

    expect(await describeDefaultModel()).toBe('Trove trove-chat');
  });

  it('say none when the settings cannot be read (signed out)', async () => {
    await signUp(newAccount('diagout'));
    await signOut();
    expect(await describeDefaultModel()).toBeNull();
  });
});
