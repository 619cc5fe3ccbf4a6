import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectionTestSchema,
  customEndpointListSchema,
  customEndpointSchema,
  userModelListSchema,
} from '../../lib/api/contract';
import { decryptSecret } from '../../server/ai/crypto';
import { openDatabase } from '../../server/db/client';
import { customEndpoints } from '../../server/db/schema';
import { UNKNOWN_CONTEXT_BUDGET } from '../../server/services/custom-endpoints';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, SECRET, setupTestServer, startTestServer } from './harness';

const t = setupTestServer();

const KEY = 'sk-local-PLAINTEXT-never-shown-9876';

/** A compatible server that needs a key and reports context lengths the way vLLM and OpenRouter do. */
let compatible: FakeProvider;
/** An Ollama with a vision+tools model, a thinking model, and one whose details say nothing of capabilities. */
let ollama: FakeProvider;
/** A compatible server with no models. */
let empty: FakeProvider;
/** An address where nothing listens. */
let deadUrl: string;

beforeAll(async () => {
  [compatible, ollama, empty] = await Promise.all([
    startFakeProvider({
      requiredKey: KEY,
      models: { openai: ['qwen2.5-7b-instruct', 'mistral-nemo'] },
      openaiModelFields: { 'qwen2.5-7b-instruct': { max_model_len: 32_768 } },
    }),
    startFakeProvider({
      models: { ollama: ['llama3.2-vision:11b', 'qwen3:8b', 'old-model:latest'] },
      ollamaDetails: {
        'llama3.2-vision:11b': {
          architecture: 'mllama',
          contextLength: 131_072,
          capabilities: ['completion', 'vision', 'tools'],
        },
        'qwen3:8b': { architecture: 'qwen3', contextLength: 40_960, capabilities: ['completion', 'tools', 'thinking'] },
      },
    }),
    startFakeProvider({ models: { openai: [] } }),
  ]);
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  deadUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await Promise.all([compatible?.close(), ollama?.close(), empty?.close()]);
});

