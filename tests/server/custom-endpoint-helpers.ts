/**
 * Helpers of the custom endpoint tests: the fake servers an endpoint points at (started for the file's
 * tests) and the calls the tests make.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { customEndpointListSchema, customEndpointSchema, userModelListSchema } from '../../lib/api/contract';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import type { Client } from './harness';

export const KEY = 'sk-local-PLAINTEXT-never-shown-9876';

export interface EndpointServers {
  /** A compatible server that needs a key and reports context lengths the way vLLM and OpenRouter do. */
  compatible: FakeProvider;
  /** An Ollama with a vision+tools model, a thinking model, and one whose details say nothing of capabilities. */
  ollama: FakeProvider;
  /** A compatible server with no models. */
  empty: FakeProvider;
  /** An address where nothing listens. */
  deadUrl: string;
}

async function unusedUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Starts the fake servers before the file's tests and stops them after; read them inside tests. */
export function setupEndpointServers(): EndpointServers {
  const servers = {} as EndpointServers;
  beforeAll(async () => {
    [servers.compatible, servers.ollama, servers.empty, servers.deadUrl] = await Promise.all([
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
          'qwen3:8b': {
            architecture: 'qwen3',
            contextLength: 40_960,
            capabilities: ['completion', 'tools', 'thinking'],
          },
        },
      }),
      startFakeProvider({ models: { openai: [] } }),
      unusedUrl(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([servers.compatible?.close(), servers.ollama?.close(), servers.empty?.close()]);
  });
  return servers;
}

export const compatibleBody = (servers: EndpointServers) => ({
  name: 'Local vLLM',
  kind: 'openai-compatible',
  baseUrl: `${servers.compatible.url}/v1`,
  apiKey: KEY,
});
export const ollamaBody = (servers: EndpointServers) => ({
  name: 'Home Ollama',
  kind: 'ollama',
  baseUrl: servers.ollama.url,
});

/** The endpoint calls of the tests, each checking its status. */
export function endpointCalls(t: Client) {
  const add = (token: string, body: unknown) => t.api('/api/ai-endpoints', { token, body });
  return {
    add,
    addOk: async (token: string, body: Record<string, unknown>) => {
      const res = await add(token, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return customEndpointSchema.parse(res.body.data);
    },
    list: async (token: string) => {
      const res = await t.api('/api/ai-endpoints', { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return customEndpointListSchema.parse(res.body);
    },
    userModels: async (token: string) => {
      const res = await t.api('/api/user-models', { token });
      expect(res.status).toBe(200);
      return userModelListSchema.parse(res.body).data;
    },
  };
}
