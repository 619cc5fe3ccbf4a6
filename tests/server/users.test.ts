import { describe, expect, it } from 'vitest';
import { collectionSchema, listOf, userSchema } from '../../lib/api/contract';
import { expectError, setupTestServer } from './harness';

const t = setupTestServer();

describe('GET /api/users/me', () => {
  it('returns the signed-in user without tags by default', async () => {
    const session = await t.signUp('me');
    const res = await t.api('/api/users/me', { token: session.jwt });
    expect(res.status).toBe(200);
    const user = userSchema.parse(res.body);
    expect(user).toEqual(session.user);
    expect('tags' in res.body).toBe(false);
    expect('password' in res.body || 'passwordHash' in res.body || 'password_hash' in res.body).toBe(false);
  });

  it('populate=tags (or *) adds the user tags, sorted case-insensitively, and only theirs', async () => {
    const a = await t.signUp('tagsa');
    const b = await t.signUp('tagsb');
    for (const tag of ['beta', 'Alpha', 'gamma']) {
      expect((await t.api('/api/tags', { token: a.jwt, body: { data: { tag } } })).status).toBe(201);
    }
    await t.api('/api/tags', { token: b.jwt, body: { data: { tag: 'theirs' } } });

    for (const populate of ['tags', '*', 'custom_sites,tags']) {
      const res = await t.api(`/api/users/me?populate=${encodeURIComponent(populate)}`, { token: a.jwt });
      expect(res.status).toBe(200);
      const user = userSchema.parse(res.body);
      expect(user.id).toBe(a.user.id);
      expect(user.tags?.map((x) => x.tag)).toEqual(['Alpha', 'beta', 'gamma']);
    }
    const other = await t.api('/api/users/me?populate=custom_sites', { token: a.jwt });
    expect('tags' in other.body).toBe(false);

    const empty = await t.api('/api/users/me?populate=tags', { token: (await t.signUp('notags')).jwt });
    expect(empty.body.tags).toEqual([]);
  });

  it('each token sees its own user', async () => {
    const a = await t.signUp('whoa');
    const b = await t.signUp('whob');
    expect((await t.api('/api/users/me', { token: a.jwt })).body.username).toBe(a.user.username);
    expect((await t.api('/api/users/me', { token: b.jwt })).body.username).toBe(b.user.username);
  });

  it('needs a token', async () => {
    expectError(await t.api('/api/users/me'), 401, 'UnauthorizedError');
    expectError(await t.api('/api/users/me', { token: 'nope' }), 401, 'UnauthorizedError');
  });
});

describe('a new user', () => {
  it("gets exactly the 'Unfiltered' and 'AI Chats' collections", async () => {
    const { jwt, user } = await t.signUp('fresh');
    const res = await t.api('/api/get-user-collections', { token: jwt });
    expect(res.status).toBe(200);
    // AI Chats holds chats, not saves: the list to save into leaves it out; it is read by its id.
    const list = listOf(collectionSchema).parse(res.body);
    expect(list.total).toBe(1);
    const aiChats = await t.api(`/api/collections/${user.ai_chats_collection_id}`, { token: jwt });
    const byName = Object.fromEntries(
      [...list.data, collectionSchema.parse(aiChats.body.data)].map((c) => [c.name, c]),
    );
    expect(Object.keys(byName).sort()).toEqual(['AI Chats', 'Unfiltered']);
    expect(byName.Unfiltered).toMatchObject({
      id: user.unfiltered_collection_id,
      isUnfiltered: true,
      parentId: null,
      gems_count: 0,
    });
    expect(byName['AI Chats']).toMatchObject({
      id: user.ai_chats_collection_id,
      isUnfiltered: false,
      parentId: null,
      gems_count: 0,
    });
  });

  it('starts with no tags and no gems', async () => {
    const { jwt } = await t.signUp('empty');
    expect((await t.api('/api/tags', { token: jwt })).body).toEqual({ data: [], total: 0 });
    expect((await t.api('/api/get-all-bookmark', { token: jwt })).body).toEqual({
      data: [],
      total: 0,
      page: 1,
      perPage: 20,
    });
  });
});
