import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createCollection,
  createGem,
  deleteGem,
  findGemsAtUrl,
  getSuggestionSettings,
  listCollections,
  listGems,
  listSharedCollections,
  listTags,
} from '../../lib/background/library';
import { setServerUrl, signUp } from '../../lib/background/session';
import { setupTestServer } from '../server/harness';
import { failure, newAccount } from './helpers';

/** The background's library calls (lib/background/library.ts) against the real server. */

const t = setupTestServer();

beforeEach(async () => {
  fakeBrowser.reset();
  await setServerUrl(t.url);
});

describe('library calls', () => {
  it('createGem saves into Unfiltered by default, and listCollections counts it', async () => {
    const { user } = await signUp(newAccount('lib'));
    const gem = await createGem({
      idempotencyKey: 'library-save-0001',
      gem: {
        title: '  A page ',
        url: 'https://Example.com/a?utm_source=x',
        description: 'desc',
        tags: ['read', 'Later'],
      },
    });
    expect(gem).toEqual({
      id: expect.any(Number),
      title: 'A page',
      description: 'desc',
      url: 'https://Example.com/a?utm_source=x',
      canonicalUrl: 'https://example.com/a',
      media_type: 'Link',
      media: {},
      image: null,
      favicon: null,
      byline: null,
      publishedAt: null,
      collectionId: user?.unfiltered_collection_id,
      author: { id: user?.id, username: user?.username },
      tags: [
        { id: expect.any(Number), tag: 'Later', parentId: null, color: null, createdAt: expect.any(String) },
        { id: expect.any(Number), tag: 'read', parentId: null, color: null, createdAt: expect.any(String) },
      ],
      notes: '',
      isFavourite: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // server-side, too
    expect(
      (await t.api(`/api/gems/${gem.id}`, { token: (await t.signIn(user?.username ?? '')).jwt })).body.data,
    ).toEqual({ ...gem, text: null });

    const collections = await listCollections();
    // AI Chats holds chats, not saves: it is not offered.
    expect(collections.map((c) => [c.name, c.gems_count, c.isUnfiltered])).toEqual([['Unfiltered', 1, true]]);
    expect((await listTags()).map((x) => x.tag)).toEqual(['Later', 'read']);
    expect((await findGemsAtUrl('https://example.com/a')).map((g) => g.id)).toEqual([gem.id]);
    expect(await listGems({ page: 1 })).toMatchObject({ total: 1, page: 1, perPage: 20, data: [{ id: gem.id }] });
  });

  it('a retried save with the same idempotency key returns the first gem; another key saves another', async () => {
    await signUp(newAccount('retry'));
    const input = { idempotencyKey: 'library-retry-0001', gem: { title: 'Once', url: 'https://example.com/once' } };
    const first = await createGem(input);
    const second = await createGem({ ...input, gem: { ...input.gem, title: 'Twice' } });
    expect(second).toEqual(first);
    expect(second.title).toBe('Once');
    expect((await listGems({ page: 1 })).total).toBe(1);
    const third = await createGem({ ...input, idempotencyKey: 'library-retry-0002' });
    expect(third.id).not.toBe(first.id);
    expect((await listGems({ page: 1 })).total).toBe(2);
  });

  it('createCollection puts the gem where asked; bad input is an invalid error with the field', async () => {
    await signUp(newAccount('coll'));
    const reading = await createCollection({ name: 'Reading' });
    expect(reading).toMatchObject({ name: 'Reading', parentId: null, gems_count: 0, isUnfiltered: false });
    const child = await createCollection({ name: 'Deep', parentId: reading.id });
    expect(child.parentId).toBe(reading.id);
    const gem = await createGem({
      idempotencyKey: 'library-coll-0001',
      gem: { title: 'In a collection', url: 'https://example.com/c', collectionId: child.id },
    });
    expect(gem.collectionId).toBe(child.id);
    expect((await listCollections()).find((c) => c.id === child.id)?.gems_count).toBe(1);

    expect(
      await failure(
        createGem({ idempotencyKey: 'library-bad-0001', gem: { title: 'Bad', url: 'example.com/no-scheme' } }),
      ),
    ).toEqual({
      kind: 'invalid',
      status: 400,
      message: expect.stringContaining('url'),
      fields: [{ path: 'data.url', message: expect.any(String) }],
    });
    expect(
      await failure(
        createGem({
          idempotencyKey: 'library-bad-0002',
          gem: { title: 'Nowhere', url: 'https://example.com/', collectionId: 999_999 },
        }),
      ),
    ).toEqual({
      kind: 'not-found',
      status: 404,
      message: 'Collection not found',
    });
    expect((await listGems({ page: 1 })).total).toBe(1);
  });

  it("getSuggestionSettings relays the server's setting, as the server changes it", async () => {
    const { user } = await signUp(newAccount('suggest'));
    const token = (await t.signIn(user?.username ?? '')).jwt;
    const before = await getSuggestionSettings();
    const atServer = await t.api('/api/suggestions/settings', { token });
    expect(before).toEqual(atServer.body.data);
    const off = await t.api('/api/suggestions/settings', { method: 'PUT', token, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(await getSuggestionSettings()).toMatchObject({ enabled: false, active: false });
  });
});

describe('deleteGem', () => {
  it('deletes one of the user’s gems on the server; a second delete, or another user’s gem, is not found', async () => {
    await signUp(newAccount('del'));
    const gem = await createGem({
      idempotencyKey: 'library-delete-0001',
      gem: { title: 'Undo me', url: 'https://example.com/undo' },
    });
    const kept = await createGem({
      idempotencyKey: 'library-delete-0002',
      gem: { title: 'Keep me', url: 'https://example.com/keep' },
    });
    expect(await deleteGem({ id: gem.id })).toEqual({ id: gem.id });
    expect((await listGems({ page: 1 })).data.map((g) => g.id)).toEqual([kept.id]);
    expect(await findGemsAtUrl('https://example.com/undo')).toEqual([]);
    expect(await failure(deleteGem({ id: gem.id }))).toMatchObject({ kind: 'not-found', status: 404 });

    await signUp(newAccount('other'));
    expect(await failure(deleteGem({ id: kept.id }))).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('listSharedCollections gives the collections shared with the user that they may add to, their sub-collections too, not those they only read', async () => {
    const { user } = await signUp(newAccount('member'));
    const member = await t.signIn(user?.username ?? '');
    const owner = await t.signUp('sharer');
    const shareAs = async (name: string, role: string) => {
      const id = (await t.api('/api/collections', { token: owner.jwt, body: { data: { name } } })).body.data.id;
      const body = { data: { username: user?.username, role } };
      const share = (await t.api(`/api/collection-email/${id}`, { token: owner.jwt, body })).body.data;
      expect((await t.api(`/api/shares/${share.id}/accept`, { method: 'POST', token: member.jwt })).status).toBe(200);
      return id;
    };
    const field = await shareAs('Field notes', 'contributor');
    const pantry = await shareAs('Pantry', 'editor');
    const readOnly = await shareAs('Read only', 'viewer');
    const sub = async (name: string, parentId: number) =>
      (await t.api('/api/collections', { token: owner.jwt, body: { data: { name, parentId } } })).body.data.id;
    const birds = await sub('Birds', field);
    await sub('Not added to', readOnly);
    const listed = (await listSharedCollections()).map((c) => [c.id, c.path, c.role, c.owner.username]);
    // each shared collection, its sub-collections after it
    const at = listed.findIndex(([id]) => id === field);
    expect(listed.slice(at, at + 2)).toEqual([
      [field, 'Field notes', 'contributor', owner.user.username],
      [birds, 'Field notes/Birds', 'contributor', owner.user.username],
    ]);
    expect(listed.sort()).toEqual(
      [
        [field, 'Field notes', 'contributor', owner.user.username],
        [birds, 'Field notes/Birds', 'contributor', owner.user.username],
        [pantry, 'Pantry', 'editor', owner.user.username],
      ].sort(),
    );
  });
});
