/**
 * A provider that refuses a key may repeat it in its error message (proxies and some compatible
 * servers do). That message reaches the user (the answer's error, a 502): the key in it is masked,
 * above all the operator's house key, which users must never see.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf, storedMessages, stream } from './chat-helpers';
import { startTestServer, type TestServer } from './harness';

const HOUSE_KEY = 'sk-house-SECRET-key-9876';
const REFUSAL = { chunks: [], status: 401, errorMessage: `Incorrect API key provided: ${HOUSE_KEY}.` };

let fake: FakeProvider;
let t: TestServer;

beforeAll(async () => {
  fake = await startFakeProvider();
  t = await startTestServer({
    houseProvider: 'openai',
    houseBaseUrl: `${fake.url}/v1`,
    houseApiKey: HOUSE_KEY,
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

describe("a provider's error that repeats the house key", () => {
  it('reaches the user with the key masked: a chat answer (streamed and stored) and Optimize prompt', async () => {
    const { jwt: token } = await t.signUp('keyecho');
    const chat = await t.api('/api/chats', { token, body: {} });
    const chatId = chat.body.data.id as number;
    const modelId = await modelIdOf(t, token, 'trove-chat');

    fake.script(REFUSAL);
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Hi', modelId } });
    const end = res.events.at(-1);
    expect(end?.event).toBe('error');
    expect(end?.data.message).toContain('Incorrect API key provided: ••••9876');
    expect(JSON.stringify(res.events)).not.toContain(HOUSE_KEY);
    const [stored] = await storedMessages(t, token, chatId);
    expect(stored?.status).toBe('error');
    expect(JSON.stringify(stored)).not.toContain(HOUSE_KEY);

    const made = await t.api('/api/prompts', { token, body: { data: { title: 'P', text: 'Write a poem' } } });
    fake.script(REFUSAL);
    const optimized = await t.api(`/api/prompts/${made.body.data.id}/optimize`, { token, body: { modelId } });
    expect(optimized.status).toBe(502);
    expect(optimized.body.error.message).toContain('Incorrect API key provided: ••••9876');
    expect(JSON.stringify(optimized.body)).not.toContain(HOUSE_KEY);
  });
});
