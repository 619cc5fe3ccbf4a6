/**
 * The side panel's Temporary Chat (`POST /api/chats/temporary/messages`): answered with the earlier
 * turns the client sends, streamed like a temporary answer, and nothing stored at all.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_TEMPORARY_HISTORY_TURNS, missingKeyMessage } from '../../lib/api/contract';
import { openDatabase } from '../../server/db/client';
import { gems, messages } from '../../server/db/schema';
import { chatUser, modelIdOf, OPENAI, setupFakeProvider, shape, storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer, startTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();
const PATH = '/api/chats/temporary/messages';

/** The messages the provider was last sent, as [role, text] pairs (the system prompt left out). */
function sentTurns(): [string, string][] {
  const body = fake.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
  return body.messages
    .filter((m) => m.role !== 'system' && m.role !== 'developer')
    .map((m) => {
      const content = m.content as string | { text: string }[];
      return [m.role, typeof content === 'string' ? content : content.map((part) => part.text).join('')];
    });
}

describe('POST /api/chats/temporary/messages', () => {
  it('streams the answer like a temporary answer: message {id: null}, deltas, done', async () => {
    const { token, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Off ', 'the ', 'record'], usage: { input: 5, output: 3 } });

    const res = await stream(t.url, PATH, { token, body: { text: 'Just between us', modelId } });

    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/event-stream/);
    expect(shape(res.events)).toEqual(['message', 'delta', 'done']);
    expect(res.events[0]?.data).toEqual({ id: null, createdAt: null });
    expect(res.text).toBe('Off the record');
    expect(res.events.at(-1)?.data).toMatchObject({ status: 'done', usage: { input: 5, output: 3 } });
    expect(sentTurns()).toEqual([['user', 'Just between us']]);
  });

  it('sends the history as the earlier turns, in order, before the question', async () => {
    const { token, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Third answer'] });
    const history = [
      { question: 'First question', answer: 'First answer' },
      { question: 'Stopped early', answer: '' },
      { question: 'Second question', answer: 'Second answer' },
    ];

    const res = await stream(t.url, PATH, {
      token,
      body: { text: 'Third question', modelId, history, language: 'fr' },
    });

    expect(res.text).toBe('Third answer');
    // the turn without an answer is skipped, as a chat's stored turns are
    expect(sentTurns()).toEqual([
      ['user', 'First question'],
      ['assistant', 'First answer'],
      ['user', 'Second question'],
      ['assistant', 'Second answer'],
      ['user', 'Third question'],
    ]);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Answer in French');
  });

  it('answers with several models side by side, each given the history, ids null', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const otherId = await modelIdOf(t, token, 'gpt-4o');
    fake.script({ chunks: ['same'] }, { chunks: ['same'] });

    const res = await stream(t.url, PATH, {
      token,
      body: { text: 'Q2', modelIds: [modelId, otherId], history: [{ question: 'Q1', answer: 'A1' }] },
    });

    expect(res.events.filter((e) => e.event === 'message').map((e) => [e.data.id, e.data.index])).toEqual([
      [null, 0],
      [null, 1],
    ]);
    expect(res.events.filter((e) => e.event === 'done').map((e) => e.data.index)).toEqual(
      expect.arrayContaining([0, 1]),
    );
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) expect(JSON.stringify(request.body)).toMatch(/Q1.*A1.*Q2/);
  });

  it("is never read as a chat id, and leaves the user's chats alone", async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['fine'] });
    const res = await stream(t.url, PATH, { token, body: { text: 'Hello', modelId } });
    expect(res.text).toBe('fine');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
    expectError(await t.api('/api/chats/temporary/messages', { token }), 404);
  });

  it('a model without a key: the same 400 as a stored chat, nothing sent', async () => {
    const { jwt: token } = await t.signUp('tmpnokey');
    const modelId = await modelIdOf(t, token, 'claude-haiku-4-5');
    const res = await t.api(PATH, { token, body: { text: 'Hi', modelId } });
    expect(expectError(res, 400).message).toBe(missingKeyMessage('Anthropic'));
    expect(fake.requests).toEqual([]);
  });

  it('bad bodies and bad history are 400 naming the field; nothing is sent', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const post = (body: unknown) => t.api(PATH, { token, body });
    const turn = { question: 'q', answer: 'a' };
    expectFieldError(await post({ modelId }), 'text');
    expectFieldError(await post({ text: 'x' }), 'modelId');
    expectFieldError(await post({ text: 'x', modelId, temporary: false }), 'temporary');
    expectFieldError(await post({ text: 'x', modelId, history: 'earlier' }), 'history');
    expectFieldError(await post({ text: 'x', modelId, history: [turn, { question: 'q' }] }), 'history.1.answer');
    expectFieldError(
      await post({ text: 'x', modelId, history: [{ question: '  ', answer: 'a' }] }),
      'history.0.question',
    );
    expectFieldError(await post({ text: 'x', modelId, history: [{ ...turn, answer: 7 }] }), 'history.0.answer');
    expectFieldError(await post({ text: 'x', modelId, history: [{ ...turn, role: 'system' }] }), 'history.0');
    expectFieldError(
      await post({ text: 'x', modelId, history: [{ question: 'q', answer: 'a'.repeat(200_001) }] }),
      'history.0.answer',
    );
    const tooMany = Array.from({ length: MAX_TEMPORARY_HISTORY_TURNS + 1 }, () => turn);
    expectFieldError(await post({ text: 'x', modelId, history: tooMany }), 'history');
    expect(fake.requests).toEqual([]);

    fake.script({ chunks: ['ok'] });
    const atLimit = Array.from({ length: MAX_TEMPORARY_HISTORY_TURNS }, () => turn);
    expect((await stream(t.url, PATH, { token, body: { text: 'x', modelId, history: atLimit } })).text).toBe('ok');
  });

  it('needs a token', async () => {
    expectError(await t.api(PATH, { body: { text: 'x', modelId: 1 } }), 401);
  });
});

