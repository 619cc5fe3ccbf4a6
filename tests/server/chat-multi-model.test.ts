/**
 * Several models at once (`modelIds`): one stored message per model, generated concurrently and
 * streamed side by side in one SSE response with events tagged by message id; each answer stored
 * complete and re-attachable by its own id; one failing model does not break the other; a model
 * without a key is refused before anything is stored. Two fake providers, so each model's script is its own.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missingKeyMessage } from '../../lib/api/contract';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import {
  chatUser,
  modelIdOf,
  OPENAI,
  PROVIDERS,
  type ProviderSetup,
  type SseEvent,
  storedMessages,
  stream,
} from './chat-helpers';
import { expectError, setupTestServer } from './harness';

const t = setupTestServer();
let fakeA: FakeProvider;
let fakeB: FakeProvider;
const ANTHROPIC = PROVIDERS.find((p) => p.provider === 'anthropic') as ProviderSetup;

beforeAll(async () => {
  fakeA = await startFakeProvider();
  fakeB = await startFakeProvider();
});
afterAll(async () => {
  await fakeA.close();
  await fakeB.close();
});
beforeEach(() => {
  fakeA.reset();
  fakeB.reset();
});

/** A user with OpenAI on fake A and Anthropic on fake B. */
async function twoModelUser() {
  const user = await chatUser(t, fakeA, OPENAI);
  const key = await t.api(`/api/ai-settings/keys/${ANTHROPIC.provider}`, {
    method: 'PUT',
    token: user.token,
    body: ANTHROPIC.keyBody(fakeB),
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  return { ...user, openaiId: user.modelId, anthropicId: await modelIdOf(t, user.token, ANTHROPIC.model) };
}

const of = (events: SseEvent[], id: number | null, index?: number) =>
  events.filter((e) => e.event !== 'message' && e.data.id === id && (index === undefined || e.data.index === index));
const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

describe('POST /api/chats/{id}/messages with modelIds', () => {
  it('streams one answer per model side by side, tagged by message id, each stored complete and re-attachable', async () => {
    const { token, chatId, openaiId, anthropicId } = await twoModelUser();
    // A's last piece waits for B's whole answer: both stream at once, however slowly the machine starts B.
    let bSent = () => {};
    const bDone = new Promise<void>((resolve) => {
      bSent = resolve;
    });
    fakeA.script({
      chunks: ['A1 ', 'A2 ', 'A3 ', 'A4'],
      delayMs: 40,
      usage: { input: 5, output: 4 },
      lastChunkAfter: bDone,
    });
    fakeB.script({ chunks: ['B1 ', 'B2 ', 'B3 ', 'B4'], delayMs: 40, usage: { input: 6, output: 8 }, onSent: bSent });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Compare', modelIds: [openaiId, anthropicId], memory: true },
    });

    expect(res.status).toBe(200);
    const announced = res.events.filter((e) => e.event === 'message').map((e) => e.data);
    expect(announced).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(String),
        index: 0,
        modelId: openaiId,
        displayName: expect.any(String),
      },
      {
        id: expect.any(Number),
        createdAt: expect.any(String),
        index: 1,
        modelId: anthropicId,
        displayName: expect.any(String),
      },
    ]);
    expect(res.events.slice(0, 2).map((e) => e.event)).toEqual(['message', 'message']);
    const [a, b] = announced as [{ id: number }, { id: number }];
    expect(a.id).not.toBe(b.id);

    const eventsA = of(res.events, a.id, 0);
    const eventsB = of(res.events, b.id, 1);
    expect(eventsA.length + eventsB.length + 2).toBe(res.events.length);
    expect(textOf(eventsA)).toBe('A1 A2 A3 A4');
    expect(textOf(eventsB)).toBe('B1 B2 B3 B4');
    expect(eventsA.at(-1)).toMatchObject({ event: 'done', data: { status: 'done', usage: { input: 5, output: 4 } } });
    expect(eventsB.at(-1)).toMatchObject({ event: 'done', data: { status: 'done', usage: { input: 6, output: 8 } } });
    // concurrent: B's first delta came before A's last
    const firstB = res.events.indexOf(eventsB.find((e) => e.event === 'delta') as SseEvent);
    const lastA = res.events.indexOf(eventsA.filter((e) => e.event === 'delta').at(-1) as SseEvent);
    expect(firstB).toBeLessThan(lastA);

    const rows = await storedMessages(t, token, chatId);
    expect(announced.map((m) => m.createdAt)).toEqual(rows.map((r) => r.createdAt));
    expect(rows.map((r) => [r.id, r.userText, r.modelId, r.text, r.status, r.context])).toEqual([
      [a.id, 'Compare', openaiId, 'A1 A2 A3 A4', 'done', { options: { memory: true }, multi: { index: 0, count: 2 } }],
      [
        b.id,
        'Compare',
        anthropicId,
        'B1 B2 B3 B4',
        'done',
        { options: { memory: true }, multi: { index: 1, count: 2 } },
      ],
    ]);
    expect(fakeA.requests).toHaveLength(1);
    expect(fakeB.requests).toHaveLength(1);

    for (const [id, text] of [
      [a.id, 'A1 A2 A3 A4'],
      [b.id, 'B1 B2 B3 B4'],
    ] as const) {
      const again = await stream(t.url, `/api/messages/${id}/stream`, { token });
      expect(again.events[0]?.data).toEqual({ id, createdAt: rows.find((r) => r.id === id)?.createdAt });
      expect(again.text).toBe(text);
      expect(again.events.at(-1)?.event).toBe('done');
    }
  });

  it('one failing model does not break the other', async () => {
    const { token, chatId, openaiId, anthropicId } = await twoModelUser();
    fakeA.script({ chunks: ['Good ', 'answer'], delayMs: 20 });
    fakeB.script({ chunks: ['Bro', 'ken'], errorAfter: 1, errorMessage: 'Overloaded in the test' });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Both', modelIds: [anthropicId, openaiId] },
    });

    const [b, a] = res.events.filter((e) => e.event === 'message').map((e) => e.data.id as number);
    expect(of(res.events, b ?? null).at(-1)).toMatchObject({
      event: 'error',
      data: { index: 0, message: expect.stringContaining('Overloaded in the test') },
    });
    expect(of(res.events, a ?? null).at(-1)).toMatchObject({ event: 'done', data: { index: 1, status: 'done' } });
    const rows = await storedMessages(t, token, chatId);
    expect(rows.map((r) => [r.modelId, r.status, r.text])).toEqual([
      [anthropicId, 'error', 'Bro'],
      [openaiId, 'done', 'Good answer'],
    ]);
    expect(rows[0]?.error).toContain('Overloaded in the test');
  });

  it('asks each model for its own follow-ups', async () => {
    const { token, chatId, openaiId, anthropicId } = await twoModelUser();
    fakeA.script({ chunks: ['From A'] }, { chunks: ['["A next?"]'] });
    fakeB.script({ chunks: ['From B'] }, { chunks: ['B next?'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelIds: [openaiId, anthropicId], followUps: true },
    });

    const [a, b] = res.events.filter((e) => e.event === 'message').map((e) => e.data.id as number);
    expect(of(res.events, a ?? null).map((e) => e.event)).toEqual(['delta', 'done', 'followups']);
    expect(of(res.events, a ?? null).find((e) => e.event === 'followups')?.data.questions).toEqual(['A next?']);
    expect(of(res.events, b ?? null).find((e) => e.event === 'followups')?.data.questions).toEqual(['B next?']);
    expect((await storedMessages(t, token, chatId)).map((r) => r.followUps)).toEqual([['A next?'], ['B next?']]);
  });

  it('temporary: tagged by index with null ids, nothing stored', async () => {
    const { token, chatId, openaiId, anthropicId } = await twoModelUser();
    fakeA.script({ chunks: ['tmp A'] });
    fakeB.script({ chunks: ['tmp B'] });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelIds: [openaiId, anthropicId], temporary: true },
    });
    expect(res.events.filter((e) => e.event === 'message').map((e) => [e.data.id, e.data.index])).toEqual([
      [null, 0],
      [null, 1],
    ]);
    expect(textOf(of(res.events, null, 0))).toBe('tmp A');
    expect(textOf(of(res.events, null, 1))).toBe('tmp B');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
  });

  it('a model without a key: the exact 400 before anything is stored or sent', async () => {
    const { token, chatId, modelId } = await chatUser(t, fakeA, OPENAI);
    const anthropicId = await modelIdOf(t, token, ANTHROPIC.model);
    const res = await t.api(`/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelIds: [modelId, anthropicId] },
    });
    expect(expectError(res, 400).message).toBe(missingKeyMessage('Anthropic'));
    expect(await storedMessages(t, token, chatId)).toEqual([]);
    expect(fakeA.requests).toEqual([]);
    expect(fakeB.requests).toEqual([]);
  });

  it('several models refused: the first in the request is the one named, though they are looked up together', async () => {
    const { token, chatId } = await chatUser(t, fakeA, OPENAI);
    const anthropicId = await modelIdOf(t, token, ANTHROPIC.model);
    const unknownFirst = await t.api(`/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelIds: [999_999, anthropicId] },
    });
    expect(expectError(unknownFirst, 404).message).toBe('AI model not found');
    const keylessFirst = await t.api(`/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelIds: [anthropicId, 999_999] },
    });
    expect(expectError(keylessFirst, 400).message).toBe(missingKeyMessage('Anthropic'));
    expect(await storedMessages(t, token, chatId)).toEqual([]);
  });
});
