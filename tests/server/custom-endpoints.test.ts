/** A user's own endpoints themselves: discovering their models, testing a connection, validation, stored keys. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionTestSchema, customEndpointSchema } from '../../lib/api/contract';
import { decryptSecret } from '../../server/ai/crypto';
import { openDatabase } from '../../server/db/client';
import { customEndpoints } from '../../server/db/schema';
import { UNKNOWN_CONTEXT_BUDGET } from '../../server/features/ai-settings/custom-endpoints';
import { startFakeProvider } from '../fake-provider/server';
import { compatibleBody, endpointCalls, KEY, ollamaBody, setupEndpointServers } from './custom-endpoint-helpers';
import { expectError, expectFieldError, SECRET, setupTestServer, startTestServer } from './harness';

const t = setupTestServer();
const s = setupEndpointServers();
const { add, addOk, list, userModels } = endpointCalls(t);
const testConnection = async (token: string, body: unknown) => {
  const res = await t.api('/api/ai-endpoints/test', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return connectionTestSchema.parse(res.body.data);
};

describe('discovery', () => {
  it('an OpenAI-compatible endpoint: its /models list, the context length where reported, capabilities unknown, the key masked', async () => {
    const { jwt } = await t.signUp('compat');
    const endpoint = await addOk(jwt, compatibleBody(s));
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
        contextLengthSet: null,
      },
      {
        model: 'qwen2.5-7b-instruct',
        displayName: 'qwen2.5-7b-instruct',
        contextLength: 32_768,
        vision: null,
        tools: null,
        thinking: null,
        contextLengthSet: null,
      },
    ]);
    const listCall = s.compatible.requests.find((r) => r.path === '/v1/models');
    expect(listCall?.auth).toEqual({ present: true, last4: '9876' });

    // In the catalogue the picker reads: the endpoint's name as provider, the API label, its own fields.
    const models = (await userModels(jwt)).filter((m) => m.endpoint?.id === endpoint.id);
    expect(models.map((m) => [m.provider, m.model, m.label, m.content_length])).toEqual([
      ['Local vLLM', 'mistral-nemo', 'API', UNKNOWN_CONTEXT_BUDGET],
      ['Local vLLM', 'qwen2.5-7b-instruct', 'API', 32_768],
    ]);
    expect(models[0]?.endpoint).toEqual({ id: endpoint.id, name: 'Local vLLM', kind: 'openai-compatible' });
    expect(models[0]?.discovered).toEqual({
      contextLength: null,
      vision: null,
      tools: null,
      thinking: null,
      contextLengthSet: null,
    });
    expect(models.every((m) => !m.is_vision_enabled && !m.is_reasoning_enabled)).toBe(true);
  });

  it('an Ollama: /api/tags, then context length and capabilities from /api/show; unknown where Ollama does not say', async () => {
    const { jwt } = await t.signUp('ollama');
    const endpoint = await addOk(jwt, ollamaBody(s));
    expect(endpoint.apiKey).toBeNull();
    const byName = Object.fromEntries(endpoint.models.map(({ id: _, model, displayName: __, ...m }) => [model, m]));
    expect(byName).toEqual({
      'llama3.2-vision:11b': {
        contextLength: 131_072,
        vision: true,
        tools: true,
        thinking: false,
        contextLengthSet: null,
      },
      'qwen3:8b': { contextLength: 40_960, vision: false, tools: true, thinking: true, contextLengthSet: null },
      'old-model:latest': { contextLength: null, vision: null, tools: null, thinking: null, contextLengthSet: null },
    });
    const shows = s.ollama.requests.filter((r) => r.path === '/api/show').map((r) => r.body);
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
    const result = await testConnection(jwt, { kind: 'ollama', baseUrl: s.ollama.url });
    expect(result).toEqual({ ok: true, problem: null, message: 'Connected: 3 models found.', modelCount: 3 });
    expect((await list(jwt)).total).toBe(0);
  });

  it('each failure with its own plain message', async () => {
    const { jwt } = await t.signUp('testfail');
    const unreachable = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${s.deadUrl}/v1` });
    expect(unreachable).toMatchObject({ ok: false, problem: 'unreachable', modelCount: 0 });
    expect(unreachable.message).toBe(`Could not reach ${s.deadUrl}: nothing is listening there (connection refused).`);

    const noKey = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${s.compatible.url}/v1` });
    expect(noKey).toMatchObject({
      problem: 'key-refused',
      message: 'The endpoint needs an API key (it answered HTTP 401).',
    });
    const wrongKey = await testConnection(jwt, {
      kind: 'openai-compatible',
      baseUrl: `${s.compatible.url}/v1`,
      apiKey: 'sk-wrong-key-0000',
    });
    expect(wrongKey).toMatchObject({
      problem: 'key-refused',
      message: 'The endpoint refused the API key (HTTP 401). Check the key.',
    });

    const notCompatible = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${s.ollama.url}/nothing` });
    expect(notCompatible).toMatchObject({
      problem: 'not-compatible',
      message: `${s.ollama.url}/nothing answered, but not as an OpenAI-compatible server: GET /models gave HTTP 404.`,
    });
    // An OpenAI-compatible server given as an Ollama has no /api/tags.
    const notOllama = await testConnection(jwt, { kind: 'ollama', baseUrl: `${s.compatible.url}/v1` });
    expect(notOllama.problem).toBe('not-compatible');
    expect(notOllama.message).toContain('not as an Ollama server: GET /api/tags gave HTTP 404');

    const none = await testConnection(jwt, { kind: 'openai-compatible', baseUrl: `${s.empty.url}/v1` });
    expect(none).toMatchObject({ problem: 'no-models', message: 'The endpoint answered but lists no models.' });
  });

  it('a saved endpoint is tested with its stored key', async () => {
    const { jwt } = await t.signUp('testsaved');
    const endpoint = await addOk(jwt, compatibleBody(s));
    const res = await t.api(`/api/ai-endpoints/${endpoint.id}/test`, { token: jwt, body: {} });
    expect(connectionTestSchema.parse(res.body.data)).toMatchObject({ ok: true, modelCount: 2 });
  });

  it('adding an endpoint that cannot be reached keeps it, with the reason and no models', async () => {
    const { jwt } = await t.signUp('adddead');
    const endpoint = await addOk(jwt, { name: 'Later', kind: 'ollama', baseUrl: s.deadUrl });
    expect(endpoint.models).toEqual([]);
    expect(endpoint.refreshedAt).toBeNull();
    expect(endpoint.refreshError).toContain('nothing is listening there');
  });
});

describe('validation', () => {
  it('names each bad field', async () => {
    const { jwt } = await t.signUp('invalid');
    expectFieldError(await add(jwt, { ...ollamaBody(s), baseUrl: 'ftp://host' }), 'baseUrl');
    expectFieldError(await add(jwt, { ...ollamaBody(s), kind: 'anthropic' }), 'kind');
    expectFieldError(await add(jwt, { ...ollamaBody(s), name: '' }), 'name');
    expectFieldError(await add(jwt, { ...ollamaBody(s), extra: 1 }), '');
    expectFieldError(await add(jwt, { ...ollamaBody(s), name: 'openai' }), 'name');
    await addOk(jwt, ollamaBody(s));
    const twice = expectError(await add(jwt, { ...ollamaBody(s), name: 'HOME OLLAMA' }), 409, 'ConflictError');
    expect(twice.details).toEqual({
      errors: [{ path: 'name', message: 'You already have an endpoint named "HOME OLLAMA"' }],
    });
    // A name JavaScript and Postgres fold differently (final sigma) is still the same name to the database.
    await addOk(jwt, { ...ollamaBody(s), name: 'ΚΟΣΜΟΣ' });
    expectError(await add(jwt, { ...ollamaBody(s), name: 'ΚΟΣΜΟΣ' }), 409, 'ConflictError');
    expectError(await t.api('/api/ai-endpoints', { body: ollamaBody(s) }), 401);
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
      const res = await own.api('/api/ai-endpoints', { token: session.jwt, body: compatibleBody(s) });
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