describe('a temporary chat stores nothing', () => {
  it('no chat gem and no message row, whatever was sent', async () => {
    const own = await startTestServer({}, { isolated: true });
    let userId = 0;
    try {
      const session = await own.signUp('tmpnothing');
      const token = session.jwt;
      userId = session.user.id;
      const key = await own.api('/api/ai-settings/keys/openai', { method: 'PUT', token, body: OPENAI.keyBody(fake) });
      expect(key.status, JSON.stringify(key.body)).toBe(200);
      const modelId = await modelIdOf(own, token, OPENAI.model);
      const otherId = await modelIdOf(own, token, 'gpt-4o');
      fake.script({ chunks: ['one'] }, { chunks: ['two'] }, { chunks: ['three'] });
      const history = [{ question: 'Earlier', answer: 'Before' }];
      const single = await stream(own.url, PATH, {
        token,
        body: { text: 'Hi', modelId, history, followUps: false, costEstimate: true },
      });
      const multi = await stream(own.url, PATH, { token, body: { text: 'Hi', modelIds: [modelId, otherId] } });
      expect([single.status, multi.status]).toEqual([200, 200]);
      expect(single.events.at(-1)?.event).toBe('done');
      expect(multi.events.filter((e) => e.event === 'done')).toHaveLength(2);
      expect((await own.api('/api/chats/history', { token })).body.totalCount).toBe(0);
    } finally {
      await own.server.stop();
    }
    const database = await openDatabase({ databaseUrl: own.config.databaseUrl, dataDir: own.config.dataDir });
    try {
      expect(await database.db.select().from(gems).where(eq(gems.ownerId, userId))).toEqual([]);
      expect(await database.db.select().from(messages).where(eq(messages.ownerId, userId))).toEqual([]);
      expect(await database.db.select().from(messages)).toEqual([]);
    } finally {
      await database.close();
      await own.close();
    }
  });
});
