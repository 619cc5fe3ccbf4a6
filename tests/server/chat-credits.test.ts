/**
 * House-model credits: an answer from a house model (served by the operator's provider, here the
 * fake provider as `openai`) costs 1 credit per 1,000 tokens (input + output), rounded up, at least 1;
 * failed answers cost nothing; at 0 the model is Inactive and new messages are refused before anything is stored.
 * Each answer holds 1 credit from its start, so answers started together cannot spend credits the user does not have.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiSettingsSchema, userModelListSchema } from '../../lib/api/contract';
import { creditsFor } from '../../server/features/answers/answer-credits';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf, storedMessages, stream } from './chat-helpers';
import { startTestServer, type TestServer } from './harness';

let fake: FakeProvider;
let t: TestServer;

beforeAll(async () => {
  fake = await startFakeProvider();
  t = await startTestServer({
    houseProvider: 'openai',
    houseBaseUrl: `${fake.url}/v1`,
    houseApiKey: 'sk-house-test-9876',
    houseCredits: 5,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
});

const credits = async (token: string) => {
  const res = await t.api('/api/ai-settings', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return aiSettingsSchema.parse(res.body.data).credits;
};
const label = async (token: string, model: string) => {
  const res = await t.api('/api/user-models', { token });
  return userModelListSchema.parse(res.body).data.find((m) => m.model === model)?.label;
};

describe('creditsFor', () => {
  it('is 1 per 1,000 tokens, rounded up, at least 1', () => {
    expect(creditsFor({ input: 0, output: 0 })).toBe(1);
    expect(creditsFor({ input: 10, output: 5 })).toBe(1);
    expect(creditsFor({ input: 600, output: 400 })).toBe(1);
    expect(creditsFor({ input: 1500, output: 600 })).toBe(3);
    expect(creditsFor({ input: 1000, output: 1000 })).toBe(2);
  });
});

describe('house-model credits', () => {
  it('spends credits per answer, not for failures, and refuses at 0 with nothing stored', async () => {
    const { jwt: token } = await t.signUp('credits');
    const chat = await t.api('/api/chats', { token, body: { title: 'Credits' } });
    expect(chat.status).toBe(201);
    const chatId = chat.body.data.id as number;
    const modelId = await modelIdOf(t, token, 'trove-chat');
    expect(await credits(token)).toBe(5);
    expect(await label(token, 'trove-chat')).toBe('Credits');
    const send = (text: string) => stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text, modelId } });

    // 1500 + 600 = 2,100 tokens → 3 credits (rounded up)
    fake.script({ chunks: ['First.'], usage: { input: 1500, output: 600 } });
    const first = await send('One');
    expect(first.events.at(-1)).toMatchObject({
      event: 'done',
      data: { status: 'done', usage: { input: 1500, output: 600 } },
    });
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: '9876' });
    expect(await credits(token)).toBe(2);

    // a failed answer costs nothing (here it fails mid-stream, after some text)
    fake.script({
      chunks: ['Half ', 'an answer'],
      errorAfter: 1,
      errorMessage: 'upstream broke',
      usage: { input: 5000, output: 5000 },
    });
    const failed = await send('Two');
    expect(failed.events.at(-1)?.event).toBe('error');
    expect(await credits(token)).toBe(2);

    // 15 tokens → the minimum of 1 credit
    fake.script({ chunks: ['Short.'], usage: { input: 10, output: 5 } });
    await send('Three');
    expect(await credits(token)).toBe(1);
    expect(await label(token, 'trove-chat')).toBe('Credits');

    // 2,000 tokens → 2 credits, clamped at 0
    fake.script({ chunks: ['Last.'], usage: { input: 1000, output: 1000 } });
    await send('Four');
    expect(await credits(token)).toBe(0);
    expect((await storedMessages(t, token, chatId)).map((m) => m.status)).toEqual(['done', 'error', 'done', 'done']);

    // at 0: Inactive, and a new message is refused before anything is stored or sent
    expect(await label(token, 'trove-chat')).toBe('Inactive');
    expect(await label(token, 'trove-fast')).toBe('Inactive');
    const requestsBefore = fake.requests.length;
    const refused = await send('Five');
    expect(refused.status).toBe(400);
    expect(refused.json?.error?.message).toContain('You have no credits left to use Trove Chat');
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await storedMessages(t, token, chatId)).toHaveLength(4);
    expect(await credits(token)).toBe(0);
  });

  it('temporary answers are paid for too; users keep their own balances', async () => {
    const a = await t.signUp('tempcredits');
    const b = await t.signUp('othercredits');
    const chat = await t.api('/api/chats', { token: a.jwt, body: {} });
    const modelId = await modelIdOf(t, a.jwt, 'trove-fast');
    fake.script({ chunks: ['Temp.'], usage: { input: 2500, output: 0 } });
    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token: a.jwt,
      body: { text: 'Hi', modelId, temporary: true },
    });
    expect(res.events.at(-1)?.event).toBe('done');
    expect(await credits(a.jwt)).toBe(2);
    expect(await credits(b.jwt)).toBe(5);
  });

  it('follow-up questions of a house model are paid for as well as its answer', async () => {
    const { jwt: token } = await t.signUp('followupcredits');
    const chat = await t.api('/api/chats', { token, body: {} });
    const modelId = await modelIdOf(t, token, 'trove-chat');
    // the answer: 15 tokens → 1 credit; the follow-ups: 2,100 tokens → 3 credits
    fake.script(
      { chunks: ['Paris.'], usage: { input: 10, output: 5 } },
      { chunks: ['["Why Paris?", "How big is it?", "What else?"]'], usage: { input: 1500, output: 600 } },
    );
    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token,
      body: { text: 'Capital?', modelId, followUps: true },
    });
    expect(res.events.find((e) => e.event === 'followups')?.data).toEqual({
      questions: ['Why Paris?', 'How big is it?', 'What else?'],
    });
    expect(res.events.find((e) => e.event === 'done')?.data).toMatchObject({ status: 'done' });
    expect(fake.requests).toHaveLength(2);
    expect(await credits(token)).toBe(1);
  });

  it('the model writing prompts (Optimize prompt, prompt from a chat) spends credits too, and is refused at 0', async () => {
    const { jwt: token } = await t.signUp('promptcredits');
    const modelId = await modelIdOf(t, token, 'trove-chat');
    const made = await t.api('/api/prompts', { token, body: { data: { title: 'Poem', text: 'write a poem' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const optimize = () => t.api(`/api/prompts/${made.body.data.id}/optimize`, { token, body: { modelId } });

    // 1500 + 600 = 2,100 tokens → 3 credits, as for a chat answer
    fake.script({ chunks: ['A better poem prompt'], usage: { input: 1500, output: 600 } });
    const optimized = await optimize();
    expect(optimized.status, JSON.stringify(optimized.body)).toBe(200);
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: '9876' });
    expect(await credits(token)).toBe(2);

    const chat = await t.api('/api/chats', { token, body: {} });
    fake.script({ chunks: ['Paris.'], usage: { input: 10, output: 5 } });
    await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, { token, body: { text: 'Capital?', modelId } });
    expect(await credits(token)).toBe(1);
    fake.script({ chunks: ['Capitals\nWhat is the capital of {{Country}}?'], usage: { input: 1000, output: 1000 } });
    const fromChat = await t.api(`/api/chats/${chat.body.data.id}/prompt`, { token, body: { modelId } });
    expect(fromChat.status, JSON.stringify(fromChat.body)).toBe(201);
    expect(await credits(token)).toBe(0);

    // at 0: refused as a chat is, before anything is sent
    const requestsBefore = fake.requests.length;
    const refused = await optimize();
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('You have no credits left to use Trove Chat');
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it('suggestions at save time use the house model for a user with no default of their own, and spend credits', async () => {
    const { jwt: token } = await t.signUp('housesuggest');
    const setting = await t.api('/api/suggestions/settings', { token });
    expect(setting.body.data).toMatchObject({
      enabled: null,
      modelId: null,
      model: { id: await modelIdOf(t, token, 'trove-chat') },
      active: true,
      reason: null,
    });
    fake.script({ chunks: ['{"tags": ["tides"], "collection": null}'], usage: { input: 1500, output: 600 } });
    const suggested = await t.api('/api/suggestions/tags', { token, body: { title: 'Reading tide tables' } });
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: '9876' });
    expect(await credits(token)).toBe(2);
  });

  it('a stopped answer is paid for by the text streamed before the stop', async () => {
    const { jwt: token } = await t.signUp('stopcredits');
    const chat = await t.api('/api/chats', { token, body: {} });
    const modelId = await modelIdOf(t, token, 'trove-chat');
    fake.script({
      chunks: Array.from({ length: 40 }, (_, i) => `Word ${i}. `),
      delayMs: 50,
      usage: { input: 9000, output: 9000 },
    });
    let stopped: number | undefined;
    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token,
      body: { text: 'Go on and on', modelId },
      onEvent: async (event, events) => {
        if (event.event === 'delta' && stopped === undefined)
          stopped = (await t.api(`/api/messages/${events[0]?.data.id}/stop`, { token, method: 'POST' })).status;
        return undefined;
      },
    });
    expect(stopped).toBe(200);
    expect(res.events.at(-1)).toMatchObject({ event: 'done', data: { status: 'stopped' } });
    // the provider's usage (18,000 tokens) never came: a few streamed words cost the minimum of 1 credit
    expect(await credits(token)).toBe(4);
  });
});

describe('house-model credits held while answering (answers started together)', () => {
  /**
   * A user left with `left` of the 5 credits (an answer of 1,000 tokens a credit spent the rest), in a chat with that
   * answer.
   */
  async function userWith(prefix: string, left: number) {
    const { jwt: token } = await t.signUp(prefix);
    const chat = await t.api('/api/chats', { token, body: {} });
    const chatId = chat.body.data.id as number;
    const modelId = await modelIdOf(t, token, 'trove-chat');
    fake.script({ chunks: ['Spent.'], usage: { input: (5 - left) * 1000, output: 0 } });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Spend', modelId } });
    expect(await credits(token)).toBe(left);
    fake.reset();
    return { token, chatId, modelId };
  }
  const slow = { chunks: ['Slow ', 'and ', 'costly.'], delayMs: 100, usage: { input: 1500, output: 600 } };

  it('with 1 credit, 3 answers started at once: 1 is answered, the others refused; the balance ends at 0', async () => {
    const { token, chatId, modelId } = await userWith('race', 1);
    fake.script(slow, slow, slow);
    const results = await Promise.all(
      ['A', 'B', 'C'].map((text) => stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text, modelId } })),
    );
    const answered = results.filter((r) => r.events.at(-1)?.event === 'done');
    const refused = results.filter((r) => r.status === 400);
    expect(answered).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.json?.error?.message).toBe('You have no credits left to use Trove Chat');
    expect(fake.requests).toHaveLength(1);
    expect((await storedMessages(t, token, chatId)).map((m) => m.status)).toEqual(['done', 'done']);
    // the answer cost 3 credits: 1 held at the start, the rest taken down to 0, no further
    expect(await credits(token)).toBe(0);
  });

  it('a regenerate while an answer holds the last credit is refused', async () => {
    const { token, chatId, modelId } = await userWith('regenrace', 1);
    const [first] = await storedMessages(t, token, chatId);
    fake.script(slow, slow);
    let regenerated: Awaited<ReturnType<typeof stream>> | undefined;
    const answer = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Another', modelId },
      onEvent: async (event) => {
        if (event.event === 'delta' && !regenerated)
          regenerated = await stream(t.url, `/api/messages/${first?.id}/regenerate`, { token, body: {} });
        return undefined;
      },
    });
    expect(answer.events.at(-1)?.event).toBe('done');
    expect(regenerated?.status).toBe(400);
    expect(regenerated?.json?.error?.message).toBe('You have no credits left to use Trove Chat');
    expect(fake.requests).toHaveLength(1);
    expect(await credits(token)).toBe(0);
  });

  it('one message to 2 house models with 1 credit is refused before anything is stored or sent', async () => {
    const { token, chatId, modelId } = await userWith('multirace', 1);
    const fast = await modelIdOf(t, token, 'trove-fast');
    fake.script(slow, slow);
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Both of you', modelIds: [modelId, fast] },
    });
    expect(res.status).toBe(400);
    // the first model's hold fits the balance, the second's does not
    expect(res.json?.error?.message).toBe('You have no credits left to use Trove Fast');
    expect(fake.requests).toHaveLength(0);
    expect(await storedMessages(t, token, chatId)).toHaveLength(1);
    expect(await credits(token)).toBe(1);
  });

  it('one message to 2 house models with 2 credits: each answer holds and pays its own', async () => {
    const { token, chatId, modelId } = await userWith('multipaid', 2);
    const fast = await modelIdOf(t, token, 'trove-fast');
    // Both answers end only once the credits were read while they ran, whatever the machine's load.
    const { promise: read, resolve: readDone } = Promise.withResolvers<void>();
    fake.script({ ...slow, endAfter: read }, { ...slow, endAfter: read });
    let during: number | undefined;
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Both of you', modelIds: [modelId, fast] },
      onEvent: async (event) => {
        if (event.event === 'delta' && during === undefined) {
          during = await credits(token);
          readDone();
        }
        return undefined;
      },
    });
    expect(res.events.filter((e) => e.event === 'done')).toHaveLength(2);
    expect(during).toBe(0);
    expect((await storedMessages(t, token, chatId)).map((m) => m.status)).toEqual(['done', 'done', 'done']);
    expect(await credits(token)).toBe(0);
  });

  it('an answer holds 1 credit while it runs; a failed one gives it back (stored or temporary)', async () => {
    const { token, chatId, modelId } = await userWith('failhold', 1);
    for (const temporary of [false, true]) {
      // The answer fails only once its credit was read while it ran, whatever the machine's load.
      const { promise: read, resolve: readDone } = Promise.withResolvers<void>();
      fake.script({
        chunks: ['Half ', 'an ', 'answer'],
        errorAfter: 2,
        errorMessage: 'upstream broke',
        endAfter: read,
      });
      let during: number | undefined;
      const failed = await stream(t.url, `/api/chats/${chatId}/messages`, {
        token,
        body: { text: 'Fail', modelId, temporary },
        onEvent: async (event) => {
          if (event.event === 'delta' && during === undefined) {
            during = await credits(token);
            readDone();
          }
          return undefined;
        },
      });
      expect(failed.events.at(-1)?.event).toBe('error');
      expect(during).toBe(0);
      expect(await credits(token)).toBe(1);
    }
    // the credit given back pays for the next answer
    fake.script({ chunks: ['Fine.'], usage: { input: 10, output: 5 } });
    const fine = await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Again', modelId } });
    expect(fine.events.at(-1)?.event).toBe('done');
    expect(await credits(token)).toBe(0);
  });

  it('prompt writing holds its credit too: with 1 credit, 2 Optimize prompt at once: 1 written, 1 refused; a failure gives it back', async () => {
    const { token, modelId } = await userWith('optimizerace', 1);
    const made = await t.api('/api/prompts', { token, body: { data: { title: 'Poem', text: 'write a poem' } } });
    const optimize = () => t.api(`/api/prompts/${made.body.data.id}/optimize`, { token, body: { modelId } });
    fake.script({ chunks: ['A better prompt'], status: 500, errorMessage: 'upstream broke' });
    expect((await optimize()).status).toBe(502);
    expect(await credits(token)).toBe(1);

    fake.script(
      { chunks: ['A better prompt'], delayMs: 100, usage: { input: 1500, output: 600 } },
      { chunks: ['Another'], delayMs: 100 },
    );
    const results = await Promise.all([optimize(), optimize()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.error.message).toBe(
      'You have no credits left to use Trove Chat',
    );
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(2);
    expect(await credits(token)).toBe(0);
  });
});
