/**
 * The earlier turns the model is sent with a question: one per question, in the order they were asked,
 * each with one answer (the latest finished of its regenerated or several-model siblings), as the
 * panel shows them (lib/chat/turns.ts). Read from what the fake provider received.
 */
import { describe, expect, it } from 'vitest';
import { chatUser, modelIdOf, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

type User = Awaited<ReturnType<typeof chatUser>>;

/** Asks `text` in the user's chat, answered `answer`; the new message's id. */
async function ask(user: User, text: string, answer: string) {
  fake.script({ chunks: [answer] });
  const res = await stream(t.url, `/api/chats/${user.chatId}/messages`, {
    token: user.token,
    body: { text, modelId: user.modelId },
  });
  expect(res.status).toBe(200);
  return res.events[0]?.data.id as number;
}

/** Regenerates message `id`, answered `answer`; the new message's id. */
async function regenerate(user: User, id: number, answer: string) {
  fake.script({ chunks: [answer] });
  const res = await stream(t.url, `/api/messages/${id}/regenerate`, { token: user.token, body: {} });
  expect(res.status).toBe(200);
  return res.events[0]?.data.id as number;
}

/** The user and assistant messages of the provider's last request (OpenAI's wire format), as "role: text". */
function lastConversation(): string[] {
  const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string | { text?: string }[] }[] };
  return body.messages
    .filter((m) => m.role !== 'system')
    .map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : m.content.map((p) => p.text).join('')}`);
}

describe('the earlier turns sent to the model', () => {
  it('after an earlier answer was regenerated: each turn once, in the order asked, with its new answer', async () => {
    const user = await chatUser(t, fake);
    const first = await ask(user, 'Q1 about cats', 'A1 cats');
    await ask(user, 'Q2 about dogs', 'A2 dogs');
    await regenerate(user, first, 'A1b cats again');

    await ask(user, 'Make that shorter', 'Shorter.');

    expect(lastConversation()).toEqual([
      'user: Q1 about cats',
      'assistant: A1b cats again',
      'user: Q2 about dogs',
      'assistant: A2 dogs',
      'user: Make that shorter',
    ]);
  });

  it('when regenerating: the turns before the regenerated one, with their latest answers', async () => {
    const user = await chatUser(t, fake);
    const first = await ask(user, 'Q1 about cats', 'A1 cats');
    const second = await ask(user, 'Q2 about dogs', 'A2 dogs');
    const again = await regenerate(user, first, 'A1b cats again');

    await regenerate(user, second, 'A2b dogs again');
    expect(lastConversation()).toEqual(['user: Q1 about cats', 'assistant: A1b cats again', 'user: Q2 about dogs']);

    await regenerate(user, again, 'A1c cats once more');
    expect(lastConversation()).toEqual(['user: Q1 about cats']);
  });

  it('after a question to several models: the turn once, with the last model’s answer', async () => {
    const user = await chatUser(t, fake);
    const other = await modelIdOf(t, user.token, 'gpt-4o');
    fake.script({ chunks: ['One answer'] }, { chunks: ['Another answer'] });
    const both = await stream(t.url, `/api/chats/${user.chatId}/messages`, {
      token: user.token,
      body: { text: 'Compare', modelIds: [user.modelId, other] },
    });
    expect(both.status).toBe(200);
    const last = (await storedMessages(t, user.token, user.chatId)).at(-1);
    expect(last?.context.multi).toEqual({ index: 1, count: 2 });

    await ask(user, 'And now?', 'Now.');

    expect(lastConversation()).toEqual(['user: Compare', `assistant: ${last?.text}`, 'user: And now?']);
  });
});
