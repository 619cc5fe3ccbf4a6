/**
 * Strict parsing (issue 12): ids are JSON numbers in bodies and plain decimal digits in paths and
 * queries, booleans are booleans, and a JSON body needs a JSON content type.
 */
import { describe, expect, it } from 'vitest';
import { modelIdOf } from './chat-helpers';
import { expectError, expectFieldError, gemBody, setupTestServer, uniqueUsername } from './harness';

const t = setupTestServer();

describe('ids in bodies', () => {
  it('must be JSON numbers: true, "5", 1.5, 0 and 2^31 are 400s naming the field', async () => {
    const s = await t.signUp('ids');
    const token = s.jwt;
    const modelId = await modelIdOf(t, token, 'gpt-4o-mini');
    for (const bad of [true, String(modelId), `0${modelId}`, 1.5, 0, -1, 2 ** 31]) {
      expectFieldError(await t.api('/api/ai-settings/select-model', { token, body: { modelId: bad } }), 'modelId');
      expectFieldError(
        await t.api('/api/change-model-status', { token, body: { modelId: bad, enabled: true } }),
        'modelId',
      );
      expectFieldError(await t.api('/api/gems', { token, body: gemBody({ collectionId: bad }) }), 'data.collectionId');
      expectFieldError(
        await t.api('/api/collections', { token, body: { data: { name: 'Child', parentId: bad } } }),
        'data.parentId',
      );
      expectFieldError(
        await t.api('/api/tags', { token, body: { data: { tag: 'child', parentId: bad } } }),
        'data.parentId',
      );
    }
    const collection = await t.api('/api/collections', { token, body: { data: { name: 'Parent' } } });
    const child = await t.api('/api/collections', {
      token,
      body: { data: { name: 'Child', parentId: collection.body.data.id } },
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    expect(child.body.data.parentId).toBe(collection.body.data.id);
  });

  it('booleans are booleans: "true" and 1 are 400s naming the field', async () => {
    const { jwt: token } = await t.signUp('bools');
    const modelId = await modelIdOf(t, token, 'gpt-4o-mini');
    for (const bad of ['true', 1, 'false', 0]) {
      expectFieldError(await t.api('/api/change-model-status', { token, body: { modelId, enabled: bad } }), 'enabled');
      expectFieldError(
        await t.api('/api/change-provider-status', { token, body: { provider: 'openai', enabled: bad } }),
        'enabled',
      );
    }
  });
});

describe('ids in paths and numbers in queries', () => {
  it('are plain decimal digits: leading zeros, hex, signs, exponents and spaces find nothing', async () => {
    const { jwt: token } = await t.signUp('paths');
    const gem = await t.api('/api/gems', { token, body: gemBody() });
    const collection = await t.api('/api/collections', { token, body: { data: { name: 'Sixteen' } } });
    const gemId: number = gem.body.data.id;
    const collectionId: number = collection.body.data.id;
    expect((await t.api(`/api/gems/${gemId}`, { token })).status).toBe(200);
    expect((await t.api(`/api/collections/${collectionId}`, { token })).status).toBe(200);
    for (const odd of [`0${gemId}`, `00${gemId}`, `+${gemId}`, `${gemId}.0`, `${gemId}e0`, `%20${gemId}`]) {
      expectError(await t.api(`/api/gems/${odd}`, { token }), 404);
    }
    for (const odd of [
      `0x${collectionId.toString(16)}`,
      `0${collectionId}`,
      `${collectionId}e0`,
      `-${collectionId}`,
      `${collectionId}%20`,
    ]) {
      expectError(await t.api(`/api/collections/${odd}`, { token }), 404);
    }
  });

  it('page and perPage must be decimal digits in range', async () => {
    const { jwt: token } = await t.signUp('pages');
    expect((await t.api('/api/get-all-bookmark?page=2&perPage=5', { token })).body).toMatchObject({
      page: 2,
      perPage: 5,
    });
    for (const [query, field] of [
      ['page=0x10', 'page'],
      ['page=1e1', 'page'],
      ['page=01', 'page'],
      ['page=%201', 'page'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['perPage=true', 'perPage'],
      ['perPage=1.5', 'perPage'],
      ['perPage=101', 'perPage'],
    ] as const) {
      expectFieldError(await t.api(`/api/get-all-bookmark?${query}`, { token }), field);
      expectFieldError(await t.api(`/api/chats/history?${query}`, { token }), field);
    }
    expectFieldError(await t.api('/api/ai-models?pageSize=0x10', { token }), 'pageSize');
  });
});

describe('JSON bodies', () => {
  const register = (username: string, contentType: string) =>
    t.api('/api/auth/local/register', {
      body: JSON.stringify({ username, email: `${username.toLowerCase()}@example.test`, password: 'correct-horse-1' }),
      headers: { 'Content-Type': contentType },
    });

  it('sent as text/plain or a form (no CORS preflight) are refused with 415, and nothing is done', async () => {
    const username = uniqueUsername('plain');
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const error = expectError(await register(username, type), 415, 'UnsupportedMediaTypeError');
      expect(error.message).toMatch(/Content-Type: application\/json/);
    }
    expectError(
      await t.api('/api/auth/local', {
        body: JSON.stringify({ identifier: username, password: 'correct-horse-1' }),
        headers: { 'Content-Type': 'text/plain' },
      }),
      415,
    );
    // the account was never created
    expectError(await t.api('/api/auth/local', { body: { identifier: username, password: 'correct-horse-1' } }), 400);
  });

  it('are read with application/json (any charset) or an application/*+json type', async () => {
    expect((await register(uniqueUsername('json'), 'application/json; charset=utf-8')).status).toBe(201);
    expect((await register(uniqueUsername('json'), 'Application/JSON')).status).toBe(201);
    expect((await register(uniqueUsername('json'), 'application/vnd.api+json')).status).toBe(201);
  });
});
