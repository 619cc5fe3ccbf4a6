import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiSettingsSchema, missingKeyMessage, userModelListSchema } from '../../lib/api/contract';
import { decryptSecret, keyContext } from '../../server/ai/crypto';
import { openDatabase } from '../../server/db/client';
import { userAiSettings } from '../../server/db/schema';
import { expectError, expectFieldError, SECRET, setupTestServer, startTestServer } from './harness';

const t = setupTestServer();

const OPENAI_KEY = 'sk-proj-PLAINTEXT-never-shown-4242';

const settings = async (token: string, api = t.api) => {
  const res = await api('/api/ai-settings', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return aiSettingsSchema.parse(res.body.data);
};
const putKey = (token: string, provider: string, body: unknown) =>
  t.api(`/api/ai-settings/keys/${provider}`, { method: 'PUT', token, body });
const userModels = async (token: string) => {
  const res = await t.api('/api/user-models', { token });
  expect(res.status).toBe(200);
  return userModelListSchema.parse(res.body).data;
};
const modelId = async (token: string, model: string) => {
  const found = (await userModels(token)).find((m) => m.model === model);
  if (!found) throw new Error(`no model ${model}`);
  return found.id;
};

describe('GET/PUT /api/ai-settings', () => {
  it('needs a token', async () => {
    expectError(await t.api('/api/ai-settings'), 401);
    expectError(await t.api('/api/ai-settings', { method: 'PUT', body: {} }), 401);
    expectError(await t.api('/api/change-provider-status', { body: { provider: 'OpenAI', enabled: false } }), 401);
  });

  it('starts empty: no defaults, no keys, starting credits, every provider listed', async () => {
    const { jwt } = await t.signUp('empty');
    const s = await settings(jwt);
    expect(s).toMatchObject({
      enableModels: [],
      defaultAI: null,
      defaultModel: null,
      defaultLanguage: null,
      credits: 100,
    });
    expect(s.openaiAPIKey).toBeNull();
    expect(s.openaiSharedAPIKey).toBeNull();
    expect(s.openaiOriginalKey).toBeNull();
    expect(s.anthropicAPIKey).toBeNull();
    expect(s.providers.map((p) => p.provider)).toEqual([
      'OpenAI',
      'Anthropic',
      'Google',
      'Mistral',
      'Groq',
      'Ollama',
      'Trove',
    ]);
    expect(s.providers.every((p) => p.apiKey === null && p.enabled)).toBe(true);
  });

  it('updates the settings fields', async () => {
    const { jwt } = await t.signUp('upd');
    const persona = await t.api('/api/personas', { token: jwt, body: { data: { name: 'Editor', text: 'Edit.' } } });
    const voice = await t.api('/api/brand-voices', { token: jwt, body: { data: { name: 'Warm', text: 'Be warm.' } } });
    const body = {
      enableModels: [1, 2],
      defaultLanguage: 'fr',
      defaultBrandPersona: persona.body.data.id,
      defaultBrandPersonaName: 'Editor',
      defaultBrandVoiceId: voice.body.data.id,
      defaultBrandVoiceName: 'Friendly',
    };
    const res = await t.api('/api/ai-settings', { method: 'PUT', token: jwt, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject(body);
    expect(await settings(jwt)).toMatchObject(body);
    const cleared = await t.api('/api/ai-settings', { method: 'PUT', token: jwt, body: { defaultLanguage: null } });
    expect(cleared.body.data).toMatchObject({ defaultLanguage: null, defaultBrandVoiceName: 'Friendly' });
  });

  it('rejects bad fields, naming them, and never takes a key through settings', async () => {
    const { jwt } = await t.signUp('badset');
    const put = (body: unknown) => t.api('/api/ai-settings', { method: 'PUT', token: jwt, body });
    expectFieldError(await put({ defaultBrandPersona: 'x' }), 'defaultBrandPersona');
    expectFieldError(await put({ enableModels: 'all' }), 'enableModels');
    expectFieldError(await put({ defaultAI: 'Nope' }), 'defaultAI');
    expectFieldError(await put({ defaultModel: 'no-such-model' }), 'defaultModel');
    expect(expectError(await put({ openaiAPIKey: OPENAI_KEY }), 400).message).toContain('openaiAPIKey');
    expect((await settings(jwt)).openaiAPIKey).toBeNull();
  });

  it('refuses enableModels ids that are no model of the user, naming the field and the ids; the list is unchanged', async () => {
    const { jwt } = await t.signUp('enable');
    const put = (body: unknown) => t.api('/api/ai-settings', { method: 'PUT', token: jwt, body });
    const known = await modelId(jwt, 'gpt-4o-mini');
    const saved = await put({ enableModels: [known] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const errors = expectFieldError(
      await put({ enableModels: [known, 999_998, 999_999, 999_998] }),
      'enableModels',
      'Unknown model ids: 999998, 999999',
    );
    expect(errors).toHaveLength(1);
    expectFieldError(await put({ enableModels: [999_997] }), 'enableModels', 'Unknown model id: 999997');
    expect((await settings(jwt)).enableModels).toEqual([known]);
  });

  it("another user's settings are never visible", async () => {
    const a = await t.signUp('ownera');
    const b = await t.signUp('ownerb');
    expect((await putKey(a.jwt, 'openai', { apiKey: OPENAI_KEY })).status).toBe(200);
    await t.api('/api/ai-settings', { method: 'PUT', token: a.jwt, body: { defaultLanguage: 'de' } });
    const theirs = await settings(b.jwt);
    expect(theirs.openaiAPIKey).toBeNull();
    expect(theirs.defaultLanguage).toBeNull();
    expect((await userModels(b.jwt)).filter((m) => m.provider === 'OpenAI').every((m) => m.label === 'Inactive')).toBe(
      true,
    );
  });
});

describe('Chat Settings checkboxes in ai_settings', () => {
  it('start with the defaults: Cost Estimate and Enable Memory off, the rest on', async () => {
    const { jwt } = await t.signUp('flags');
    expect(await settings(jwt)).toMatchObject({
      costEstimate: false,
      enableMemory: false,
      streaming: true,
      followUpQuestions: true,
      showCitations: true,
    });
  });

  it('an update changes only the flags sent and is read back', async () => {
    const { jwt } = await t.signUp('flagset');
    const put = (body: unknown) => t.api('/api/ai-settings', { method: 'PUT', token: jwt, body });
    const res = await put({ streaming: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = {
      costEstimate: false,
      enableMemory: false,
      streaming: false,
      followUpQuestions: true,
      showCitations: true,
    };
    expect(aiSettingsSchema.parse(res.body.data)).toMatchObject(expected);
    expect(await settings(jwt)).toMatchObject(expected);

    await put({ costEstimate: true, enableMemory: true, showCitations: false, defaultLanguage: 'fr' });
    expect(await settings(jwt)).toMatchObject({
      costEstimate: true,
      enableMemory: true,
      streaming: false,
      followUpQuestions: true,
      showCitations: false,
      defaultLanguage: 'fr',
    });
    // another user's flags are untouched
    expect((await settings((await t.signUp('flagother')).jwt)).streaming).toBe(true);
  });

  it('a flag that is not a boolean is a 400 naming it, and nothing is saved', async () => {
    const { jwt } = await t.signUp('flagbad');
    const put = (body: unknown) => t.api('/api/ai-settings', { method: 'PUT', token: jwt, body });
    for (const field of ['costEstimate', 'enableMemory', 'streaming', 'followUpQuestions', 'showCitations']) {
      for (const value of ['true', 1, null, {}]) {
        expectFieldError(await put({ [field]: value, defaultLanguage: 'de' }), field);
      }
    }
    expect(await settings(jwt)).toMatchObject({ streaming: true, costEstimate: false, defaultLanguage: null });
  });
});

describe('model selection', () => {
  it('refuses a model whose provider has no key, with the exact message, and saves nothing', async () => {
    const { jwt } = await t.signUp('refuse');
    const viaPut = await t.api('/api/ai-settings', { method: 'PUT', token: jwt, body: { defaultModel: 'gpt-4.1' } });
    expect(expectError(viaPut, 400).message).toBe('Please add your OpenAI API Key in settings to use this model');
    const viaSelect = await t.api('/api/ai-settings/select-model', {
      token: jwt,
      body: { modelId: await modelId(jwt, 'claude-sonnet-4-5') },
    });
    expect(expectError(viaSelect, 400).message).toBe(missingKeyMessage('Anthropic'));
    expect(viaSelect.body.error.message).toBe('Please add your Anthropic API Key in settings to use this model');
    const image = await t.api('/api/ai-settings/select-model', {
      token: jwt,
      body: { modelId: await modelId(jwt, 'gpt-image-1'), kind: 'image' },
    });
    expect(expectError(image, 400).message).toBe('Please add your OpenAI API Key in settings to use this model');
    expect(await settings(jwt)).toMatchObject({ defaultAI: null, defaultModel: null, defaultImageModel: null });
  });

  it('with a key the model becomes the default (text and image)', async () => {
    const { jwt } = await t.signUp('choose');
    await putKey(jwt, 'OpenAI', { apiKey: OPENAI_KEY });
    const put = await t.api('/api/ai-settings', { method: 'PUT', token: jwt, body: { defaultModel: 'gpt-4.1-mini' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ defaultAI: 'OpenAI', defaultModel: 'gpt-4.1-mini' });
    const image = await t.api('/api/ai-settings/select-model', {
      token: jwt,
      body: { modelId: await modelId(jwt, 'gpt-image-1'), kind: 'image' },
    });
    expect(image.body.data).toMatchObject({
      defaultImageAI: 'OpenAI',
      defaultImageModel: 'gpt-image-1',
      defaultModel: 'gpt-4.1-mini',
    });
    const wrongKind = await t.api('/api/ai-settings/select-model', {
      token: jwt,
      body: { modelId: await modelId(jwt, 'gpt-4o'), kind: 'image' },
    });
    expectFieldError(wrongKind, 'kind');
    expectFieldError(await t.api('/api/ai-settings/select-model', { token: jwt, body: { modelId: 'x' } }), 'modelId');
    expectError(await t.api('/api/ai-settings/select-model', { token: jwt, body: { modelId: 999999 } }), 404);
  });
});

describe('provider keys', () => {
  it('are encrypted at rest, masked in every response, and removable', async () => {
    const own = await startTestServer();
    let userId = 0;
    try {
      const { jwt, user } = await own.signUp('crypt');
      userId = user.id;
      const put = await own.api('/api/ai-settings/keys/openai', {
        method: 'PUT',
        token: jwt,
        body: { apiKey: OPENAI_KEY },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.data.openaiAPIKey).toBe('••••4242');
      expect(put.body.data.providers.find((p: { slug: string }) => p.slug === 'openai')).toMatchObject({
        apiKey: '••••4242',
        enabled: true,
      });
      for (const path of ['/api/ai-settings', '/api/user-models', '/api/ai-models']) {
        const res = await own.api(path, { token: jwt });
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain('PLAINTEXT');
      }
      expect(JSON.stringify(put.body)).not.toContain('PLAINTEXT');
      expect((await settings(jwt, own.api)).openaiAPIKey).toBe('••••4242');
    } finally {
      await own.server.stop();
    }
    // The raw row: ciphertext only, which the server's secret (and only for this user and field) decrypts.
    const database = await openDatabase({ databaseUrl: own.config.databaseUrl, dataDir: own.config.dataDir });
    try {
      const [row] = await database.db.select().from(userAiSettings).where(eq(userAiSettings.userId, userId));
      expect(JSON.stringify(row)).not.toContain('PLAINTEXT');
      const stored = row?.keys.openaiAPIKey ?? '';
      expect(Buffer.from(stored, 'base64').length).toBeGreaterThan(12 + 16);
      expect(decryptSecret(SECRET, stored, keyContext(userId, 'openaiAPIKey'))).toBe(OPENAI_KEY);
      expect(() => decryptSecret(SECRET, stored, keyContext(userId + 1, 'openaiAPIKey'))).toThrow();
      expect(() => decryptSecret('y'.repeat(48), stored, keyContext(userId, 'openaiAPIKey'))).toThrow();
    } finally {
      await database.close();
      await own.close();
    }
  });

  it('removing a key turns the labels back to Inactive', async () => {
    const { jwt } = await t.signUp('remove');
    await putKey(jwt, 'anthropic', { apiKey: 'sk-ant-0000-abcd' });
    expect((await userModels(jwt)).filter((m) => m.provider === 'Anthropic').every((m) => m.label === 'API')).toBe(
      true,
    );
    const del = await t.api('/api/ai-settings/keys/anthropic', { method: 'DELETE', token: jwt });
    expect(del.status).toBe(200);
    expect(del.body.data.anthropicAPIKey).toBeNull();
    expect((await userModels(jwt)).filter((m) => m.provider === 'Anthropic').every((m) => m.label === 'Inactive')).toBe(
      true,
    );
  });

  it('replacing a key shows the new mask; short keys show no characters', async () => {
    const { jwt } = await t.signUp('replace');
    await putKey(jwt, 'google', { apiKey: 'AIza-first-key-1111' });
    const again = await putKey(jwt, 'google', { apiKey: 'AIza-second-key-2222' });
    expect(again.body.data.googleAPIKey).toBe('••••2222');
    expect((await putKey(jwt, 'mistral', { apiKey: 'short' })).body.data.mistralAPIKey).toBe('••••');
  });

  it('an OpenAI-compatible base URL is kept; Ollama is usable with a base URL alone', async () => {
    const { jwt } = await t.signUp('baseurl');
    const groq = await putKey(jwt, 'groq', {
      apiKey: 'gsk_abcdefgh5678',
      baseUrl: 'https://api.groq.example/openai/v1',
    });
    expect(groq.body.data.providers.find((p: { slug: string }) => p.slug === 'groq')).toMatchObject({
      apiKey: '••••5678',
      baseUrl: 'https://api.groq.example/openai/v1',
    });
    const ollama = await putKey(jwt, 'ollama', { baseUrl: 'http://127.0.0.1:11434' });
    expect(ollama.status, JSON.stringify(ollama.body)).toBe(200);
    const list = await userModels(jwt);
    expect(list.filter((m) => m.provider === 'Ollama').every((m) => m.label === 'API')).toBe(true);
    expect(list.filter((m) => m.provider === 'Groq').every((m) => m.label === 'API')).toBe(true);
  });

  it('rejects bad key requests, naming the field', async () => {
    const { jwt } = await t.signUp('badkey');
    expectFieldError(await putKey(jwt, 'openai', {}), 'apiKey');
    expectFieldError(await putKey(jwt, 'openai', { apiKey: '' }), 'apiKey');
    expectFieldError(await putKey(jwt, 'openai', { apiKey: 'sk-x', baseUrl: 'ftp://x' }), 'baseUrl');
    expectFieldError(await putKey(jwt, 'ollama', {}), 'baseUrl');
    expectFieldError(await putKey(jwt, 'nosuch', { apiKey: 'sk-x' }), 'provider');
    expectFieldError(await putKey(jwt, 'trove', { apiKey: 'sk-x' }), 'provider');
    expectFieldError(await t.api('/api/ai-settings/keys/nosuch', { method: 'DELETE', token: jwt }), 'provider');
  });
});

describe('provider and model switches', () => {
  it('change-provider-status turns a provider off and on', async () => {
    const { jwt } = await t.signUp('provsw');
    await putKey(jwt, 'openai', { apiKey: OPENAI_KEY });
    const off = await t.api('/api/change-provider-status', {
      token: jwt,
      body: { provider: 'OpenAI', enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.providers.find((p: { slug: string }) => p.slug === 'openai').enabled).toBe(false);
    const list = await userModels(jwt);
    expect(list.filter((m) => m.provider === 'OpenAI').every((m) => m.label === 'Inactive' && !m.providerEnabled)).toBe(
      true,
    );
    const refused = await t.api('/api/ai-settings/select-model', {
      token: jwt,
      body: { modelId: await modelId(jwt, 'gpt-4o') },
    });
    expect(expectError(refused, 400).message).toBe('OpenAI is turned off in your AI settings');
    await t.api('/api/change-provider-status', { token: jwt, body: { provider: 'openai', enabled: true } });
    expect((await userModels(jwt)).filter((m) => m.provider === 'OpenAI').every((m) => m.label === 'API')).toBe(true);
  });

  it('change-model-status turns one model off and on', async () => {
    const { jwt } = await t.signUp('modsw');
    await putKey(jwt, 'openai', { apiKey: OPENAI_KEY });
    const id = await modelId(jwt, 'gpt-4o');
    const off = await t.api('/api/change-model-status', { token: jwt, body: { modelId: id, enabled: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const list = await userModels(jwt);
    expect(list.find((m) => m.id === id)).toMatchObject({ label: 'Inactive', enabled: false, providerEnabled: true });
    expect(list.find((m) => m.model === 'gpt-4.1')?.label).toBe('API');
    await t.api('/api/change-model-status', { token: jwt, body: { modelId: id, enabled: true } });
    expect((await userModels(jwt)).find((m) => m.id === id)?.label).toBe('API');
  });

  it('rejects bad switch requests', async () => {
    const { jwt } = await t.signUp('badsw');
    expectFieldError(
      await t.api('/api/change-provider-status', { token: jwt, body: { provider: 'Nope', enabled: true } }),
      'provider',
    );
    expectFieldError(
      await t.api('/api/change-provider-status', { token: jwt, body: { provider: 'OpenAI' } }),
      'enabled',
    );
    expectFieldError(
      await t.api('/api/change-model-status', { token: jwt, body: { modelId: 1, enabled: 'yes' } }),
      'enabled',
    );
    expectError(
      await t.api('/api/change-model-status', { token: jwt, body: { modelId: 999999, enabled: false } }),
      404,
    );
  });
});