const add = (token: string, body: unknown) => t.api('/api/ai-endpoints', { token, body });
const addOk = async (token: string, body: Record<string, unknown>) => {
  const res = await add(token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return customEndpointSchema.parse(res.body.data);
};
const list = async (token: string) => {
  const res = await t.api('/api/ai-endpoints', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return customEndpointListSchema.parse(res.body);
};
const userModels = async (token: string) => {
  const res = await t.api('/api/user-models', { token });
  expect(res.status).toBe(200);
  return userModelListSchema.parse(res.body).data;
};
const testConnection = async (token: string, body: unknown) => {
  const res = await t.api('/api/ai-endpoints/test', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return connectionTestSchema.parse(res.body.data);
};
const compatibleBody = () => ({
  name: 'Local vLLM',
  kind: 'openai-compatible',
  baseUrl: `${compatible.url}/v1`,
  apiKey: KEY,
});
const ollamaBody = () => ({ name: 'Home Ollama', kind: 'ollama', baseUrl: ollama.url });

describe('discovery', () => {
  it('an OpenAI-compatible endpoint: its /models list, the context length where reported, capabilities unknown, the key masked', async () => {
    const { jwt } = await t.signUp('compat');
    const endpoint = await addOk(jwt, compatibleBody());
    expect(endpoint).toMatchObject({
      name: 'Local vLLM',
      kind: 'openai-compatible',
      apiKey: '••••9876',
      refreshError: null,
    });
    expect(JSON.stringify(endpoint)).not.toContain('PLAINTEXT');
    expect(endpoint.refreshedAt).not.toBeNull();
    expect(endpoint.models.map(({ id: _, ...m }) => m)).toEqual([
      {
        model: 'mistral-nemo',
        displayName: 'mistral-nemo',
        contextLength: null,
        vision: null,
        tools: null,
        thinking: null,
      },
      {
        model: 'qwen2.5-7b-instruct',
        displayName: 'qwen2.5-7b-instruct',
        contextLength: 32_768,
        vision: null,
        tools: null,
        thinking: null,
      },
    ]);
    const listCall = compatible.requests.find((r) => r.path === '/v1/models');
    expect(listCall?.auth).toEqual({ present: true, last4: '9876' });

    // In the catalogue the picker reads: the endpoint's name as provider, the API label, its own fields.
    const models = (await userModels(jwt)).filter((m) => m.endpoint?.id === endpoint.id);
    expect(models.map((m) => [m.provider, m.model, m.label, m.content_length])).toEqual([
      ['Local vLLM', 'mistral-nemo', 'API', UNKNOWN_CONTEXT_BUDGET],
      ['Local vLLM', 'qwen2.5-7b-instruct', 'API', 32_768],
    ]);
    expect(models[0]?.endpoint).toEqual({ id: endpoint.id, name: 'Local vLLM', kind: 'openai-compatible' });
    expect(models[0]?.discovered).toEqual({ contextLength: null, vision: null, tools: null, thinking: null });
    expect(models.every((m) => !m.is_vision_enabled && !m.is_reasoning_enabled)).toBe(true);
  });

  it('an Ollama: /api/tags, then context length and capabilities from /api/show; unknown where Ollama does not say', async () => {
    const { jwt } = await t.signUp('ollama');
    const endpoint = await addOk(jwt, ollamaBody());
    expect(endpoint.apiKey).toBeNull();
    const byName = Object.fromEntries(endpoint.models.map(({ id: _, model, displayName: __, ...m }) => [model, m]));
    expect(byName).toEqual({
      'llama3.2-vision:11b': { contextLength: 131_072, vision: true, tools: true, thinking: false },
      'qwen3:8b': { contextLength: 40_960, vision: false, tools: true, thinking: true },
      'old-model:latest': { contextLength: null, vision: null, tools: null, thinking: null },
    });
    const shows = ollama.requests.filter((r) => r.path === '/api/show').map((r) => r.body);
    expect(shows).toEqual(
      expect.arrayContaining([{ model: 'llama3.2-vision:11b' }, { model: 'qwen3:8b' }, { model: 'old-model:latest' }]),
    );
    const models = (await userModels(jwt)).filter((m) => m.provider === 'Home Ollama');
    const vision = models.find((m) => m.model === 'llama3.2-vision:11b');
    expect(vision).toMatchObject({ is_vision_enabled: true, isAttachmentSupported: true, content_length: 131_072 });
    expect(models.find((m) => m.model === 'qwen3:8b')).toMatchObject({ is_reasoning_enabled: true });
  });

  it('refresh picks up new models and drops gone ones, keeping the ids of those still there; a failed one keeps them', async () => {
    const fake = await startFakeProvider({ models: { ollama: ['a-model:1b', 'b-model:1b'] } });
    try {
      const { jwt } = await t.signUp('refresh');
      // The base URL may be given with Ollama's /api suffix too.
      const endpoint = await addOk(jwt, { name: 'Pulls', kind: 'ollama', baseUrl: `${fake.url}/api` });
      const kept = endpoint.models.find((m) => m.model === 'b-model:1b')?.id;
      fake.setModels({ ollama: ['b-model:1b', 'c-model:1b'] });
      const res = await t.api(`/api/ai-endpoints/${endpoint.id}/refresh`, { token: jwt, body: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const refreshed = customEndpointSchema.parse(res.body.data);
      expect(refreshed.models.map((m) => m.model)).toEqual(['b-model:1b', 'c-model:1b']);
      expect(refreshed.models[0]?.id).toBe(kept);
      expect((await userModels(jwt)).filter((m) => m.provider === 'Pulls').map((m) => m.model)).toEqual([
        'b-model:1b',
        'c-model:1b',
      ]);

      await fake.close();
      const failed = customEndpointSchema.parse(
        (await t.api(`/api/ai-endpoints/${endpoint.id}/refresh`, { token: jwt, body: {} })).body.data,
      );
      expect(failed.refreshError).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:\d+: nothing is listening/);
      expect(failed.models.map((m) => m.model)).toEqual(['b-model:1b', 'c-model:1b']);
    } finally {
      await fake.close().catch(() => {});
    }
  });
});

describe('test connection', () => {
  it('works: says how many models it found, stores nothing', async () => {
    const { jwt } = await t.signUp('testok');
    const result = await testConnection(jwt, { kind: 'ollama', baseUrl: ollama.url });
    expect(result).toEqual({ ok: true, problem: null, message: 'Connected: 3 models found.', modelCount: 3 });
    expect((await list(jwt)).total).toBe(0);
  });

  it('each failure with its own plain message', async () => {
    const { jwt } = await t.signUp('testfail');
    const unreachable = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${deadUrl}/v1` });
    expect(unreachable).toMatchObject({ ok: false, problem: 'unreachable', modelCount: 0 });
    expect(unreachable.message).toBe(`Could not reach ${deadUrl}: nothing is listening there (connection refused).`);

    const noKey = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${compatible.url}/v1` });
    expect(noKey).toMatchObject({
      problem: 'key-refused',
      message: 'The endpoint needs an API key (it answered HTTP 401).',
    });
    const wrongKey = await testConnection(jwt, {
      kind: 'openai-compatible',
      baseUrl: `${compatible.url}/v1`,
      apiKey: 'sk-wrong-key-0000',
    });
    expect(wrongKey).toMatchObject({
      problem: 'key-refused',
      message: 'The endpoint refused the API key (HTTP 401). Check the key.',
    });

    const notCompatible = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${ollama.url}/nothing` });
    expect(notCompatible).toMatchObject({
      problem: 'not-compatible',
      message: `${ollama.url}/nothing answered, but not as an OpenAI-compatible server: GET /models gave HTTP 404.`,
    });
    // An OpenAI-compatible server given as an Ollama has no /api/tags.
    const notOllama = await testConnection(jwt, { kind: 'ollama', baseUrl: `${compatible.url}/v1` });
    expect(notOllama.problem).toBe('not-compatible');
    expect(notOllama.message).toContain('not as an Ollama server: GET /api/tags gave HTTP 404');

    const none = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${empty.url}/v1` });
    expect(none).toMatchObject({ problem: 'no-models', message: 'The endpoint answered but lists no models.' });
  });

  it('a saved endpoint is tested with its stored key', async () => {
    const { jwt } = await t.signUp('testsaved');
    const endpoint = await addOk(jwt, compatibleBody());
    const res = await t.api(`/api/ai-endpoints/${endpoint.id}/test`, { token: jwt, body: {} });
    expect(connectionTestSchema.parse(res.body.data)).toMatchObject({ ok: true, modelCount: 2 });
  });

  it('adding an endpoint that cannot be reached keeps it, with the reason and no models', async () => {
    const { jwt } = await t.signUp('adddead');
    const endpoint = await addOk(jwt, { name: 'Later', kind: 'ollama', baseUrl: deadUrl });
    expect(endpoint.models).toEqual([]);
    expect(endpoint.refreshedAt).toBeNull();
    expect(endpoint.refreshError).toContain('nothing is listening there');
  });
});

