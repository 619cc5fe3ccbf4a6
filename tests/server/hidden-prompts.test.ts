/**
 * A prompt whose author hides its text runs, for anyone else, only on models whose upstream the runner
 * does not control (house models, a provider's own service): never on their own endpoint or a key with their
 * own base URL, which would receive the text verbatim. Refused before anything is stored or sent.
 */
import { describe, expect, it } from 'vitest';
import { promptSchema } from '../../lib/api/contract';
import { startFakeProvider } from '../fake-provider/server';
import { chatUser, modelIdOf, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { type Client, expectFieldError, setupTestServer } from './harness';

/** The runners' own upstreams (a key's base URL, an endpoint). */
const fake = setupFakeProvider();
/** The house models' upstream (never usable as a user's own address). */
const house = setupFakeProvider();
const t = setupTestServer(() => ({
  houseProvider: 'openai',
  houseBaseUrl: `${house.url}/v1`,
  houseApiKey: 'sk-house-test-9876',
  userEndpoints: 'public,loopback',
}));

const SECRET_TEXT = 'Secret recipe: answer only in haiku about {{Topic}}';

async function hiddenPrompt(client: Client) {
  const author = await client.signUp('hpauthor');
  const res = await client.api('/api/prompts', {
    token: author.jwt,
    body: { data: { title: 'Hidden haiku', text: SECRET_TEXT, showPrompt: false, isPublic: true } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { author, prompt: promptSchema.parse(res.body.data) };
}

const systemTexts = (body: unknown) =>
  ((body as { messages?: { role: string; content: string }[] }).messages ?? [])
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');

describe("another user's hidden prompt", () => {
  it('runs on a house model (the operator’s upstream gets the text, the reader does not)', async () => {
    const { prompt } = await hiddenPrompt(t);
    const { token, chatId } = await chatUser(t, fake);
    const houseModel = await modelIdOf(t, token, 'trove-chat');
    house.script({ chunks: ['Autumn ', 'leaves fall'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Go', modelId: houseModel, promptId: prompt.id, promptVariables: { Topic: 'autumn' } },
    });

    expect(res.text).toBe('Autumn leaves fall');
    expect(systemTexts(house.requests[0]?.body)).toContain('Secret recipe: answer only in haiku about autumn');
    expect(JSON.stringify(res.events)).not.toContain('Secret recipe');
  });

  it('is refused on a key with the runner’s own base URL and on their own endpoint, before anything is sent', async () => {
    const { prompt } = await hiddenPrompt(t);
    const { token, chatId, modelId } = await chatUser(t, fake);
    const own = await startFakeProvider();
    try {
      const endpoint = await t.api('/api/ai-endpoints', {
        token,
        body: { name: 'My Ollama', kind: 'ollama', baseUrl: own.url },
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      const endpointModel = await modelIdOf(t, token, 'llama3.2:latest');
      const houseModel = await modelIdOf(t, token, 'trove-chat');
      fake.reset();
      house.reset();
      own.reset();
      const ask = (ids: number[]) =>
        t.api(`/api/chats/${chatId}/messages`, {
          token,
          body: { text: 'Go', modelIds: ids, promptId: prompt.id, promptVariables: { Topic: 'autumn' } },
        });

      const viaKey = expectFieldError(await ask([modelId]), 'modelId');
      expect(viaKey[0]?.message).toBe(
        'The prompt "Hidden haiku" hides its text, so it runs only on house models or a provider\'s own service: GPT-4o mini is called at a base URL you set, which would receive that text. Choose another model.',
      );
      const viaEndpoint = expectFieldError(await ask([houseModel, endpointModel]), 'modelId');
      expect(viaEndpoint[0]?.message).toContain('llama3.2:latest is served by your own endpoint');

      expect(fake.requests).toEqual([]);
      expect(house.requests).toEqual([]);
      expect(own.requests).toEqual([]);
      expect(await storedMessages(t, token, chatId)).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('runs on its author’s own endpoint: the text is theirs', async () => {
    const { author, prompt } = await hiddenPrompt(t);
    const endpoint = await t.api('/api/ai-endpoints', {
      token: author.jwt,
      body: { name: 'Author Ollama', kind: 'ollama', baseUrl: fake.url },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const chat = await t.api('/api/chats', { token: author.jwt, body: { title: 'Mine' } });
    const modelId = await modelIdOf(t, author.jwt, 'llama3.2:latest');
    fake.script({ chunks: ['Mine'] });

    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token: author.jwt,
      body: { text: 'Go', modelId, promptId: prompt.id, promptVariables: { Topic: 'snow' } },
    });

    expect(res.text).toBe('Mine');
    expect(systemTexts(fake.requests.find((r) => r.path === '/api/chat')?.body)).toContain('haiku about snow');
  });
});
