import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Gem } from '../../lib/api/contract';
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

describe('saves longer than the server takes', () => {
  it('a long selection saved as a quote: the description is cut, the whole quote is its text', async () => {
    const passage = 'A long passage of an essay that the reader wants to keep. '.repeat(180); // ~10,600 chars
    const outcome = await saveSelection(tabRef({ id: 1, url: 'https://example.com/essay', title: 'Essay' }), passage);
    expect(outcome).toMatchObject({ status: 'saved', gem: { media_type: 'Quote', text: passage } });
    expect(outcome.status === 'saved' && outcome.gem.description).toBe(passage.slice(0, 10_000));
  });

  it('a page whose favicon is inlined as a long data: URL is saved without it', async () => {
    const favicon = `data:image/png;base64,${'A'.repeat(5000)}`;
    const outcome = await save('limits-favicon-0001', { title: 'P', url: 'https://example.com/f', favicon });
    expect(outcome).toMatchObject({ status: 'saved', gem: { favicon: null } });
  });

  it('a page with more text than the server keeps is saved with the text cut', async () => {
    const text = 'word '.repeat(420_000);
    const outcome = await save('limits-text-00001', { title: 'Book', url: 'https://example.com/b', text });
    // the answer of a new save is the gem as POST /api/gems made it, its text included
    expect(outcome.status === 'saved' && (outcome.gem as Gem).text).toBe(text.slice(0, 2_000_000));
  });
});
