/**
 * A chat is a gem in the user's AI Chats collection, but not a save: it is renamed and deleted through
 * `PUT/DELETE /api/chats/{id}` (its messages, share link and pictures go with it), it is left out of the gem
 * lists, and AI Chats is not offered as a collection to save into.
 */
import { describe, expect, it } from 'vitest';
import { chatShareResponseSchema, collectionSchema, gemListSchema, gemSchema } from '../../lib/api/contract';
import { chatUser, modelIdOf, setupFakeProvider, stream } from './chat-helpers';
import { expectError, expectFieldError, gemBody, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

async function ask(token: string, chatId: number, modelId: number, text: string) {
  fake.script({ chunks: ['An answer'] });
  await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text, modelId } });
}

describe('renaming a chat', () => {
  it('changes its title in the history, trimmed, and refuses a blank one naming the field', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const renamed = await t.api(`/api/chats/${chatId}`, { method: 'PUT', token, body: { title: '  Trip plans  ' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(gemSchema.parse(renamed.body.data)).toMatchObject({ id: chatId, title: 'Trip plans', media_type: 'AIChat' });

    const history = await t.api('/api/chats/history', { token });
    expect(history.body.data.map((c: { id: number; title: string }) => [c.id, c.title])).toEqual([
      [chatId, 'Trip plans'],
    ]);

    expectFieldError(await t.api(`/api/chats/${chatId}`, { method: 'PUT', token, body: { title: '  ' } }), 'title');
    expectFieldError(
      await t.api(`/api/chats/${chatId}`, { method: 'PUT', token, body: { title: 'x'.repeat(501) } }),
      'title',
    );
  });

  it('is refused for another user’s chat and for a gem that is not a chat (404)', async () => {
    const { chatId } = await chatUser(t, fake);
    const other = await t.signUp('other');
    expectError(
      await t.api(`/api/chats/${chatId}`, { method: 'PUT', token: other.jwt, body: { title: 'Mine now' } }),
      404,
    );
    const gem = await t.api('/api/gems', { token: other.jwt, body: gemBody() });
    expectError(
      await t.api(`/api/chats/${gem.body.data.id}`, { method: 'PUT', token: other.jwt, body: { title: 'Chat?' } }),
      404,
    );
    expect((await t.api(`/api/gems/${gem.body.data.id}`, { token: other.jwt })).body.data.title).toBe('A page');
  });
});

describe('deleting a chat', () => {
  it('removes its gem and messages, turns its share link off and deletes its pictures', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    await ask(token, chatId, modelId, 'What is here?');
    const imageModel = await modelIdOf(t, token, 'gpt-image-1');
    const picture = await t.api(`/api/chats/${chatId}/pictures`, {
      token,
      body: { prompt: 'A cat', modelId: imageModel },
    });
    expect(picture.status, JSON.stringify(picture.body)).toBe(201);
    const pictureUrl: string = picture.body.data.images[0].url;
    const link = chatShareResponseSchema.parse(
      (await t.api(`/api/chats/${chatId}/share`, { method: 'POST', token })).body,
    ).data.url;
    expect((await fetch(link)).status).toBe(200);
    expect((await fetch(pictureUrl)).status).toBe(200);

    const deleted = await t.api(`/api/chats/${chatId}`, { method: 'DELETE', token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toEqual({ id: chatId });

    expect((await fetch(link)).status).toBe(404);
    expect((await fetch(pictureUrl)).status).toBe(404);
    expectError(await t.api(`/api/gems/${chatId}`, { token }), 404);
    expectError(await t.api(`/api/chats/${chatId}/messages`, { token }), 404);
    expect((await t.api('/api/chats/history', { token })).body.totalCount).toBe(0);
    expectError(await t.api(`/api/chats/${chatId}`, { method: 'DELETE', token }), 404);
  });

  it('is refused for another user’s chat and for a gem that is not a chat, which stay', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const other = await t.signUp('other');
    expectError(await t.api(`/api/chats/${chatId}`, { method: 'DELETE', token: other.jwt }), 404);
    expect((await t.api(`/api/chats/${chatId}/messages`, { token })).status).toBe(200);
    const gem = await t.api('/api/gems', { token, body: gemBody() });
    expectError(await t.api(`/api/chats/${gem.body.data.id}`, { method: 'DELETE', token }), 404);
    expect((await t.api(`/api/gems/${gem.body.data.id}`, { token })).status).toBe(200);
  });
});

describe('chats are not saves', () => {
  it('leaves chats out of the gem lists and their totals', async () => {
    const { token } = await chatUser(t, fake);
    for (const title of ['Second chat', 'Third chat'])
      expect((await t.api('/api/chats', { token, body: { title } })).status).toBe(201);
    const saved = await t.api('/api/gems', { token, body: gemBody({ title: 'A saved page' }) });
    expect(saved.status).toBe(201);

    const library = gemListSchema.parse((await t.api('/api/get-all-bookmark', { token })).body);
    expect(library.data.map((g) => g.title)).toEqual(['A saved page']);
    expect(library.total).toBe(1);

    // A chat in another collection (AI Chats deleted: its chats moved to Unfiltered) is still not a save.
    const me = await t.api('/api/users/me', { token });
    const aiChats: number = me.body.ai_chats_collection_id;
    expect((await t.api(`/api/collections/${aiChats}`, { method: 'DELETE', token })).status).toBe(200);
    const unfiltered: number = me.body.unfiltered_collection_id;
    const inUnfiltered = await t.api(`/api/collections/${unfiltered}/bookmarks`, { token });
    expect(inUnfiltered.body.data.bookmarks.map((g: { title: string }) => g.title)).toEqual(['A saved page']);
    const again = gemListSchema.parse((await t.api('/api/get-all-bookmark', { token })).body);
    expect([again.data.length, again.total]).toEqual([1, 1]);
  });

  it('does not offer AI Chats among the collections to save into', async () => {
    const { token } = await chatUser(t, fake);
    const me = await t.api('/api/users/me', { token });
    const listed = (await t.api('/api/get-user-collections', { token })).body.data.map(
      (c: unknown) => collectionSchema.parse(c).id,
    );
    expect(listed).toEqual([me.body.unfiltered_collection_id]);
    const made = await t.api('/api/collections', { token, body: { data: { name: 'Reading' } } });
    const after = (await t.api('/api/get-user-collections', { token })).body.data.map((c: { name: string }) => c.name);
    expect(after).toEqual(['Reading', 'Unfiltered']);
    expect(made.status).toBe(201);
  });
});
