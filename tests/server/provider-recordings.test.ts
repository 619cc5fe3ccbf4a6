/**
 * Answers replayed byte for byte from recordings written from each provider's published wire format
 * (tests/fixtures/provider-streams/), through the real AI SDK providers to a real server: what real streams do
 * that the fake provider's happy path does not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Replay, recorded, startReplay } from '../fake-provider/replay';
import { chatUser, OPENAI, PROVIDERS, type ProviderSetup, storedMessages, stream } from './chat-helpers';
import { setupTestServer } from './harness';

const t = setupTestServer();
let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterAll(async () => {
  await replay.close();
});
beforeEach(() => {
  replay.requests.length = 0;
});

const OLLAMA = PROVIDERS.find((p) => p.provider === 'ollama') as ProviderSetup;
const GPT41: ProviderSetup = { ...OPENAI, model: 'gpt-4.1' };
const SSE = { 'content-type': 'text/event-stream; charset=utf-8' };
const NDJSON = { 'content-type': 'application/x-ndjson' };

async function ask(setup: ProviderSetup, body: Record<string, unknown> = {}) {
  const { token, chatId, modelId } = await chatUser(t, replay, setup);
  const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
    token,
    body: { text: 'Tell me', modelId, ...body },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const [row] = await storedMessages(t, token, chatId);
  return { res, row, end: res.events.at(-1) };
}

describe('OpenAI Responses web search', () => {
  it('lists the pages the answer cites, with their titles, not every page the searches looked at', async () => {
    replay.play({ headers: SSE, body: recorded('openai-responses-web-search.sse', '\n\n') });

    const { res, row, end } = await ask(GPT41, { tool: 'web-search' });

    expect(replay.requests[0]?.path).toBe('/v1/responses');
    expect(end?.event).toBe('done');
    const cited = [
      { title: 'Tram 28 | Carris', url: 'https://www.carris.pt/en/tram-28/?utm_source=openai', content: '' },
      {
        title: 'Lisbon tramway network - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Lisbon_tramway_network?utm_source=openai',
        content: '',
      },
      {
        title: 'Tram 28 in Lisbon: route, times and tips | Time Out Lisbon',
        url: 'https://www.timeout.com/lisbon/things-to-do/tram-28?utm_source=openai',
        content: '',
      },
    ];
    expect(res.events.filter((e) => e.event === 'sources').at(-1)?.data.results).toEqual(cited);
    expect(row?.status).toBe('done');
    expect(row?.usage).toEqual({ input: 8421, output: 187 });
    expect(row?.text).toMatchObject({ results: cited });
  });
});

describe('Ollama /api/chat', () => {
  it.each([
    ['as documented (no message, no done_reason)', 'ollama-chat-done-without-reason.ndjson'],
    ['with an empty message and no done_reason', 'ollama-chat-done-empty-message.ndjson'],
  ])('takes a stream whose last object is done: true %s as a whole answer with its usage', async (_, file) => {
    replay.play({ headers: NDJSON, body: recorded(file, '\n') });

    const { res, row, end } = await ask(OLLAMA);

    expect(replay.requests[0]?.path).toBe('/api/chat');
    expect(res.text).toBe('The sky scatters blue light.');
    expect(end?.data).toMatchObject({ status: 'done', usage: { input: 26, output: 282 } });
    expect(row).toMatchObject({ status: 'done', error: null, usage: { input: 26, output: 282 } });
  });
});
