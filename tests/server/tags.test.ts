import { describe, expect, it } from 'vitest';
import { dataOf, listOf, tagSchema, tagWithPathSchema } from '../../lib/api/contract';
import { messages } from '../../lib/api/validators';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();

const createTag = (token: string, data: Record<string, unknown>) => t.api('/api/tags', { token, body: { data } });
const listTags = async (token: string) => {
  const res = await t.api('/api/tags', { token });
  expect(res.status).toBe(200);
  return listOf(tagWithPathSchema).parse(res.body);
};

describe('POST /api/tags', () => {
  it('creates a tag', async () => {
    const { jwt } = await t.signUp('tag');
    const res = await createTag(jwt, { tag: '  reading  ' });
    expect(res.status).toBe(201);
    const { data } = dataOf(tagSchema).parse(res.body);
    expect(data).toEqual({
      id: expect.any(Number),
      tag: 'reading',
      parentId: null,
      color: null,
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(data.createdAt))).toBe(false);
    expect(await listTags(jwt)).toEqual({ data: [{ ...data, path: 'reading' }], total: 1 });
  });

  it('creating an existing name, in any case, returns the same tag', async () => {
    const { jwt } = await t.signUp('same');
    const first = await createTag(jwt, { tag: 'Research' });
    for (const tag of ['Research', 'research', 'RESEARCH', ' research ']) {
      const again = await createTag(jwt, { tag });
      expect(again.status).toBe(201);
      expect(again.body.data).toEqual(first.body.data);
    }
    expect((await listTags(jwt)).total).toBe(1);
  });

  // JavaScript and the database fold these letters differently (final sigma, dotted capital I): a name
  // must be found again by the database's own folding, whatever the database's locale does with them
  it.each(['ΚΟΣΜΟΣ', 'ΟΔΟΣ', 'İstanbul', 'STRASSE ß'])(
    '%s: created once, then found, also as a gem tag',
    async (tag) => {
      const { jwt } = await t.signUp('fold');
      const first = await createTag(jwt, { tag });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const again = await createTag(jwt, { tag });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.data).toEqual(first.body.data);
      for (let i = 0; i < 2; i++) {
        const gem = await t.api('/api/gems', {
          token: jwt,
          body: { data: { title: 'x', url: `https://example.com/${i}`, tags: [tag, `${tag} new`, `${tag} new`] } },
        });
        expect(gem.status, JSON.stringify(gem.body)).toBe(201);
        expect(gem.body.data.tags.map((x: { tag: string }) => x.tag).sort()).toEqual([tag, `${tag} new`].sort());
        expect(gem.body.data.tags.find((x: { tag: string }) => x.tag === tag).id).toBe(first.body.data.id);
      }
      expect((await listTags(jwt)).total).toBe(2);
    },
  );

  it('accepts the Strapi-style users field and a parent tag of the same user', async () => {
    const { jwt, user } = await t.signUp('parent');
    const parent = await createTag(jwt, { tag: 'parent', users: user.id });
    const child = await createTag(jwt, { tag: 'child', parentId: parent.body.data.id });
    expect(child.status).toBe(201);
    expect(child.body.data.parentId).toBe(parent.body.data.id);
  });

  it("another user's tag as parent is a 404 and creates nothing", async () => {
    const a = await t.signUp('owner');
    const b = await t.signUp('intruder');
    const theirs = await createTag(a.jwt, { tag: 'private' });
    const res = await createTag(b.jwt, { tag: 'sneaky', parentId: theirs.body.data.id });
    expectError(res, 404, 'NotFoundError');
    expect(await listTags(b.jwt)).toEqual({ data: [], total: 0 });
    expect((await listTags(a.jwt)).data.map((x) => x.tag)).toEqual(['private']);
  });

  it('the same name for two users is two tags', async () => {
    const a = await t.signUp('twoa');
    const b = await t.signUp('twob');
    const ta = await createTag(a.jwt, { tag: 'shared' });
    const tb = await createTag(b.jwt, { tag: 'Shared' });
    expect(tb.status).toBe(201);
    expect(tb.body.data.id).not.toBe(ta.body.data.id);
    expect(tb.body.data.tag).toBe('Shared');
    expect((await listTags(a.jwt)).data).toEqual([{ ...ta.body.data, path: 'shared' }]);
    expect((await listTags(b.jwt)).data).toEqual([{ ...tb.body.data, path: 'Shared' }]);
  });

  it('validates the body and names the field', async () => {
    const { jwt } = await t.signUp('bad');
    expectFieldError(await createTag(jwt, { tag: '' }), 'data.tag', messages.required);
    expectFieldError(await createTag(jwt, { tag: '   ' }), 'data.tag', messages.required);
    expectFieldError(await createTag(jwt, {}), 'data.tag', messages.required);
    expectFieldError(await createTag(jwt, { tag: 'x'.repeat(101) }), 'data.tag', messages.tooLong);
    expectFieldError(await createTag(jwt, { tag: 'ok', parentId: 'abc' }), 'data.parentId');
    expectFieldError(await t.api('/api/tags', { token: jwt, body: { tag: 'no data wrapper' } }), 'data');
    const notJson = expectError(await t.api('/api/tags', { token: jwt, body: '{"data":' }), 400);
    expect(notJson.message).toBe('Request body must be valid JSON');
    expectError(await createTag(jwt, { tag: 'orphan', parentId: 999_999 }), 404);
    expect(await listTags(jwt)).toEqual({ data: [], total: 0 });
  });

  it('needs a token', async () => {
    expectError(await t.api('/api/tags', { body: { data: { tag: 'x' } } }), 401, 'UnauthorizedError');
  });
});

describe('GET /api/tags', () => {
  it("lists only the user's tags, sorted case-insensitively", async () => {
    const a = await t.signUp('lista');
    const b = await t.signUp('listb');
    for (const tag of ['zeta', 'Beta', 'alpha']) await createTag(a.jwt, { tag });
    await createTag(b.jwt, { tag: 'other' });
    const list = await listTags(a.jwt);
    expect(list.total).toBe(3);
    expect(list.data.map((x) => x.tag)).toEqual(['alpha', 'Beta', 'zeta']);
  });

  it('includes tags created on the fly by gems', async () => {
    const { jwt } = await t.signUp('fly');
    const existing = await createTag(jwt, { tag: 'Known' });
    const gem = await t.api('/api/gems', {
      token: jwt,
      body: { data: { title: 'g', url: 'https://example.com/', tags: ['known', 'Fresh', existing.body.data.id] } },
    });
    expect(gem.status).toBe(201);
    expect(gem.body.data.tags.map((x: { tag: string }) => x.tag)).toEqual(['Fresh', 'Known']);
    const list = await listTags(jwt);
    expect(list.data.map((x) => x.tag)).toEqual(['Fresh', 'Known']);
    expect(list.data.find((x) => x.tag === 'Known')?.id).toBe(existing.body.data.id);
  });

  it('needs a token', async () => {
    expectError(await t.api('/api/tags'), 401, 'UnauthorizedError');
  });
});
