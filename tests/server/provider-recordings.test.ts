/**
 * Answers replayed byte for byte from recordings written from each provider's published wire format
 * (tests/fixtures/provider-streams/), through the real AI SDK providers to a real server: what real streams do
 * that the fake provider's happy path does not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Replay, recorded, startReplay } from '../fake-provider/replay';
import { chatUser, GOOGLE, OPENAI, PROVIDERS, type ProviderSetup, storedMessages, stream } from './chat-helpers';
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
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

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

describe('a provider that rate-limits', () => {
  const clean = (message: string) => {
    expect(message).not.toMatch(/AI_|Error:|attempts|Last error/);
  };

  it('tells Gemini’s 429 as rate limited, with the retry time of its RetryInfo', async () => {
    replay.play({ status: 429, headers: JSON_TYPE, body: recorded('gemini-429-retry-info.json', null) });

    const { row, end } = await ask(GOOGLE);

    expect(end?.event).toBe('error');
    expect(end?.data.message).toMatch(/^Rate limited by Google: try again in 37 s\b/);
    expect(end?.data.message).toContain('You exceeded your current quota');
    clean(end?.data.message);
    expect(row).toMatchObject({ status: 'error', error: end?.data.message });
  });

  it('takes the retry time from a Retry-After header', async () => {
    replay.play({
      status: 429,
      headers: { ...JSON_TYPE, 'retry-after': '1' },
      body: recorded('gemini-429-plain.json', null),
    });

    const { end } = await ask(GOOGLE);

    expect(end?.data.message).toBe(
      'Rate limited by Google: try again in 1 s (Resource has been exhausted (e.g. check quota).)',
    );
  });

  it('tells OpenAI’s 429 the same way, its wait from retry-after-ms', async () => {
    replay.play({
      status: 429,
      headers: { ...JSON_TYPE, 'retry-after-ms': '1500' },
      body: recorded('openai-429-rate-limit.json', null),
    });

    const { end } = await ask(OPENAI);

    expect(end?.data.message).toMatch(/^Rate limited by OpenAI: try again in 2 s \(Rate limit reached for gpt-4o-mini/);
    clean(end?.data.message);
  });
});

describe('a provider error after the AI SDK’s retries', () => {
  it('is told as the last answer’s status and message, without the retries', async () => {
    replay.play({
      status: 500,
      headers: { ...JSON_TYPE, 'retry-after-ms': '10' },
      body: recorded('openai-500-server-error.json', null),
    });

    const { end } = await ask(OPENAI);

    expect(replay.requests).toHaveLength(3);
    expect(end?.data.message).toBe(
      'OpenAI answered 500: The server had an error while processing your request. Sorry about that!',
    );
  });
});
