import { describe, expect, it } from 'vitest';
import { aiModelListSchema, aiModelSchema, type UserModel, userModelListSchema } from '../../lib/api/contract';
import { CATALOGUE } from '../../server/ai/catalogue';
import { aiModels } from '../../server/db/schema';
import { syncCatalogue } from '../../server/features/ai-settings/ai-models';
import { expectError, expectFieldError, openTestDatabase, setupTestServer, startTestServer } from './harness';

const t = setupTestServer();

const active = CATALOGUE.filter((m) => m.isActive);
const byName = (a: string, b: string) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;

const models = async (token: string, qs = '') => {
  const res = await t.api(`/api/ai-models${qs}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return aiModelListSchema.parse(res.body);
};

describe('GET /api/ai-models', () => {
  it('needs a token', async () => {
    expectError(await t.api('/api/ai-models'), 401);
    expectError(await t.api('/api/user-models'), 401);
  });

  it('defaults to page 1 of 100 active models sorted by displayName ascending', async () => {
    const { jwt } = await t.signUp('cat');
    const list = await models(jwt);
    expect(list.page).toBe(1);
    expect(list.pageSize).toBe(100);
    expect(list.total).toBe(active.length);
    expect(list.data.map((m) => m.displayName)).toEqual(active.map((m) => m.displayName).sort(byName));
    expect(list.data.every((m) => m.isActive)).toBe(true);
    expect(list.data.some((m) => m.model === 'gpt-4-turbo')).toBe(false); // inactive in the catalogue
  });

  it('returns every spec field, with the house flags under the spec names', async () => {
    const { jwt } = await t.signUp('fields');
    const { data } = await models(jwt);
    for (const model of data) expect(aiModelSchema.strict().parse(model)).toEqual(model);
    const house = data.find((m) => m.model === 'trove-chat');
    expect(house).toMatchObject({ provider: 'Trove', isCurateitAI: true, isDefaultForCurateit: true, type: 'Text' });
    const gpt = data.find((m) => m.model === 'gpt-4.1');
    expect(gpt).toMatchObject({
      provider: 'OpenAI',
      isCurateitAI: false,
      is_vision_enabled: true,
      content_length: 1_047_576,
    });
    expect(gpt?.languages).toContainEqual({ label: 'English', code: 'en' });
    expect(gpt?.inputPricePerMillion).toBeGreaterThan(0);
  });

  it('honours page, pageSize and type', async () => {
    const { jwt } = await t.signUp('paging');
    const all = await models(jwt);
    const page2 = await models(jwt, '?page=2&pageSize=5');
    expect(page2).toMatchObject({ page: 2, pageSize: 5, total: all.total });
    expect(page2.data).toEqual(all.data.slice(5, 10));
    const beyond = await models(jwt, '?page=99&pageSize=5');
    expect(beyond.data).toEqual([]);
    const images = await models(jwt, '?type=Image');
    expect(images.data.length).toBeGreaterThan(0);
    expect(images.data.every((m) => m.type === 'Image')).toBe(true);
    expect(images.total).toBe(active.filter((m) => m.type === 'Image').length);
  });

  it('rejects bad paging and type values, naming the field', async () => {
    const { jwt } = await t.signUp('badq');
    expectFieldError(await t.api('/api/ai-models?pageSize=0', { token: jwt }), 'pageSize');
    expectFieldError(await t.api('/api/ai-models?pageSize=101', { token: jwt }), 'pageSize');
    expectFieldError(await t.api('/api/ai-models?page=0', { token: jwt }), 'page');
    expectFieldError(await t.api('/api/ai-models?type=Audio', { token: jwt }), 'type');
  });
});

const userModels = async (api: typeof t.api, token: string) => {
  const res = await api('/api/user-models', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return userModelListSchema.parse(res.body).data;
};
const labelsOf = (list: UserModel[], provider: string) => [
  ...new Set(list.filter((m) => m.provider === provider).map((m) => m.label)),
];

describe('GET /api/user-models labels', () => {
  it('without keys and without house models configured, everything is Inactive', async () => {
    const { jwt } = await t.signUp('nokey');
    const list = await userModels(t.api, jwt);
    expect(list).toHaveLength(active.length);
    expect(new Set(list.map((m) => m.label))).toEqual(new Set(['Inactive']));
    expect(list.every((m) => m.enabled && m.providerEnabled)).toBe(true);
  });

  it("a provider key turns that provider's models to API", async () => {
    const { jwt } = await t.signUp('withkey');
    const put = await t.api('/api/ai-settings/keys/openai', {
      method: 'PUT',
      token: jwt,
      body: { apiKey: 'sk-openai-secret-9876' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const list = await userModels(t.api, jwt);
    expect(labelsOf(list, 'OpenAI')).toEqual(['API']);
    expect(labelsOf(list, 'Anthropic')).toEqual(['Inactive']);
    expect(labelsOf(list, 'Trove')).toEqual(['Inactive']);
    expect(JSON.stringify(list)).not.toContain('sk-openai-secret-9876');
    // Each Inactive model says why; usable ones carry no reason.
    const reasonOf = (provider: string) => [
      ...new Set(list.filter((m) => m.provider === provider).map((m) => m.inactiveReason)),
    ];
    expect(reasonOf('OpenAI')).toEqual([null]);
    expect(reasonOf('Anthropic')).toEqual(['Please add your Anthropic API Key in settings to use this model']);
    // Ollama is reached at an address, not with a key: its models ask for that.
    expect(reasonOf('Ollama')).toEqual(['Add your Ollama address in settings to use this model']);
    expect(list.find((m) => m.isDefaultForCurateit)?.inactiveReason).toMatch(/operator has not set up house models/);
  });

  it('house models are Credits when the operator configured a house provider, Inactive without credits', async () => {
    const house = await startTestServer({
      houseProvider: 'openai-compatible',
      houseBaseUrl: 'http://127.0.0.1:9/v1',
      houseApiKey: 'k',
    });
    const broke = await startTestServer({ houseProvider: 'ollama', houseCredits: 0 });
    try {
      const a = await house.signUp('house');
      const list = await userModels(house.api, a.jwt);
      expect(labelsOf(list, 'Trove')).toEqual(['Credits']);
      expect(labelsOf(list, 'OpenAI')).toEqual(['Inactive']);
      const settings = await house.api('/api/ai-settings', { token: a.jwt });
      expect(settings.body.data.credits).toBe(100);
      const houseModel = list.find((m) => m.isDefaultForCurateit);
      const chosen = await house.api('/api/ai-settings/select-model', {
        token: a.jwt,
        body: { modelId: houseModel?.id },
      });
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
      expect(chosen.body.data).toMatchObject({ defaultAI: 'Trove', defaultModel: 'trove-chat' });

      const b = await broke.signUp('broke');
      const brokeList = await userModels(broke.api, b.jwt);
      expect(labelsOf(brokeList, 'Trove')).toEqual(['Inactive']);
      expect(brokeList.find((m) => m.isDefaultForCurateit)?.inactiveReason).toMatch(
        /^You have no credits left to use /,
      );
    } finally {
      await house.close();
      await broke.close();
    }
  });

  it('an unconfigured house model cannot be chosen', async () => {
    const { jwt } = await t.signUp('nohouse');
    const list = await userModels(t.api, jwt);
    const houseModel = list.find((m) => m.isCurateitAI);
    const res = await t.api('/api/ai-settings/select-model', { token: jwt, body: { modelId: houseModel?.id } });
    expect(expectError(res, 400).message).toContain('not available');
  });

  it('a bad house configuration stops the server from starting', async () => {
    await expect(startTestServer({ houseProvider: 'openai-compatible' })).rejects.toThrow(/TROVE_HOUSE_BASE_URL/);
  });
});

describe('catalogue sync', () => {
  it('is idempotent and keeps ids stable', async () => {
    const database = await openTestDatabase();
    try {
      await syncCatalogue(database.db);
      const first = await database.db
        .select({ id: aiModels.id, model: aiModels.model, provider: aiModels.provider })
        .from(aiModels);
      await syncCatalogue(database.db);
      const second = await database.db
        .select({ id: aiModels.id, model: aiModels.model, provider: aiModels.provider })
        .from(aiModels);
      expect(first).toHaveLength(CATALOGUE.length);
      expect(new Set(second.map((r) => JSON.stringify(r)))).toEqual(new Set(first.map((r) => JSON.stringify(r))));
    } finally {
      await database.close();
    }
  });
});
