/**
 * Chat streaming through each provider format against the fake provider: the SSE events, the stored
 * message (answer, usage, cost), temporary chats, the missing-key refusal and ownership.
 */
import { describe, expect, it } from 'vitest';
import { missingKeyMessage } from '../../lib/api/contract';
import { limits, messages } from '../../lib/api/validators';
import { chatUser, modelIdOf, PROVIDERS, setupFakeProvider, shape, storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

describe('POST /api/chats', () => {
  it('creates an AIChat gem in the user’s AI Chats collection', async () => {
    const session = await t.signUp('newchat');
    const res = await t.api('/api/chats', { token: session.jwt, body: { title: 'About gems' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'About gems',
      media_type: 'AIChat',
      collectionId: session.user.ai_chats_collection_id,
    });
    expect(await storedMessages(t, session.jwt, res.body.data.id)).toEqual([]);
    expectError(await t.api('/api/chats', { body: {} }), 401);
  });

  it('refuses a page url over 2048 characters naming the field, rather than failing in the database', async () => {
    const session = await t.signUp('longchat');
    const url = `https://example.com/?q=${'a'.repeat(3500)}`;
    expectFieldError(await t.api('/api/chats', { token: session.jwt, body: { url } }), 'url', messages.urlTooLong);
    const ok = await t.api('/api/chats', { token: session.jwt, body: { url: url.slice(0, limits.urlMax) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});

describe.each(PROVIDERS)('streaming through $name', (setup) => {
  it('streams the scripted chunks and stores the full answer with usage and cost', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, setup);
    const chunks = ['Gems ', 'are ', 'saved ', 'things.'];
    fake.script({ chunks, usage: { input: 1000, output: 2000 } });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'What are gems?', modelId },
    });

    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/event-stream/);
    expect(shape(res.events)).toEqual(['message', 'delta', 'done']);
    expect(res.events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(chunks);
    expect(res.text).toBe(chunks.join(''));
    const messageId = res.events[0]?.data.id;
    expect(messageId).toEqual(expect.any(Number));
    const done = res.events.at(-1)?.data;
    expect(done).toMatchObject({ status: 'done', usage: { input: 1000, output: 2000 } });

    const [row] = await storedMessages(t, token, chatId);
    // dated as stored, so the panel shows the answer's time before it reads the stored copy
    expect(res.events[0]?.data.createdAt).toBe(row?.createdAt);
    expect(row).toMatchObject({
      id: messageId,
      userText: 'What are gems?',
      text: chunks.join(''),
      status: 'done',
      error: null,
      usage: { input: 1000, output: 2000 },
    });
    const model = (await t.api('/api/user-models', { token })).body.data.find((m: { id: number }) => m.id === modelId);
    const expected = (1000 * model.inputPricePerMillion + 2000 * model.outputPricePerMillion) / 1_000_000;
    expect(row?.cost).toBeCloseTo(expected, 10);
    expect(done.cost).toBeCloseTo(expected, 10);
    expect(row?.provider).toBe(model.provider);
    // the question reached the provider
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('What are gems?');
  });
});

describe('conversation', () => {
  it('sends the earlier turns and the language instruction with a follow-up', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['First answer'] }, { chunks: ['Second answer'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'First question', modelId } });
    const second = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Second question', modelId, language: 'fr' },
    });

    expect(second.text).toBe('Second answer');
    const body = fake.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
    const sent = JSON.stringify(body.messages);
    expect(sent.indexOf('First question')).toBeGreaterThan(-1);
    expect(sent.indexOf('First answer')).toBeGreaterThan(sent.indexOf('First question'));
    expect(sent.indexOf('Second question')).toBeGreaterThan(sent.indexOf('First answer'));
    expect(sent).toContain('Answer in French');
    expect((await storedMessages(t, token, chatId)).map((m) => m.language)).toEqual([null, 'fr']);
  });
});

describe('temporary chat', () => {
  it('streams the answer and stores nothing', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Just ', 'for ', 'now'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Off the record', modelId, temporary: true },
    });

    expect(shape(res.events)).toEqual(['message', 'delta', 'done']);
    expect(res.events[0]?.data).toEqual({ id: null, createdAt: null });
    expect(res.text).toBe('Just for now');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
  });
});

describe('refusals', () => {
  it('a model without a key: 400 with the exact message, and nothing stored or sent', async () => {
    const session = await t.signUp('nokey');
    const token = session.jwt;
    const chat = await t.api('/api/chats', { token, body: {} });
    const modelId = await modelIdOf(t, token, 'claude-haiku-4-5');

    const res = await t.api(`/api/chats/${chat.body.data.id}/messages`, { token, body: { text: 'Hi', modelId } });

    expect(expectError(res, 400).message).toBe(missingKeyMessage('Anthropic'));
    expect(expectError(res, 400).message).toBe('Please add your Anthropic API Key in settings to use this model');
    expect(await storedMessages(t, token, chat.body.data.id)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it('bad bodies are 400 naming the field', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const post = (body: unknown) => t.api(`/api/chats/${chatId}/messages`, { token, body });
    expect(expectError(await post({ modelId }), 400).message).toContain('text');
    expect(expectError(await post({ text: 'x' }), 400).message).toContain('modelId');
    expect(expectError(await post({ text: 'x', modelId: 999999 }), 404).message).toBe('AI model not found');
  });

  it("another user's chat and messages are 404, and a gem that is not a chat is no chat", async () => {
    const owner = await chatUser(t, fake);
    fake.script({ chunks: ['mine'] });
    const sent = await stream(t.url, `/api/chats/${owner.chatId}/messages`, {
      token: owner.token,
      body: { text: 'private', modelId: owner.modelId },
    });
    const messageId = sent.events[0]?.data.id as number;
    const other = await chatUser(t, fake);

    expectError(await t.api(`/api/chats/${owner.chatId}/messages`, { token: other.token }), 404);
    expectError(
      await t.api(`/api/chats/${owner.chatId}/messages`, {
        token: other.token,
        body: { text: 'x', modelId: other.modelId },
      }),
      404,
    );
    expectError(await t.api(`/api/messages/${messageId}/stream`, { token: other.token }), 404);
    expectError(await t.api(`/api/messages/${messageId}/stop`, { token: other.token, method: 'POST' }), 404);
    expectError(await t.api('/api/chats/abc/messages', { token: other.token }), 404);

    const link = await t.api('/api/gems', {
      token: owner.token,
      body: { data: { title: 'Link', url: 'https://example.com/x' } },
    });
    expectError(await t.api(`/api/chats/${link.body.data.id}/messages`, { token: owner.token }), 404);
    expect(fake.requests).toHaveLength(1);
    expect((await storedMessages(t, owner.token, owner.chatId)).map((m) => m.text)).toEqual(['mine']);
  });

  it('needs a token', async () => {
    expectError(await t.api('/api/chats/1/messages'), 401);
    expectError(await t.api('/api/messages/1/stream'), 401);
    expectError(await t.api('/api/messages/1/stop', { method: 'POST' }), 401);
  });
});