describe('validation', () => {
  it('names each bad field', async () => {
    const { jwt } = await t.signUp('invalid');
    expectFieldError(await add(jwt, { ...ollamaBody(), baseUrl: 'ftp://host' }), 'baseUrl');
    expectFieldError(await add(jwt, { ...ollamaBody(), kind: 'anthropic' }), 'kind');
    expectFieldError(await add(jwt, { ...ollamaBody(), name: '' }), 'name');
    expectFieldError(await add(jwt, { ...ollamaBody(), extra: 1 }), '');
    expectFieldError(await add(jwt, { ...ollamaBody(), name: 'openai' }), 'name');
    await addOk(jwt, ollamaBody());
    const twice = expectError(await add(jwt, { ...ollamaBody(), name: 'HOME OLLAMA' }), 409, 'ConflictError');
    expect(twice.details).toEqual({
      errors: [{ path: 'name', message: 'You already have an endpoint named "HOME OLLAMA"' }],
    });
    // A name JavaScript and Postgres fold differently (final sigma) is still the same name to the database.
    await addOk(jwt, { ...ollamaBody(), name: 'ΚΟΣΜΟΣ' });
    expectError(await add(jwt, { ...ollamaBody(), name: 'ΚΟΣΜΟΣ' }), 409, 'ConflictError');
    expectError(await t.api('/api/ai-endpoints', { body: ollamaBody() }), 401);
  });
});

