import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aiModelListSchema, userModelListSchema } from '../../lib/api/contract';
import { configFromEnv } from '../../server/config';
import { startTestServer } from './harness';

/** TROVE_MODELS_FILE: the operator's catalogue, applied at start; an invalid file stops the server. */

const dir = mkdtempSync(join(tmpdir(), 'trove-models-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const modelsFile = (content: unknown) => {
  const file = join(dir, `models-${++files}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('a valid file', () => {
  it('adds, changes and switches off catalogue and house models', async () => {
    const file = modelsFile({
      models: [
        {
          provider: 'OpenAI',
          model: 'gpt-5',
          displayName: 'GPT-5',
          content_length: 400_000,
          inputPricePerMillion: 1.25,
          outputPricePerMillion: 10,
          is_vision_enabled: true,
          is_reasoning_enabled: true,
        },
        { provider: 'OpenAI', model: 'gpt-4o', displayName: 'GPT-4o (2024)', inputPricePerMillion: 2 },
        { provider: 'Groq', model: 'llama-3.3-70b-versatile', isActive: false },
        { provider: 'Trove', model: 'trove-large', displayName: 'Trove Large', content_length: 200_000 },
        { provider: 'Trove', model: 'trove-fast', isActive: false },
      ],
    });
    const own = await startTestServer({ modelsFile: file }, { isolated: true });
    try {
      const { jwt } = await own.signUp('operator');
      const res = await own.api('/api/ai-models', { token: jwt });
      expect(res.status).toBe(200);
      const models = aiModelListSchema.parse(res.body).data;
      const find = (model: string) => models.find((m) => m.model === model);
      expect(find('gpt-5')).toMatchObject({
        provider: 'OpenAI',
        displayName: 'GPT-5',
        content_length: 400_000,
        inputPricePerMillion: 1.25,
        outputPricePerMillion: 10,
        is_vision_enabled: true,
        is_reasoning_enabled: true,
        isActive: true,
        isCurateitAI: false,
        logoLink: '/ai-logos/openai.svg',
      });
      // Changed field by field: what the file does not name stays as built in.
      expect(find('gpt-4o')).toMatchObject({
        displayName: 'GPT-4o (2024)',
        inputPricePerMillion: 2,
        outputPricePerMillion: 10,
        content_length: 128_000,
      });
      expect(find('llama-3.3-70b-versatile')).toBeUndefined();
      expect(find('trove-fast')).toBeUndefined();
      expect(find('trove-large')).toMatchObject({ isCurateitAI: true, isDefaultForCurateit: false });
      expect(find('trove-chat')).toMatchObject({ isCurateitAI: true, isDefaultForCurateit: true });
      const user = userModelListSchema.parse((await own.api('/api/user-models', { token: jwt })).body).data;
      expect(user.find((m) => m.model === 'trove-large')?.label).toBe('Inactive'); // no house provider here
    } finally {
      await own.close();
    }
  });

  it('is named by TROVE_MODELS_FILE (resolved to an absolute path)', () => {
    expect(configFromEnv({ DATA_DIR: dir, TROVE_MODELS_FILE: 'models.json' }).modelsFile).toBe(
      join(process.cwd(), 'models.json'),
    );
    expect(configFromEnv({ DATA_DIR: dir }).modelsFile).toBeUndefined();
  });
});

describe('an invalid file stops the server with a message naming the file, the entry and the field', () => {
  const refused = async (content: unknown) => {
    const file = modelsFile(content);
    let message = '';
    await startTestServer({ modelsFile: file }, { isolated: true }).then(
      (s) => s.close(),
      (error: Error) => {
        message = error.message;
      },
    );
    expect(message.startsWith(`TROVE_MODELS_FILE ${file}: `), message).toBe(true);
    return message.slice(`TROVE_MODELS_FILE ${file}: `.length);
  };

  it('a wrong type or an unknown field', async () => {
    expect(
      await refused({
        models: [
          { provider: 'OpenAI', model: 'gpt-4o' },
          { provider: 'OpenAI', model: 'o3', content_length: 'big' },
        ],
      }),
    ).toBe('models[1] (OpenAI o3): content_length: Invalid input: expected number, received string');
    expect(await refused({ models: [{ provider: 'OpenAI', model: 'gpt-4o', contentLength: 1 }] })).toMatch(
      /^models\[0\] \(OpenAI gpt-4o\): Unrecognized key: "contentLength"/,
    );
  });

  it('an unknown provider', async () => {
    expect(await refused({ models: [{ provider: 'Acme', model: 'x' }] })).toMatch(
      /^models\[0\] \(Acme x\): provider: /,
    );
  });

  it('a new model without what it needs', async () => {
    expect(await refused({ models: [{ provider: 'Anthropic', model: 'claude-next', content_length: 1000 }] })).toBe(
      'models[0] (Anthropic claude-next): displayName: required for a model the catalogue does not have',
    );
  });

  it('two default house models, a model listed twice, not JSON, no file', async () => {
    expect(await refused({ models: [{ provider: 'Trove', model: 'trove-fast', isDefaultHouseModel: true }] })).toBe(
      'isDefaultHouseModel: only one active house model can be the default, got trove-chat, trove-fast',
    );
    expect(
      await refused({
        models: [
          { provider: 'OpenAI', model: 'gpt-4o', isActive: false },
          { provider: 'OpenAI', model: 'gpt-4o', isActive: true },
        ],
      }),
    ).toBe('models[1] (OpenAI gpt-4o): this provider and model are listed twice');
    expect(await refused('{"models": [')).toMatch(/^not valid JSON: /);
    expect(await refused({ model: [] })).toMatch(/^models: /);
    const missing = join(dir, 'missing.json');
    await expect(startTestServer({ modelsFile: missing }, { isolated: true })).rejects.toThrow(
      `TROVE_MODELS_FILE ${missing}: cannot be read: ENOENT`,
    );
  });
});
