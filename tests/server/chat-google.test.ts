/**
 * Google (Gemini) chat models end to end: a user's Google key with a base URL pointing at the fake
 * provider's Gemini API, a message streamed through `streamGenerateContent`, and the stored answer,
 * usage and cost.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { chatUser, GOOGLE, shape, storedMessages, stream } from './chat-helpers';
import { setupTestServer } from './harness';

const t = setupTestServer();
let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

describe('chatting with a Gemini model', () => {
  it('streams the answer from the Gemini API and stores it with usage and cost', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, GOOGLE);
    const chunks = ['Gems ', 'are ', 'saved ', 'things.'];
    fake.script({ chunks, usage: { input: 1000, output: 2000 } });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'What are gems?', modelId },
    });

    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(shape(res.events)).toEqual(['message', 'delta', 'done']);
    expect(res.events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(chunks);
    const done = res.events.at(-1)?.data;
    expect(done).toMatchObject({ status: 'done', usage: { input: 1000, output: 2000 } });

    const [row] = await storedMessages(t, token, chatId);
    expect(row).toMatchObject({
      userText: 'What are gems?',
      text: chunks.join(''),
      status: 'done',
      error: null,
      usage: { input: 1000, output: 2000 },
    });
    const model = (await t.api('/api/user-models', { token })).body.data.find((m: { id: number }) => m.id === modelId);
    expect(model).toMatchObject({ provider: 'Google', model: 'gemini-2.5-flash' });
    const expected = (1000 * model.inputPricePerMillion + 2000 * model.outputPricePerMillion) / 1_000_000;
    expect(expected).toBeGreaterThan(0);
    expect(row?.cost).toBeCloseTo(expected, 10);
    expect(done.cost).toBeCloseTo(expected, 10);
    expect(row?.provider).toBe('Google');

    // the request went to the Gemini streaming endpoint with the user's key in x-goog-api-key
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
      provider: 'google',
      auth: { present: true, last4: '1234' },
    });
    expect(JSON.stringify(request?.body)).toContain('What are gems?');
  });

  it('stores a Gemini error as the message error', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, GOOGLE);
    fake.script({ chunks: [], status: 401, errorMessage: 'API key not valid. Please pass a valid API key.' });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Hello?', modelId } });

    const [row] = await storedMessages(t, token, chatId);
    expect(row).toMatchObject({ status: 'error', text: '' });
    expect(row?.error).toContain('API key not valid');
    expect(res.events.at(-1)?.data?.status).not.toBe('done');
  });
});
