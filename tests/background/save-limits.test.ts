import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { gemApi } from '../../lib/api/routes/gems';
import { api } from '../../lib/background/api-client';
import { saveSelection, tabRef } from '../../lib/background/quick-save';
import { queueSave } from '../../lib/background/saves';
import { setServerUrl, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/**
 * What the extension fills in itself never gets a save refused (lib/background/fit-to-limits.ts), against the real
 * server.
 */
const t = setupTestServer();

beforeEach(async () => {
  fakeBrowser.reset();
  // fakeBrowser has no `scripting`: the page cannot be read, and the selection text is saved as it is.
  (browser as unknown as { scripting: unknown }).scripting = { executeScript: vi.fn(async () => [{ result: null }]) };
  await setServerUrl(t.url);
  await signUp(newAccount('limits'));
});

const save = (key: string, gem: Parameters<typeof queueSave>[0]['payload']['gem']) =>
  queueSave({ key, label: gem.title, payload: { endpoint: 'gems', gem } });
/** The page text the server kept for a saved gem (a save answers the gem without it). */
const keptText = async (outcome: Awaited<ReturnType<typeof queueSave>>) => {
  if (outcome.status !== 'saved') throw new Error(`not saved: ${JSON.stringify(outcome)}`);
  return (await api.call(gemApi.get, { params: { id: outcome.gem.id } })).data.text;
};

describe('saves longer than the server takes', () => {
  it('a long selection saved as a quote: the description is cut, the whole quote is its text', async () => {
    const passage = 'A long passage of an essay that the reader wants to keep. '.repeat(180); // ~10,600 chars
    const outcome = await saveSelection(tabRef({ id: 1, url: 'https://example.com/essay', title: 'Essay' }), passage);
    expect(outcome).toMatchObject({ status: 'saved', gem: { media_type: 'Quote' } });
    expect(outcome.status === 'saved' && outcome.gem.description).toBe(passage.slice(0, 10_000));
    expect(await keptText(outcome)).toBe(passage);
  });

  it('a page whose favicon is inlined as a long data: URL is saved without it', async () => {
    const favicon = `data:image/png;base64,${'A'.repeat(5000)}`;
    const outcome = await save('limits-favicon-0001', { title: 'P', url: 'https://example.com/f', favicon });
    expect(outcome).toMatchObject({ status: 'saved', gem: { favicon: null } });
  });

  it('a page with more text than the server keeps is saved with the text cut', async () => {
    const text = 'word '.repeat(420_000);
    const outcome = await save('limits-text-00001', { title: 'Book', url: 'https://example.com/b', text });
    expect(await keptText(outcome)).toBe(text.slice(0, 2_000_000));
  });
});
