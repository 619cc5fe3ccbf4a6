/**
 * A model of the user's own endpoint as the default model: the settings name the endpoint as its
 * provider (`defaultAI`), and `PUT /api/ai-settings` takes back what it answered, provider and model,
 * also after the endpoint (or one of its models) is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSettingsSchema, customEndpointSchema, userModelListSchema } from '../../lib/api/contract';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
let lab: FakeProvider;

beforeAll(async () => {
  lab = await startFakeProvider({ models: { openai: ['gpt-4o-mini', 'lab-model'] } });
});
afterAll(async () => {
  await lab?.close();
});

describe("an endpoint's model as the default", () => {
  it('is set by provider (the endpoint, any case) and model, as the settings name it; an unknown provider is a 400', async () => {
    const { jwt: token } = await t.signUp('labdefault');
    const added = await t.api('/api/ai-endpoints', {
      token,
      body: { name: 'My Lab', kind: 'openai-compatible', baseUrl: `${lab.url}/v1` },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const model = customEndpointSchema.parse(added.body.data).models.find((m) => m.model === 'gpt-4o-mini');
    const selected = await t.api('/api/ai-settings/select-model', { token, body: { modelId: model?.id } });
    const settings = aiSettingsSchema.parse(selected.body.data);
    expect(settings).toMatchObject({ defaultAI: 'My Lab', defaultModel: 'gpt-4o-mini' });

    const put = (body: Record<string, unknown>) => t.api('/api/ai-settings', { method: 'PUT', token, body });
    const again = await put({ defaultAI: settings.defaultAI, defaultModel: settings.defaultModel });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ defaultAI: 'My Lab', defaultModel: 'gpt-4o-mini' });
    const folded = await put({ defaultAI: 'my lab', defaultModel: 'lab-model' });
    expect(folded.status, JSON.stringify(folded.body)).toBe(200);
    expect(folded.body.data).toMatchObject({ defaultAI: 'My Lab', defaultModel: 'lab-model' });

    expectFieldError(await put({ defaultAI: 'Nobody', defaultModel: 'lab-model' }), 'defaultAI');
  });
});

describe("an endpoint's models gone", () => {
  const setUp = async (name: string) => {
    const { jwt: token } = await t.signUp(name);
    const added = await t.api('/api/ai-endpoints', {
      token,
      body: { name: 'Gone Lab', kind: 'openai-compatible', baseUrl: `${lab.url}/v1` },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const endpoint = customEndpointSchema.parse(added.body.data);
    const models = await t.api('/api/user-models', { token });
    const builtIn = userModelListSchema.parse(models.body).data.find((m) => m.endpoint === null);
    if (!builtIn) throw new Error('no built-in model');
    const ids = endpoint.models.map((m) => m.id);
    const put = (body: Record<string, unknown>) => t.api('/api/ai-settings', { method: 'PUT', token, body });
    const saved = await put({ enableModels: [ids[0], builtIn.id, ids[1]] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const selected = await t.api('/api/ai-settings/select-model', { token, body: { modelId: ids[1] } });
    expect(selected.body.data).toMatchObject({ defaultAI: 'Gone Lab' });
    return { token, endpoint, builtIn, put };
  };
  /** Saves the settings back exactly as GET answers them (what a settings page does). */
  const saveAsAnswered = async (token: string, put: (body: Record<string, unknown>) => Promise<{ status: number }>) => {
    const current = aiSettingsSchema.parse((await t.api('/api/ai-settings', { token })).body.data);
    const { enableModels, defaultAI, defaultModel } = current;
    const again = await put({ enableModels, ...(defaultModel ? { defaultAI, defaultModel } : {}) });
    expect(again.status, JSON.stringify(again)).toBe(200);
    return current;
  };

  it('removing the endpoint drops its models from enableModels and clears the default that was one of them', async () => {
    const { token, endpoint, builtIn, put } = await setUp('goneendpoint');
    const removed = await t.api(`/api/ai-endpoints/${endpoint.id}`, { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    const current = await saveAsAnswered(token, put);
    expect(current).toMatchObject({ enableModels: [builtIn.id], defaultAI: null, defaultModel: null });
  });

  it('a refresh that no longer finds a model drops it the same way; the models still there stay', async () => {
    const fake = await startFakeProvider({ models: { openai: ['stays', 'goes'] } });
    try {
      const { jwt: token } = await t.signUp('gonemodel');
      const added = await t.api('/api/ai-endpoints', {
        token,
        body: { name: 'Shrinking', kind: 'openai-compatible', baseUrl: `${fake.url}/v1` },
      });
      const endpoint = customEndpointSchema.parse(added.body.data);
      const idOf = (model: string) => endpoint.models.find((m) => m.model === model)?.id as number;
      const put = (body: Record<string, unknown>) => t.api('/api/ai-settings', { method: 'PUT', token, body });
      expect((await put({ enableModels: [idOf('goes'), idOf('stays')] })).status).toBe(200);
      await t.api('/api/ai-settings/select-model', { token, body: { modelId: idOf('goes') } });
      fake.setModels({ openai: ['stays'] });
      const refreshed = await t.api(`/api/ai-endpoints/${endpoint.id}/refresh`, { token, body: {} });
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
      const current = await saveAsAnswered(token, put);
      expect(current).toMatchObject({ enableModels: [idOf('stays')], defaultAI: null, defaultModel: null });
    } finally {
      await fake.close();
    }
  });
});
