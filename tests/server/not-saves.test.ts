/**
 * Prompts, brand voices, personas and memories are gems in the user's AI Chats collection, like chats, and like chats
 * they are not saves: the gem lists and their totals leave them out, and no page goes into AI Chats through the gem
 * routes (tests/server/chat-manage.test.ts covers the chats themselves).
 */
import { describe, expect, it } from 'vitest';
import { collectionBookmarksSchema, gemListSchema } from '../../lib/api/contract';
import { expectFieldError, gemBody, type Session, setupTestServer } from './harness';

const t = setupTestServer();

async function made(s: Session, path: string, data: Record<string, unknown>) {
  const res = await t.api(path, { token: s.jwt, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function withPanelKinds(prefix: string) {
  const s = await t.signUp(prefix);
  await made(s, '/api/prompts', { title: 'My prompt', text: 'Do X' });
  await made(s, '/api/brand-voices', { name: 'Warm', text: 'Friendly.' });
  await made(s, '/api/personas', { name: 'Ada', jobTitle: 'Editor', text: 'You edit.' });
  await made(s, '/api/memories', { memory: 'I am vegetarian.' });
  return s;
}

const library = async (s: Session, q = '') =>
  gemListSchema.parse((await t.api(`/api/get-all-bookmark${q}`, { token: s.jwt })).body);

describe("the chat panel's prompts, voices, personas and memories", () => {
  it('are left out of the library and its total', async () => {
    const s = await withPanelKinds('kinds');
    const saved = await t.api('/api/gems', { token: s.jwt, body: gemBody({ title: 'A saved page' }) });
    expect(saved.status).toBe(201);

    const all = await library(s);
    expect([all.data.map((g) => g.title), all.total]).toEqual([['A saved page'], 1]);
    // A page past the end counts the total on its own.
    expect((await library(s, '?page=5&perPage=1')).total).toBe(1);
  });

  it("are left out of the AI Chats collection's bookmarks and their count", async () => {
    const s = await withPanelKinds('kindcol');
    const aiChats = s.user.ai_chats_collection_id as number;
    const res = await t.api(`/api/collections/${aiChats}/bookmarks`, { token: s.jwt });
    const { bookmarks, hasMore } = collectionBookmarksSchema.parse(res.body).data;
    expect([bookmarks, hasMore]).toEqual([[], false]);

    const filtered = await t.api(`/api/collections/${aiChats}/bookmarks?media_type=Memory`, { token: s.jwt });
    expect(collectionBookmarksSchema.parse(filtered.body).data.bookmarks).toEqual([]);
  });
});

describe('a page and the AI Chats collection', () => {
  it('is refused when saved into it, naming data.collectionId', async () => {
    const s = await t.signUp('intochats');
    const aiChats = s.user.ai_chats_collection_id as number;
    for (const path of ['/api/gems', '/api/code'])
      expectFieldError(
        await t.api(path, { token: s.jwt, body: gemBody({ collectionId: aiChats, media: { code: 'x' } }) }),
        'data.collectionId',
      );
    expect((await library(s)).total).toBe(0);
  });

  it('is refused when moved into it, naming data.collectionId', async () => {
    const s = await t.signUp('movechats');
    const aiChats = s.user.ai_chats_collection_id as number;
    const page = await t.api('/api/gems', { token: s.jwt, body: gemBody({ title: 'Stays put' }) });
    const move = { method: 'PUT', token: s.jwt, body: { data: { collectionId: aiChats } } } as const;
    expectFieldError(await t.api(`/api/gems/${page.body.data.id}`, move), 'data.collectionId');
    expect((await t.api(`/api/gems/${page.body.data.id}`, { token: s.jwt })).body.data.collectionId).toBe(
      s.user.unfiltered_collection_id,
    );
  });
});
