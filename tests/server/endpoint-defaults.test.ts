/**
 * A model of the user's own endpoint as the default model: the settings name the endpoint as its
 * provider (`defaultAI`), and `PUT /api/ai-settings` takes back what it answered, provider and model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiSettingsSchema, customEndpointSchema } from '../../lib/api/contract';
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
