import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { GemSummary } from '../../lib/api/contract';
import { runQuickSave } from '../../lib/background/confirm-save';
import { listGems } from '../../lib/background/library';
import { saveLink, saveSelection, tabRef } from '../../lib/background/quick-save';
import { onNoticeButton, onNoticeClick } from '../../lib/background/save-notices';
import { setServerUrl, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { newAccount } from './helpers';

/**
 * A quick save (right-click menu, shortcut) of a page or link already saved makes no second gem, and its
 * notification offers Open and Undo (lib/background/quick-save.ts, save-notices.ts), against the real server.
 */
const t = setupTestServer();
const tab = tabRef({ id: 1, url: 'https://example.com/post', title: 'Post' });
const LINK = 'https://example.com/story?id=7';

beforeEach(async () => {
  fakeBrowser.reset();
  // fakeBrowser has no `scripting`: the page cannot be read; the link is saved by its address.
  (browser as unknown as { scripting: unknown }).scripting = { executeScript: vi.fn(async () => [{ result: null }]) };
  await setServerUrl(t.url);
  await signUp(newAccount('dup'));
});

const gemsAt = async (url: string) => (await listGems({ page: 1, perPage: 100 })).data.filter((g) => g.url === url);

/** The notifications shown so far, as the browser was asked for them (id → options). */
const shown = () =>
  Object.entries(fakeBrowser.notifications.getAllCreateOptions()).map(([id, options]) => ({
    id,
    title: options.title,
    message: options.message,
    buttons: options.buttons?.map((b) => b.title) ?? [],
  }));

describe('saving a link already saved', () => {
  it('makes no second gem: the second save answers the first gem, and the notification says so with Open only', async () => {
    const first = await runQuickSave('test', () => saveLink(tab, LINK));
    expect(first).toMatchObject({ status: 'saved' });
    expect(first).not.toHaveProperty('existing');
    const firstGem = (first as { gem: GemSummary }).gem;

    const second = await runQuickSave('test', () => saveLink(tab, 'https://EXAMPLE.com/story?id=7#comments'));
    expect(second).toMatchObject({ status: 'saved', existing: true, gem: { id: firstGem.id } });
    expect((await gemsAt(LINK)).map((g) => g.id)).toEqual([firstGem.id]);

    expect(shown()).toEqual([
      expect.objectContaining({ title: 'Saved to Trove', buttons: ['Open', 'Undo'] }),
      expect.objectContaining({
        title: 'Already in Trove',
        message: `“${LINK}” was already saved in Unfiltered: nothing new was made.`,
        buttons: ['Open'],
      }),
    ]);
  });

  it('two saves of one link at once make one gem', async () => {
    const outcomes = await Promise.all([saveLink(tab, LINK), saveLink(tab, LINK)]);
    expect(outcomes.map((o) => o.status)).toEqual(['saved', 'saved']);
    expect(outcomes.filter((o) => 'existing' in o && o.existing)).toHaveLength(1);
    expect(await gemsAt(LINK)).toHaveLength(1);
  });

  it('a quote saved from the page is not the page: saving the page’s link then makes its gem', async () => {
    await saveSelection(tabRef({ id: 1, url: LINK, title: 'Story' }), 'A line worth keeping');
    const outcome = await saveLink(tab, LINK);
    expect(outcome).toMatchObject({ status: 'saved', gem: { media_type: 'Link' } });
    expect(outcome).not.toHaveProperty('existing');
    expect((await gemsAt(LINK)).map((g) => g.media_type).sort()).toEqual(['Link', 'Quote']);
  });
});

describe('a link the user added to a collection shared with them', () => {
  it('is saved already: no second gem, and the notification names the shared collection and its owner', async () => {
    const { user } = await signUp(newAccount('member'));
    const member = await t.signIn(user?.username ?? '');
    const owner = await t.signUp('owner');
    const fieldNotes = (await t.api('/api/collections', { token: owner.jwt, body: { data: { name: 'Field notes' } } }))
      .body.data.id;
    const invite = { data: { username: user?.username, role: 'contributor' } };
    const share = (await t.api(`/api/collection-email/${fieldNotes}`, { token: owner.jwt, body: invite })).body.data;
    await t.api(`/api/shares/${share.id}/accept`, { method: 'POST', token: member.jwt });
    const added = await t.api('/api/gems', {
      token: member.jwt,
      body: { data: { title: 'Story', url: LINK, collectionId: fieldNotes } },
    });
    expect(added.status).toBe(201);

    const again = await runQuickSave('test', () => saveLink(tab, LINK));
    expect(again).toMatchObject({ status: 'saved', existing: true, gem: { id: added.body.data.id } });
    expect(await gemsAt(LINK)).toEqual([]);
    expect(shown()).toEqual([
      expect.objectContaining({
        title: 'Already in Trove',
        message: `“Story” was already saved in Field notes (${owner.user.username}'s): nothing new was made.`,
      }),
    ]);
  });
});

describe('the notification’s buttons', () => {
  it('Undo deletes the gem the save made; Open opens it in the options page', async () => {
    const saved = (await runQuickSave('test', () => saveLink(tab, LINK))) as { gem: GemSummary };
    const [notice] = shown();
    expect(notice?.buttons).toEqual(['Open', 'Undo']);
    await onNoticeButton(notice?.id ?? '', 1);
    expect(await gemsAt(LINK)).toEqual([]);
    expect(shown().map((n) => n.title)).toEqual(['Save undone']);

    const again = (await runQuickSave('test', () => saveLink(tab, LINK))) as { gem: GemSummary };
    expect(again.gem.id).not.toBe(saved.gem.id);
    const opened = vi.spyOn(browser.tabs, 'create');
    const open = shown().find((n) => n.title === 'Saved to Trove');
    await onNoticeButton(open?.id ?? '', 0);
    expect(opened).toHaveBeenCalledWith({
      url: `chrome-extension://test-extension-id/library.html#gem=${again.gem.id}`,
    });
    expect((await gemsAt(LINK)).map((g) => g.id)).toEqual([again.gem.id]);
  });

  it('a click on the notification itself opens the gem (Firefox shows no buttons)', async () => {
    const saved = (await runQuickSave('test', () => saveLink(tab, LINK))) as { gem: GemSummary };
    const opened = vi.spyOn(browser.tabs, 'create');
    await onNoticeClick(shown()[0]?.id ?? '');
    expect(opened).toHaveBeenCalledWith({
      url: `chrome-extension://test-extension-id/library.html#gem=${saved.gem.id}`,
    });
  });
});
