/**
 * Write mode (the spec's ai-writer chat type): a chat created with `type: 'ai-writer'` is answered with
 * the writer's instructions, keeps its type when duplicated, and an unknown type is refused.
 */
import { describe, expect, it } from 'vitest';
import { chatUser, setupFakeProvider, stream } from './chat-helpers';
import { expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

const lastSystemPrompt = () => {
  const body = fake.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
  const system = body.messages.find((m) => m.role === 'system' || m.role === 'developer');
  return typeof system?.content === 'string' ? system.content : JSON.stringify(system?.content ?? '');
};

describe('Write mode chats (type ai-writer)', () => {
  it('answers with the writer’s instructions; a chat of the default type with the assistant’s', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const writer = await t.api('/api/chats', { token, body: { title: 'A note', type: 'ai-writer' } });
    expect(writer.status).toBe(201);
    expect(writer.body.data.media).toEqual({ chatType: 'ai-writer' });

    fake.script({ chunks: ['Dear team, …'] });
    await stream(t.url, `/api/chats/${writer.body.data.id}/messages`, {
      token,
      body: { text: 'A short thank-you note to my team', modelId },
    });
    expect(lastSystemPrompt()).toContain("You are Trove's writing assistant");

    fake.script({ chunks: ['It says…'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'What does it say?', modelId } });
    expect(lastSystemPrompt()).toContain("You are Trove's assistant, helping the user");
    expect(lastSystemPrompt()).not.toContain('writing assistant');
  });

  it('keeps the type when the chat is duplicated, so the copy answers as a writer too', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const writer = await t.api('/api/chats', { token, body: { type: 'ai-writer' } });
    fake.script({ chunks: ['Draft'] });
    await stream(t.url, `/api/chats/${writer.body.data.id}/messages`, { token, body: { text: 'Draft it', modelId } });
    const copy = await t.api(`/api/chats/${writer.body.data.id}/duplicate`, { token, body: {} });
    expect(copy.status).toBe(201);
    const copied = await t.api(`/api/gems/${copy.body.data.id}`, { token });
    expect(copied.body.data.media).toEqual({ chatType: 'ai-writer' });
  });

  it('refuses an unknown chat type, naming the field', async () => {
    const { token } = await chatUser(t, fake);
    const res = await t.api('/api/chats', { token, body: { type: 'novelist' } });
    expectFieldError(res, 'type');
  });
});
