/**
 * Following public collections (server/features/following/): follow by id or by address, the refusals (your own, not
 * public, twice, another's id), the Following list of gems with the collection and owner, the new counts and their
 * reset, sub-collections as the public page shows them, and an unpublication ending what followers see at once.
 * One server for the file; runs on PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { followedGemsSchema, followedListSchema, followSchema } from '../../lib/api/following-contract';
import { expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';

const t = setupTestServer();

let owner: Session;
let follower: Session;
let other: Session;
let recipesId: number;
let dessertsId: number;
let privateId: number;
let diaryId: number;

async function createCollection(s: Session, name: string, parentId?: number) {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function saveGem(s: Session, title: string, collectionId: number) {
  const res = await t.api('/api/gems', {
    token: s.jwt,
    body: gemBody({ title, url: `https://example.org/${encodeURIComponent(title)}`, collectionId }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function publish(s: Session, id: number, data: Record<string, unknown> = {}) {
  const res = await t.api(`/api/collections/${id}/public`, {
    token: s.jwt,
    method: 'PUT',
    body: { data: { isPublic: true, ...data } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const follow = (s: Session, data: Record<string, unknown>) =>
  t.api('/api/following-users', { token: s.jwt, body: { data: { hierarchyLevel: 'collection', ...data } } });

async function followed(s: Session) {
  const res = await t.api('/api/followed-by-me', { token: s.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return followedListSchema.parse(res.body);
}

async function gems(s: Session, query = '') {
  const res = await t.api(`/api/following-gems${query}`, { token: s.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return followedGemsSchema.parse(res.body);
}

const seen = (s: Session) => t.api('/api/followed-by-me/seen', { token: s.jwt, method: 'POST' });

beforeAll(async () => {
  owner = await t.signUp('cook');
  follower = await t.signUp('fan');
  other = await t.signUp('other');
  recipesId = await createCollection(owner, 'Recipes');
  dessertsId = await createCollection(owner, 'Desserts', recipesId);
  privateId = await createCollection(owner, 'Private');
  diaryId = await createCollection(other, 'Diary');
  await saveGem(owner, 'Bread', recipesId);
  await saveGem(owner, 'Cake', dessertsId);
  await saveGem(owner, 'Secret', privateId);
  await saveGem(other, 'Monday', diaryId);
  await publish(owner, recipesId, { slug: 'recipes' });
  await publish(other, diaryId, { slug: 'diary', includeSubcollections: false });
});

describe('following a public collection', () => {
  it('starts with nothing followed and nothing to show', async () => {
    const list = await followed(follower);
    expect(list).toEqual({ data: [], total: 0, newCount: 0 });
    expect((await gems(follower)).total).toBe(0);
  });

  it('follows by its page address; the gems it had count as new, sub-collections included', async () => {
    const res = await follow(follower, { address: `${t.url}/${owner.user.username}/recipes/desserts` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = dataOf(followSchema).parse(res.body).data;
    expect(data).toMatchObject({
      collectionId: recipesId,
      name: 'Recipes',
      owner: { id: owner.user.id, username: owner.user.username },
      isPublic: true,
      newCount: 0,
    });
    expect(data.url).toMatch(new RegExp(`/${owner.user.username}/recipes$`));
    // what was there before the follow is not new
    const page = await gems(follower);
    expect(page.data.map((g) => [g.title, g.collection.name, g.owner.username, g.isNew])).toEqual([
      ['Cake', 'Recipes', owner.user.username, false],
      ['Bread', 'Recipes', owner.user.username, false],
    ]);
  });

  it('follows by username/slug (any case of the username)', async () => {
    const res = await follow(follower, { address: `${other.user.username.toUpperCase()}/diary` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(dataOf(followSchema).parse(res.body).data.collectionId).toBe(diaryId);
    expect((await followed(follower)).data.map((f) => f.name)).toEqual(['Diary', 'Recipes']);
  });

  it('refuses following twice (409), your own (400), a private one, an unknown address and another’s id (404)', async () => {
    expectError(await follow(follower, { collectionId: recipesId }), 409);
    expectFieldError(await follow(owner, { collectionId: recipesId }), 'data.collectionId');
    expectFieldError(await follow(owner, { address: `${owner.user.username}/recipes` }), 'data.address');
    expectError(await follow(follower, { collectionId: privateId }), 404);
    expectError(await follow(follower, { address: `${owner.user.username}/nothing-here` }), 404);
    expectError(await follow(follower, { address: 'not an address' }), 404);
    expectError(await follow(follower, { collectionId: 2_000_000_000 }), 404);
  });

  it('names the field of a bad request', async () => {
    expectFieldError(await follow(follower, {}), 'data.collectionId');
    expectFieldError(await follow(follower, { collectionId: 1, address: 'a/b' }), 'data.collectionId');
    expectFieldError(await follow(follower, { collectionId: 'x' }), 'data.collectionId');
    expectFieldError(await follow(follower, { collectionId: recipesId, hierarchyLevel: 'tag' }), 'data.hierarchyLevel');
    expectFieldError(
      await t.api('/api/unfollowing-users', { token: follower.jwt, body: { data: {} } }),
      'data.collectionId',
    );
    expectFieldError(await t.api('/api/following-gems?perPage=0', { token: follower.jwt }), 'perPage');
  });
});

describe('new gems and their count', () => {
  it('counts gems added since last seen, per collection and in all, and lists them newest first', async () => {
    await saveGem(owner, 'Pie', dessertsId);
    await saveGem(owner, 'Soup', recipesId);
    await saveGem(other, 'Tuesday', diaryId);
    await saveGem(owner, 'Hidden', privateId);
    const list = await followed(follower);
    expect(list.newCount).toBe(3);
    expect(list.data.map((f) => [f.name, f.newCount])).toEqual([
      ['Diary', 1],
      ['Recipes', 2],
    ]);
    const page = await gems(follower);
    expect(page.total).toBe(6);
    expect(page.data.map((g) => [g.title, g.isNew])).toEqual([
      ['Tuesday', true],
      ['Soup', true],
      ['Pie', true],
      ['Monday', false],
      ['Cake', false],
      ['Bread', false],
    ]);
    const second = await gems(follower, '?page=2&perPage=4');
    expect(second.data.map((g) => g.title)).toEqual(['Cake', 'Bread']);
    expect(second.total).toBe(6);
  });

  it('clears the counts when the view is opened, for this follower only', async () => {
    expect(await followed(other)).toEqual({ data: [], total: 0, newCount: 0 });
    const res = await seen(follower);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await followed(follower);
    expect(list.newCount).toBe(0);
    expect((await gems(follower)).data.filter((g) => g.isNew)).toEqual([]);
    await saveGem(owner, 'Stew', recipesId);
    expect((await followed(follower)).newCount).toBe(1);
  });

  it('leaves out trashed gems and, when the collection does not publish them, its sub-collections', async () => {
    const dayId = await createCollection(other, 'Day', diaryId);
    await saveGem(other, 'Inside a day', dayId);
    const trashed = await saveGem(owner, 'Burnt', recipesId);
    const del = await t.api(`/api/gems/${trashed}`, { token: owner.jwt, method: 'DELETE' });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const titles = (await gems(follower)).data.map((g) => g.title);
    expect(titles).not.toContain('Inside a day');
    expect(titles).not.toContain('Burnt');
    expect(titles).toContain('Stew');
  });
});

describe('unpublishing and unfollowing', () => {
  it('ends what followers see at once when the collection is unpublished, and says so', async () => {
    const res = await t.api(`/api/collections/${recipesId}/public`, { token: owner.jwt, method: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await followed(follower);
    const recipes = list.data.find((f) => f.collectionId === recipesId);
    expect(recipes).toMatchObject({ isPublic: false, url: null, newCount: 0 });
    expect(list.newCount).toBe(0);
    const owners = new Set((await gems(follower)).data.map((g) => g.owner.username));
    expect([...owners]).toEqual([other.user.username]);
    // published again, it shows again
    await publish(owner, recipesId);
    expect((await gems(follower)).data.some((g) => g.title === 'Stew')).toBe(true);
  });

  it('unfollows; unfollowing what is not followed (or another’s follow) is a 404', async () => {
    expectError(
      await t.api('/api/unfollowing-users', { token: other.jwt, body: { data: { collectionId: recipesId } } }),
      404,
    );
    const res = await t.api('/api/unfollowing-users', {
      token: follower.jwt,
      body: { data: { hierarchyLevel: 'collection', collectionId: recipesId } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { id: recipesId } });
    expect((await followed(follower)).data.map((f) => f.collectionId)).toEqual([diaryId]);
    expectError(
      await t.api('/api/unfollowing-users', { token: follower.jwt, body: { data: { collectionId: recipesId } } }),
      404,
    );
  });

  it('needs a signed-in user', async () => {
    expectError(await t.api('/api/followed-by-me'), 401);
  });
});

describe('following from a public page (/follow)', () => {
  const html = (path: string) => fetch(`${t.url}${path}`, { headers: { Accept: 'text/html' } });

  it('links each public page (a sub-collection’s too) to /follow for the published collection', async () => {
    for (const path of ['recipes', 'recipes/desserts']) {
      const page = await (await html(`/${owner.user.username}/${path}`)).text();
      expect(page).toContain(
        `<a href="/follow?collection=${encodeURIComponent(`${owner.user.username}/recipes`)}">Follow in Trove</a>`,
      );
    }
  });

  it('names the collection and its owner, and says how to follow by address, with no script and the strict CSP', async () => {
    const res = await html(`/follow?collection=${encodeURIComponent(`${owner.user.username}/recipes`)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const page = await res.text();
    expect(page).toContain('<h1>Follow Recipes</h1>');
    expect(page).toContain(`<code id="follow-address">${owner.user.username}/recipes</code>`);
    expect(page).toContain(`<a href="/${owner.user.username}/recipes">Recipes</a>`);
    expect(page).not.toContain('<script');
    // the address the page shows is one the follow route takes
    const address = /<code id="follow-address">([^<]+)<\/code>/.exec(page)?.[1] ?? '';
    const other2 = await t.signUp('pagefan');
    expect((await follow(other2, { address })).status).toBe(201);
  });

  it('answers the one 404 page for a private, unknown or missing collection', async () => {
    for (const query of [
      `?collection=${owner.user.username}/private`,
      '?collection=nobody/recipes',
      '',
      '?collection=x',
    ]) {
      const res = await html(`/follow${query}`);
      expect(res.status, query).toBe(404);
      expect(await res.text()).toContain('There is no public page at this address.');
    }
  });
});