describe('isolation between users', () => {
  it("one user's endpoints and models are invisible and unusable to another", async () => {
    const owner = await t.signUp('owner');
    const other = await t.signUp('other');
    const endpoint = await addOk(owner.jwt, ollamaBody());
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
    await addOk(other.jwt, ollamaBody());
    expect((await list(owner.jwt)).total).toBe(1);
  });
});

describe('chat through a discovered model', () => {
  it('an OpenAI-compatible endpoint answers through the AI SDK openai-compatible provider with its key', async () => {
    const { jwt } = await t.signUp('chatcompat');
    const endpoint = await addOk(jwt, compatibleBody());
    const model = endpoint.models.find((m) => m.model === 'qwen2.5-7b-instruct');
    const chat = await t.api('/api/chats', { token: jwt, body: { title: 'Local' } });
    compatible.script({ chunks: ['Local', ' answer.'] });
    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token: jwt,
      body: { text: 'Hello?', modelId: model?.id },
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('Local answer.');
    const call = compatible.requests.find((r) => r.path === '/v1/chat/completions');
    expect(call?.auth.last4).toBe('9876');
    expect(call?.body).toMatchObject({ model: 'qwen2.5-7b-instruct', stream: true });
    const [stored] = await storedMessages(t, jwt, chat.body.data.id);
    expect(stored).toMatchObject({ provider: 'Local vLLM', model: 'qwen2.5-7b-instruct', status: 'done' });
  });

  it("an Ollama endpoint answers through Ollama's chat; after the endpoint is removed its models are gone and a new message is a clear 404", async () => {
    const { jwt } = await t.signUp('chatollama');
    const endpoint = await addOk(jwt, ollamaBody());
    const model = endpoint.models.find((m) => m.model === 'qwen3:8b');
    const chat = await t.api('/api/chats', { token: jwt, body: { title: 'Ollama' } });
    ollama.script({ chunks: ['From', ' Ollama.'] });
    const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
      token: jwt,
      body: { text: 'Hi', modelId: model?.id },
    });
    expect(res.text).toBe('From Ollama.');
    expect(
      ollama.requests.some((r) => r.path === '/api/chat' && (r.body as { model?: string }).model === 'qwen3:8b'),
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

describe('stored keys', () => {
  it('are encrypted at rest, bound to the user and the endpoint', async () => {
    const own = await startTestServer({}, { isolated: true });
    let endpointId: number;
    let userId: number;
    try {
      const session = await own.signUp('stored');
      userId = session.user.id;
      const res = await own.api('/api/ai-endpoints', { token: session.jwt, body: compatibleBody() });
      expect(res.status).toBe(201);
      endpointId = res.body.data.id;
    } finally {
      await own.server.stop();
    }
    const database = await openDatabase({ databaseUrl: own.config.databaseUrl, dataDir: own.config.dataDir });
    try {
      const [row] = await database.db.select().from(customEndpoints).where(eq(customEndpoints.id, endpointId));
      expect(JSON.stringify(row)).not.toContain('PLAINTEXT');
      const stored = row?.apiKey ?? '';
      expect(decryptSecret(SECRET, stored, `user:${userId}:endpoint:${endpointId}`)).toBe(KEY);
      expect(() => decryptSecret(SECRET, stored, `user:${userId}:endpoint:${endpointId + 1}`)).toThrow();
    } finally {
      await database.close();
      await own.close();
    }
  });
});

describe('a refresh and a delete of one endpoint at once', () => {
  it('each ends cleanly (the refresh 200 or 404, the delete 200), never a 500 from a deadlock', async () => {
    const { jwt } = await t.signUp('racing');
    for (let round = 0; round < 24; round++) {
      const endpoint = await addOk(jwt, ollamaBody());
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
