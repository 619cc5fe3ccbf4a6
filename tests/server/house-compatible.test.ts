/**
 * A house provider of kind `openai-compatible` configured without a key (a local vLLM or llama.cpp server takes
 * none; the configuration asks a key only of `openai` and `anthropic`): its house models answer, called with no key.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf, storedMessages, stream } from './chat-helpers';
import { startTestServer, type TestServer } from './harness';

let fake: FakeProvider;
let t: TestServer;

beforeAll(async () => {
  fake = await startFakeProvider();
  t = await startTestServer({ houseProvider: 'openai-compatible', houseBaseUrl: `${fake.url}/v1` });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

it('answers with a house model of a keyless openai-compatible house provider', async () => {
  const { jwt: token } = await t.signUp('keyless');
  const chat = await t.api('/api/chats', { token, body: { title: 'House' } });
  expect(chat.status, JSON.stringify(chat.body)).toBe(201);
  const modelId = await modelIdOf(t, token, 'trove-chat');
  fake.script({ chunks: ['Served ', 'by the house.'] });

  const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
    token,
    body: { text: 'Who answers?', modelId },
  });

  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.events.at(-1)?.event).toBe('done');
  expect(res.text).toBe('Served by the house.');
  const [row] = await storedMessages(t, token, chat.body.data.id);
  expect(row).toMatchObject({ status: 'done', provider: 'Trove' });
  const request = fake.requests.find((r) => r.path === '/v1/chat/completions');
  expect(request?.auth).toEqual({ present: false, last4: null });
});
