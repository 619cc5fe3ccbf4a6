/**
 * Nested tags: paths (`a/b` creates both), rename, move (never under itself or a tag below it), colours, counts alone
 * and with the tags below, merging, deleting one, several or all; another user's tag is a 404 everywhere.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, listOf, pagedListOf, tagCountSchema, tagSchema, tagWithPathSchema } from '../../lib/api/contract';
import { expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';

const t = setupTestServer();

async function tag(s: Session, name: string, parentId?: number) {
  const res = await t.api('/api/tags', { token: s.jwt, body: { data: { tag: name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(tagSchema).parse(res.body).data;
}
async function tags(s: Session) {
  const res = await t.api('/api/tags', { token: s.jwt });
  expect(res.status).toBe(200);
  return listOf(tagWithPathSchema).parse(res.body).data;
}
const paths = async (s: Session) => (await tags(s)).map((x) => x.path).sort();
const put = (s: Session, id: number, data: unknown) =>
  t.api(`/api/tags/${id}`, { method: 'PUT', token: s.jwt, body: { data } });
async function save(s: Session, tagRefs: (string | number)[]) {
  const res = await t.api('/api/gems', { token: s.jwt, body: gemBody({ tags: tagRefs }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}
async function counts(s: Session) {
  const res = await t.api('/api/tag-wise-gem-counts', { token: s.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map(
    listOf(tagCountSchema)
      .parse(res.body)
      .data.map((c) => [c.id, c]),
  );
}

describe('tag paths', () => {
  it('"a/b" creates both, b under a; again it finds them; each tag lists its path', async () => {
    const s = await t.signUp('tagpath');
    const b = await tag(s, ' Reading / Papers ');
    const all = await tags(s);
    const a = all.find((x) => x.tag === 'Reading');
    expect(b).toMatchObject({ tag: 'Papers', parentId: a?.id, color: null });
    expect(await paths(s)).toEqual(['Reading', 'Reading/Papers']);
    const deeper = await tag(s, 'reading/papers/2024');
    expect(deeper.parentId).toBe(b.id);
    expect((await tag(s, 'Reading/Papers')).id).toBe(b.id);
    expect(await paths(s)).toEqual(['Reading', 'Reading/Papers', 'Reading/Papers/2024']);
    expectFieldError(await t.api('/api/tags', { token: s.jwt, body: { data: { tag: ' / ' } } }), 'data.tag');
  });

  it('tag names sent with a gem nest as POST /api/tags does: "a/b" makes or finds the path and attaches b', async () => {
    const s = await t.signUp('gempath');
    const first = await save(s, ['recipes/desserts', 'Plain']);
    expect(await paths(s)).toEqual(['Plain', 'recipes', 'recipes/desserts']);
    const desserts = (await tags(s)).find((x) => x.tag === 'desserts');
    const gem = await t.api(`/api/gems/${first}`, { token: s.jwt });
    expect(gem.body.data.tags.map((x: { tag: string }) => x.tag)).toEqual(['desserts', 'Plain']);
    const second = await save(s, [' Recipes / Desserts ', 'recipes/desserts/vegan']);
    const again = await t.api(`/api/gems/${second}`, { token: s.jwt });
    expect(again.body.data.tags.map((x: { id: number }) => x.id)).toContain(desserts?.id);
    expect(await paths(s)).toEqual(['Plain', 'recipes', 'recipes/desserts', 'recipes/desserts/vegan']);
    const edited = await t.api(`/api/gems/${first}`, {
      method: 'PUT',
      token: s.jwt,
      body: { data: { tags: ['work/urgent'] } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.tags.map((x: { tag: string }) => x.tag)).toEqual(['urgent']);
    expect(await paths(s)).toContain('work/urgent');
    expectFieldError(await t.api('/api/gems', { token: s.jwt, body: gemBody({ tags: [' / '] }) }), 'data.tags.0');
  });
});

describe('PUT /api/tags/{id}', () => {
  it('renames, moves and colours; a taken name is a 409', async () => {
    const s = await t.signUp('tagput');
    const a = await tag(s, 'a');
    const b = await tag(s, 'b');
    const moved = await put(s, b.id, { parentId: a.id, tag: 'Bee', color: '#A0b1C2' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(dataOf(tagWithPathSchema).parse(moved.body).data).toMatchObject({
      id: b.id,
      tag: 'Bee',
      parentId: a.id,
      color: '#a0b1c2',
      path: 'a/Bee',
    });
    expectError(await put(s, b.id, { tag: 'A' }), 409);
    expect((await put(s, b.id, { tag: 'bee' })).body.data.tag).toBe('bee');
    const top = await put(s, b.id, { parentId: null, color: null });
    expect(top.body.data).toMatchObject({ parentId: null, color: null, path: 'bee' });
  });

  it('refuses a move under itself or a tag below it (400 naming data.parentId, saying why)', async () => {
    const s = await t.signUp('tagcycle');
    const top = await tag(s, 'top');
    const mid = await tag(s, 'top/mid');
    const leaf = await tag(s, 'top/mid/leaf');
    for (const parentId of [top.id, mid.id, leaf.id])
      expectFieldError(
        await put(s, top.id, { parentId }),
        'data.parentId',
        'A tag cannot be moved under itself or a tag below it',
      );
    expect(await paths(s)).toEqual(['top', 'top/mid', 'top/mid/leaf']);
  });

  it('validates colours and names, and 404s on another user', async () => {
    const s = await t.signUp('tagbad');
    const other = await t.signUp('tagbadother');
    const a = await tag(s, 'a');
    const theirs = await tag(other, 'theirs');
    for (const color of ['red', '#abc', '#gggggg', '#1234567', 12])
      expectFieldError(await put(s, a.id, { color }), 'data.color');
    expectFieldError(await put(s, a.id, { tag: 'x/y' }), 'data.tag');
    expectFieldError(await put(s, a.id, { tag: '' }), 'data.tag');
    expectError(await put(other, a.id, { tag: 'stolen' }), 404);
    expectError(await put(s, a.id, { parentId: theirs.id }), 404);
    expect((await tags(s)).map((x) => [x.tag, x.parentId, x.color])).toEqual([['a', null, null]]);
  });
});

describe('colours, counts and sub-tags', () => {
  it('PUT /api/tag-colors sets several, all or none', async () => {
    const s = await t.signUp('tagcolors');
    const other = await t.signUp('tagcolorsother');
    const a = await tag(s, 'a');
    const b = await tag(s, 'b');
    const theirs = await tag(other, 'c');
    const colors = (data: unknown) => t.api('/api/tag-colors', { method: 'PUT', token: s.jwt, body: { data } });
    const refused = expectError(
      await colors([
        { id: a.id, color: '#000000' },
        { id: theirs.id, color: '#111111' },
      ]),
      404,
    );
    expect((refused.details as { errors: { path: string }[] }).errors[0]?.path).toBe('data.1.id');
    expectFieldError(await colors([{ id: a.id, color: 'blue' }]), 'data.0.color');
    expectFieldError(await colors([]), 'data');
    expect((await tags(s)).map((x) => x.color)).toEqual([null, null]);
    const res = await colors([
      { id: a.id, color: '#FF0000' },
      { id: b.id, color: '#00ff00' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((x: { color: string }) => x.color)).toEqual(['#ff0000', '#00ff00']);
    const onGem = await t.api('/api/gems', { token: s.jwt, body: gemBody({ tags: [a.id] }) });
    expect(onGem.body.data.tags[0].color).toBe('#ff0000');
  });

  it('counts each tag alone and with the tags below it, each gem once, without trashed gems', async () => {
    const s = await t.signUp('tagcounts');
    const lang = await tag(s, 'lang');
    const ts = await tag(s, 'lang/ts');
    const rust = await tag(s, 'lang/rust');
    await save(s, [lang.id]);
    await save(s, [ts.id]);
    await save(s, [ts.id, lang.id]);
    await save(s, [rust.id, ts.id]);
    const binned = await save(s, [rust.id]);
    await t.api(`/api/gems/${binned}`, { method: 'DELETE', token: s.jwt });
    const c = await counts(s);
    expect(c.get(lang.id)).toEqual({ id: lang.id, parentId: null, count: 2, countWithDescendants: 4 });
    expect(c.get(ts.id)).toEqual({ id: ts.id, parentId: lang.id, count: 3, countWithDescendants: 3 });
    expect(c.get(rust.id)).toMatchObject({ count: 1, countWithDescendants: 1 });
    expect(c.size).toBe(3);
  });

  it('GET /api/sub-tag/{id} pages the tags right under one, by name', async () => {
    const s = await t.signUp('subtags');
    const other = await t.signUp('subtagsother');
    const top = await tag(s, 'top');
    for (const name of ['delta', 'Alpha', 'charlie']) await tag(s, `top/${name}`);
    await tag(s, 'top/Alpha/deeper');
    const res = await t.api(`/api/sub-tag/${top.id}?page=1&perPage=2`, { token: s.jwt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = pagedListOf(tagWithPathSchema).parse(res.body);
    expect(page).toMatchObject({ total: 3, page: 1, perPage: 2 });
    expect(page.data.map((x) => x.path)).toEqual(['top/Alpha', 'top/charlie']);
    expectError(await t.api(`/api/sub-tag/${top.id}`, { token: other.jwt }), 404);
    expectFieldError(await t.api(`/api/sub-tag/${top.id}?page=0`, { token: s.jwt }), 'page');
  });
});

describe('merging and deleting tags', () => {
  it('merges a tag into another: its gems get the other, its children move under it, it is gone', async () => {
    const s = await t.signUp('tagmerge');
    const js = await tag(s, 'js');
    const javascript = await tag(s, 'javascript');
    const react = await tag(s, 'js/react');
    const onlyJs = await save(s, [js.id]);
    const both = await save(s, [js.id, javascript.id]);
    const res = await t.api(`/api/tags/${js.id}/merge/${javascript.id}`, { method: 'POST', token: s.jwt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: javascript.id, path: 'javascript' });
    expect(await paths(s)).toEqual(['javascript', 'javascript/react']);
    for (const id of [onlyJs, both]) {
      const gem = await t.api(`/api/gems/${id}`, { token: s.jwt });
      expect(gem.body.data.tags.map((x: { tag: string }) => x.tag)).toEqual(['javascript']);
    }
    expect((await counts(s)).get(javascript.id)).toMatchObject({ count: 2, countWithDescendants: 2 });
    expect((await counts(s)).has(react.id)).toBe(true);
  });

  it('merges a parent into its own child without a loop; refuses itself and foreign tags', async () => {
    const s = await t.signUp('tagmergeup');
    const other = await t.signUp('tagmergeupother');
    const parent = await tag(s, 'parent');
    const child = await tag(s, 'parent/child');
    await tag(s, 'parent/sibling');
    const theirs = await tag(other, 'theirs');
    expectFieldError(await t.api(`/api/tags/${child.id}/merge/${child.id}`, { method: 'POST', token: s.jwt }), 'into');
    expectError(await t.api(`/api/tags/${child.id}/merge/${theirs.id}`, { method: 'POST', token: s.jwt }), 404);
    expectError(await t.api(`/api/tags/${theirs.id}/merge/${child.id}`, { method: 'POST', token: s.jwt }), 404);
    const res = await t.api(`/api/tags/${parent.id}/merge/${child.id}`, { method: 'POST', token: s.jwt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await paths(s)).toEqual(['child', 'child/sibling']);
  });

  it('deletes one (children move up), several all or none, and all', async () => {
    const s = await t.signUp('tagdel');
    const other = await t.signUp('tagdelother');
    await tag(s, 'a');
    const b = await tag(s, 'a/b');
    await tag(s, 'a/b/c');
    const d = await tag(s, 'd');
    const theirs = await tag(other, 'theirs');
    const gem = await save(s, [b.id, d.id]);
    expect((await t.api(`/api/tags/${b.id}`, { method: 'DELETE', token: s.jwt })).body).toEqual({ data: { id: b.id } });
    expect(await paths(s)).toEqual(['a', 'a/c', 'd']);
    const onGem = await t.api(`/api/gems/${gem}`, { token: s.jwt });
    expect(onGem.body.data.tags.map((x: { tag: string }) => x.tag)).toEqual(['d']);
    expectError(await t.api(`/api/tags/${theirs.id}`, { method: 'DELETE', token: s.jwt }), 404);

    const many = (ids: unknown) => t.api('/api/tags-delete', { method: 'DELETE', token: s.jwt, body: { ids } });
    const refused = expectError(await many([d.id, theirs.id]), 404);
    expect((refused.details as { errors: { path: string }[] }).errors[0]?.path).toBe('ids.1');
    expectFieldError(await many([]), 'ids');
    expect(await paths(s)).toEqual(['a', 'a/c', 'd']);
    const a = (await tags(s)).find((x) => x.tag === 'a');
    expect((await many([a?.id, d.id])).body).toEqual({ data: { deleted: 2 } });
    expect(await paths(s)).toEqual(['c']);

    await tag(s, 'x/y');
    const all = (query: string) => t.api(`/api/delete-all-tags${query}`, { method: 'DELETE', token: s.jwt });
    expectFieldError(await all(''), 'expected');
    expectFieldError(await all('?expected=-1'), 'expected');
    expectError(await all('?expected=2'), 409);
    expect((await tags(s)).length).toBe(3);
    expect((await all('?expected=3')).body).toEqual({ data: { deleted: 3 } });
    expect(await tags(s)).toEqual([]);
    expect((await tags(other)).map((x) => x.tag)).toEqual(['theirs']);
  });
});
