/**
 * A user's own endpoints in use: only by their owner, chatting through their models, and their removal
 * (also while a refresh of the same endpoint runs).
 */
import { describe, expect, it } from 'vitest';
import { storedMessages, stream } from './chat-helpers';
import { compatibleBody, endpointCalls, ollamaBody, setupEndpointServers } from './custom-endpoint-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const s = setupEndpointServers();
const { addOk, list, userModels } = endpointCalls(t);

describe('isolation between users', () => {
  it("one user's endpoints and models are invisible and unusable to another", async () => {
    const owner = await t.signUp('owner');
    const other = await t.signUp('other');
    const endpoint = await addOk(owner.jwt, ollamaBody(s));
    const modelId = endpoint.models[0]?.id as number;

    expect((await list(other.jwt)).data).toEqual([]);
    expect((await userModels(other.jwt)).some((m) => m.endpoint !== null || m.provider === 'Home Ollama')).toBe(false);
    const catalogue = await t.api('/api/ai-models', { token: other.jwt });
    expect(catalogue.body.data.some((m: { id: number }) => m.id === modelId)).toBe(false);
    const ownCatalogue = await t.api('/api/ai-models', { token: owner.jwt });
    expect(ownCatalogue.body.data.some((m: { id: number }) => m.id === modelId)).toBe(true);

    for (const [method, path] of [
      ['POST', `/api/ai-endpoints/${endpoint.id}/refresh`],
      ['POST', `/api/ai-endpoints/${endpoint.id}/test`],
      ['DELETE', `/api/ai-endpoints/${endpoint.id}`],
    ] as const) {
      expectError(await t.api(path, { method, token: other.jwt, body: method === 'POST' ? {} : undefined }), 404);
    }
    // Nor can the other user chat with it, pick it as default or switch it.
    const chat = await t.api('/api/chats', { token: other.jwt, body: { title: 'x' } });
    const send = await t.api(`/api/chats/${chat.body.data.id}/messages`, {
      token: other.jwt,
      body: { text: 'hi', modelId },
    });
    expect(expectError(send, 404).message).toBe('AI model not found');
    expectError(await t.api('/api/ai-settings/select-model', { token: other.jwt, body: { modelId } }), 404);
    expectError(await t.api('/api/change-model-status', { token: other.jwt, body: { modelId, enabled: false } }), 404);
    expectFieldError(
      await t.api('/api/ai-settings', { method: 'PUT', token: other.jwt, body: { enableModels: [modelId] } }),
      'enableModels',
      `Unknown model id: ${modelId}`,
    );
    const own = await t.api('/api/ai-settings', { method: 'PUT', token: owner.jwt, body: { enableModels: [modelId] } });
    expect(own.body.data.enableModels).toEqual([modelId]);
    // A second user may use the same name for their own endpoint.
    await addOk(other.jwt, ollamaBody(s));
    expect((await list(owner.jwt)).total).toBe(1);
  });
});

describe('chat through a discovered model', () => {
  it('an OpenAI-compatible endpoint answers through the AI SDK openai-compatible provider with its key', async () => {
    const { jwt } = await t.signUp('chatcompat');
    const endpoint = await addOk(jwt, compatibleBody(s));
    const model = endpoint.models.find((m) => m.model === 'qwen2.5-7b-instruct');
    const chat = await t.api('/api/chats', { token: jwt, body: { title: 'Local' } });
    s.compatible.script({ chunks: ['Local', ' answer.'] });
    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token: jwt,
      body: { text: 'Hello?', modelId: model?.id },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('Local answer.');
    const call = s.compatible.requests.find((r) => r.path === '/v1/chat/completions');
    expect(call?.auth.last4).toBe('9876');
    expect(call?.body).toMatchObject({ model: 'qwen2.5-7b-instruct', stream: true });
    const [stored] = await storedMessages(t, jwt, chat.body.data.id);
    expect(stored).toMatchObject({ provider: 'Local vLLM', model: 'qwen2.5-7b-instruct', status: 'done' });
  });

  it("an Ollama endpoint answers through Ollama's chat; after the endpoint is removed its models are gone and a new message is a clear 404", async () => {
    const { jwt } = await t.signUp('chatollama');
    const endpoint = await addOk(jwt, ollamaBody(s));
    const model = endpoint.models.find((m) => m.model === 'qwen3:8b');
    const chat = await t.api('/api/chats', { token: jwt, body: { title: 'Ollama' } });
    s.ollama.script({ chunks: ['From', ' Ollama.'] });
    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token: jwt,
      body: { text: 'Hi', modelId: model?.id },
    });
    expect(res.text).toBe('From Ollama.');
    expect(
      s.ollama.requests.some((r) => r.path === '/api/chat' && (r.body as { model?: string }).model === 'qwen3:8b'),
    ).toBe(true);

    const removed = await t.api(`/api/ai-endpoints/${endpoint.id}`, { method: 'DELETE', token: jwt });
    expect(removed.status).toBe(200);
    expect((await list(jwt)).total).toBe(0);
    expect((await userModels(jwt)).some((m) => m.provider === 'Home Ollama')).toBe(false);
    const again = await t.api(`/api/chats/${chat.body.data.id}/messages`, {
      token: jwt,
      body: { text: 'Still there?', modelId: model?.id },
    });
    expect(expectError(again, 404).message).toBe('AI model not found');
    // The earlier answer is kept; regenerating it asks for another model.
    const [kept] = await storedMessages(t, jwt, chat.body.data.id);
    expect(kept).toMatchObject({ text: 'From Ollama.', modelId: null, provider: 'Home Ollama' });
    const regen = await t.api(`/api/messages/${kept?.id}/regenerate`, { token: jwt, body: {} });
    expectFieldError(regen, 'regenerationModel');
  });
});

describe('a refresh and a delete of one endpoint at once', () => {
  it('each ends cleanly (the refresh 200 or 404, the delete 200), never a 500 from a deadlock', async () => {
    const { jwt } = await t.signUp('racing');
    for (let round = 0; round < 24; round++) {
      const endpoint = await addOk(jwt, ollamaBody(s));
      const refresh = t.api(`/api/ai-endpoints/${endpoint.id}/refresh`, { token: jwt, body: {} });
      // The delete lands at different points of the refresh (its discovery, then its transaction).
      await new Promise((resolve) => setTimeout(resolve, round % 8));
      const removed = await t.api(`/api/ai-endpoints/${endpoint.id}`, { token: jwt, method: 'DELETE' });
      const refreshed = await refresh;
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect([200, 404], JSON.stringify(refreshed.body)).toContain(refreshed.status);
    }
    expect((await list(jwt)).data).toEqual([]);
    expect((await userModels(jwt)).filter((m) => m.provider === 'Home Ollama')).toEqual([]);
  });
});
