import { beforeAll, describe, expect, it } from 'vitest';
import { type BulkJob, bulkJobSchema } from '../../lib/api/bulk-contract';
import { dataOf, listOf } from '../../lib/api/contract';
import { searchResultSchema } from '../../lib/api/search-contract';
import { expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';

/**
 * Bulk jobs done within the request (small sets): every action and its undo, the expected-count guard, who may
 * change what, and bad input. The worker's jobs (large sets, a restart) are in bulk-worker.test.ts.
 */

const t = setupTestServer();

async function save(token: string, data: Record<string, unknown>) {
  const res = await t.api('/api/gems', { token, body: gemBody(data) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

async function made(token: string, path: string, data: Record<string, unknown>) {
  const res = await t.api(path, { token, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

async function run(token: string, body: Record<string, unknown>): Promise<BulkJob> {
  const res = await t.api('/api/bulk-jobs', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(bulkJobSchema).parse(res.body).data;
}

async function undo(token: string, id: number): Promise<BulkJob> {
  const res = await t.api(`/api/bulk-jobs/${id}/undo`, { token, method: 'POST' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(bulkJobSchema).parse(res.body).data;
}

/** What a bulk job can change on a gem, as the API shows it. */
async function stateOf(token: string, id: number) {
  const res = await t.api(`/api/gems/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const gem = res.body.data;
  return {
    collectionId: gem.collectionId as number,
    tags: (gem.tags as { id: number }[]).map((tag) => tag.id).sort((a, b) => a - b),
    isFavourite: gem.isFavourite as boolean,
  };
}

async function found(token: string, q: string): Promise<number[]> {
  const res = await t.api(`/api/filter-search?${new URLSearchParams({ q, perPage: '100' })}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResultSchema
    .parse(res.body)
    .data.map((gem) => gem.id)
    .sort((a, b) => a - b);
}

describe('every action, and its undo putting back exactly what was', () => {
  let ada: Session;
  let from: number;
  let to: number;
  let kept: number;
  let t1: number;
  let t2: number;
  let a: number;
  let b: number;
  let c: number;
  const states = () => Promise.all([a, b, c].map((id) => stateOf(ada.jwt, id)));

  beforeAll(async () => {
    ada = await t.signUp('ada');
    from = await made(ada.jwt, '/api/collections', { name: 'From' });
    to = await made(ada.jwt, '/api/collections', { name: 'To' });
    kept = await made(ada.jwt, '/api/tags', { tag: 'kept' });
    t1 = await made(ada.jwt, '/api/tags', { tag: 'first' });
    t2 = await made(ada.jwt, '/api/tags', { tag: 'second' });
    a = await save(ada.jwt, { title: 'Okapi one', collectionId: from, tags: [kept, t1] });
    b = await save(ada.jwt, { title: 'Okapi two', collectionId: from, tags: [] });
    c = await save(ada.jwt, { title: 'Okapi three', collectionId: to, tags: [kept] });
  });

  it('move sends the gems to the collection; undo brings each back to its own', async () => {
    const before = await states();
    const job = await run(ada.jwt, { action: 'move', target: { ids: [a, b, c] }, collectionId: to });
    expect(job).toMatchObject({ action: 'move', status: 'done', total: 3, done: 3, collectionId: to, query: null });
    expect((await states()).map((s) => s.collectionId)).toEqual([to, to, to]);
    expect((await undo(ada.jwt, job.id)).status).toBe('undone');
    expect(await states()).toEqual(before);
  });

  it('tag adds the tags; undo removes only those it added', async () => {
    const before = await states();
    const job = await run(ada.jwt, { action: 'tag', target: { ids: [a, b] }, tagIds: [t1, t2] });
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, tagIds: [t1, t2] });
    const [sa, sb] = await states();
    expect(sa?.tags).toEqual([kept, t1, t2].sort((x, y) => x - y));
    expect(sb?.tags).toEqual([t1, t2].sort((x, y) => x - y));
    await undo(ada.jwt, job.id);
    expect(await states()).toEqual(before); // a keeps `first`, which it had before
  });

  it('untag removes the tags; undo gives them back to the gems that had them', async () => {
    const before = await states();
    const job = await run(ada.jwt, { action: 'untag', target: { ids: [a, b, c] }, tagIds: [kept] });
    expect(job.done).toBe(3);
    expect((await states()).map((s) => s.tags.includes(kept))).toEqual([false, false, false]);
    await undo(ada.jwt, job.id);
    expect(await states()).toEqual(before); // b never had it and does not get it
  });

  it('favourite and unfavourite; undo puts back each mark as it was', async () => {
    const marked = await run(ada.jwt, { action: 'favourite', target: { ids: [a] } });
    const before = await states();
    expect(before.map((s) => s.isFavourite)).toEqual([true, false, false]);
    const fav = await run(ada.jwt, { action: 'favourite', target: { ids: [a, b, c] } });
    expect((await states()).map((s) => s.isFavourite)).toEqual([true, true, true]);
    await undo(ada.jwt, fav.id);
    expect(await states()).toEqual(before);
    const unfav = await run(ada.jwt, { action: 'unfavourite', target: { ids: [a, b, c] } });
    expect((await states()).map((s) => s.isFavourite)).toEqual([false, false, false]);
    await undo(ada.jwt, unfav.id);
    expect(await states()).toEqual(before);
    await undo(ada.jwt, marked.id);
    expect((await stateOf(ada.jwt, a)).isFavourite).toBe(false);
  });

  it('trash hides the gems from the library; undo brings them back with collection and tags', async () => {
    const before = await states();
    const job = await run(ada.jwt, { action: 'trash', target: { ids: [a, b] } });
    expect(job.done).toBe(2);
    expect(await found(ada.jwt, 'okapi')).toEqual([c]);
    await undo(ada.jwt, job.id);
    expect(await found(ada.jwt, 'okapi')).toEqual([a, b, c].sort((x, y) => x - y));
    expect(await states()).toEqual(before);
  });

  it('restore takes trashed gems back; its undo trashes them again', async () => {
    const trashed = await run(ada.jwt, { action: 'trash', target: { ids: [a, b] } });
    // restore names trashed gems only: c is in the library, so it is left out
    const restored = await run(ada.jwt, { action: 'restore', target: { ids: [a, c] } });
    expect(restored).toMatchObject({ status: 'done', total: 1, done: 1 });
    expect(await found(ada.jwt, 'okapi')).toEqual([a, c].sort((x, y) => x - y));
    await undo(ada.jwt, restored.id);
    expect(await found(ada.jwt, 'okapi')).toEqual([c]);
    await undo(ada.jwt, trashed.id);
    expect(await found(ada.jwt, 'okapi')).toEqual([a, b, c].sort((x, y) => x - y));
  });

  it('a job is undone once: a second undo is a 409', async () => {
    const job = await run(ada.jwt, { action: 'favourite', target: { ids: [b] } });
    await undo(ada.jwt, job.id);
    const res = await t.api(`/api/bulk-jobs/${job.id}/undo`, { token: ada.jwt, method: 'POST' });
    expect(expectError(res, 409).message).toBe('The job was undone already');
  });

  it("the user's recent jobs are listed newest first, each as GET shows it", async () => {
    const res = await t.api('/api/bulk-jobs', { token: ada.jwt });
    expect(res.status).toBe(200);
    const list = listOf(bulkJobSchema).parse(res.body);
    const ids = list.data.map((job) => job.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(list.data.length).toBe(Math.min(20, list.total));
    const first = list.data[0] as BulkJob;
    const one = await t.api(`/api/bulk-jobs/${first.id}`, { token: ada.jwt });
    expect(dataOf(bulkJobSchema).parse(one.body).data).toEqual(first);
  });
});

describe('a search as the target, and the count the user saw', () => {
  let ada: Session;
  let tag: number;
  let gems: number[];
  beforeAll(async () => {
    ada = await t.signUp('ada');
    tag = await made(ada.jwt, '/api/tags', { tag: 'zebus' });
    gems = [];
    for (const title of ['Zebu herd', 'Zebu milk', 'Zebu horns']) gems.push(await save(ada.jwt, { title }));
    await save(ada.jwt, { title: 'Yak herd' });
  });

  it('a search that now matches more than the user saw is refused, naming both numbers, and nothing changes', async () => {
    const res = await t.api('/api/bulk-jobs', {
      token: ada.jwt,
      body: { action: 'tag', target: { query: 'zebu', expectedCount: 2 }, tagIds: [tag] },
    });
    const error = expectError(res, 409);
    expect(error.message).toBe('The search now matches 3 gems, more than the 2 you saw: nothing was changed');
    expect(error.details).toEqual({ matches: 3, expectedCount: 2 });
    expect(await found(ada.jwt, 'tag:zebus')).toEqual([]);
    const list = listOf(bulkJobSchema).parse((await t.api('/api/bulk-jobs', { token: ada.jwt })).body);
    expect(list.total).toBe(0);
  });

  it('the count seen (or more, when gems went since) lets it run over exactly what the search matches', async () => {
    const job = await run(ada.jwt, {
      action: 'tag',
      target: { query: 'zebu -horns', expectedCount: 5 },
      tagIds: [tag],
    });
    expect(job).toMatchObject({ total: 2, done: 2, query: 'zebu -horns' });
    expect(await found(ada.jwt, 'tag:zebus')).toEqual(gems.slice(0, 2));
    await undo(ada.jwt, job.id);
    expect(await found(ada.jwt, 'tag:zebus')).toEqual([]);
  });

  it('a search that does not parse is a 400 naming target.query', async () => {
    const res = await t.api('/api/bulk-jobs', {
      token: ada.jwt,
      body: { action: 'favourite', target: { query: '(zebu', expectedCount: 3 } },
    });
    expectFieldError(res, 'target.query');
  });
});

describe('who may change what', () => {
  let ada: Session;
  let bob: Session;
  let adaGem: number;
  let bobGem: number;
  let bobTag: number;
  let bobCollection: number;
  let adaJob: BulkJob;
  beforeAll(async () => {
    ada = await t.signUp('ada');
    bob = await t.signUp('bob');
    adaGem = await save(ada.jwt, { title: 'Ada capybara' });
    bobGem = await save(bob.jwt, { title: 'Bob capybara' });
    bobTag = await made(bob.jwt, '/api/tags', { tag: 'bobs' });
    bobCollection = await made(bob.jwt, '/api/collections', { name: 'Bobs' });
    adaJob = await run(ada.jwt, { action: 'favourite', target: { ids: [adaGem, bobGem] } });
  });

  it("another user's gems named by id are left out, and never changed", async () => {
    expect(adaJob.total).toBe(1);
    expect((await stateOf(bob.jwt, bobGem)).isFavourite).toBe(false);
    expect((await stateOf(ada.jwt, adaGem)).isFavourite).toBe(true);
  });

  it("only another user's gems is a 404", async () => {
    const res = await t.api('/api/bulk-jobs', { token: ada.jwt, body: { action: 'trash', target: { ids: [bobGem] } } });
    expect(expectError(res, 404).message).toBe('Gems with these ids not found');
  });

  it("a search never reaches another user's gems", async () => {
    const job = await run(ada.jwt, { action: 'trash', target: { query: 'capybara', expectedCount: 1 } });
    expect(job.total).toBe(1);
    expect(await found(bob.jwt, 'capybara')).toEqual([bobGem]);
    await undo(ada.jwt, job.id);
  });

  it("another user's collection or tag is a 404, and nothing is done", async () => {
    const move = await t.api('/api/bulk-jobs', {
      token: ada.jwt,
      body: { action: 'move', target: { ids: [adaGem] }, collectionId: bobCollection },
    });
    expect(expectError(move, 404).message).toBe('Collection not found');
    const tag = await t.api('/api/bulk-jobs', {
      token: ada.jwt,
      body: { action: 'tag', target: { ids: [adaGem] }, tagIds: [bobTag] },
    });
    expect(expectError(tag, 404).message).toBe(`Tag ${bobTag} not found`);
    expect((await stateOf(ada.jwt, adaGem)).tags).toEqual([]);
  });

  it("another user's job cannot be read, listed or undone", async () => {
    expectError(await t.api(`/api/bulk-jobs/${adaJob.id}`, { token: bob.jwt }), 404);
    expectError(await t.api(`/api/bulk-jobs/${adaJob.id}/undo`, { token: bob.jwt, method: 'POST' }), 404);
    const list = listOf(bulkJobSchema).parse((await t.api('/api/bulk-jobs', { token: bob.jwt })).body);
    expect(list.data.map((job) => job.id)).not.toContain(adaJob.id);
    expect((await stateOf(ada.jwt, adaGem)).isFavourite).toBe(true);
  });
});

describe('bad input is a 400 naming the field', () => {
  let ada: Session;
  let gem: number;
  beforeAll(async () => {
    ada = await t.signUp('ada');
    gem = await save(ada.jwt, { title: 'Tapir' });
  });
  const post = (body: unknown) => t.api('/api/bulk-jobs', { token: ada.jwt, body });

  it('the action', async () => {
    expectFieldError(await post({ target: { ids: [gem] } }), 'action');
    expectFieldError(await post({ action: 'explode', target: { ids: [gem] } }), 'action');
  });

  it("the action's arguments", async () => {
    expectFieldError(await post({ action: 'move', target: { ids: [gem] } }), 'collectionId');
    expectFieldError(await post({ action: 'tag', target: { ids: [gem] } }), 'tagIds');
    expectFieldError(await post({ action: 'untag', target: { ids: [gem] }, tagIds: [] }), 'tagIds');
    expectFieldError(await post({ action: 'move', target: { ids: [gem] }, collectionId: 'x' }), 'collectionId');
  });

  it('the target', async () => {
    expectFieldError(await post({ action: 'favourite' }), 'target');
    expectFieldError(await post({ action: 'favourite', target: {} }), 'target');
    expectFieldError(await post({ action: 'favourite', target: [1] }), 'target');
    expectFieldError(await post({ action: 'favourite', target: { ids: [gem], query: 'tapir' } }), 'target');
    expectFieldError(
      await post({ action: 'favourite', target: { ids: [gem], expectedCount: 1 } }),
      'target.expectedCount',
    );
    expectFieldError(await post({ action: 'favourite', target: { ids: [gem], more: 1 } }), 'target');
    expectFieldError(await post({ action: 'favourite', target: { ids: [] } }), 'target.ids', 'Name at least one gem');
    expectFieldError(
      await post({ action: 'favourite', target: { ids: Array(10_001).fill(gem) } }),
      'target.ids',
      'At most 10000 gems by id (use a query for more)',
    );
    expectFieldError(await post({ action: 'favourite', target: { ids: [1.5] } }), 'target.ids.0');
    expectFieldError(
      await post({ action: 'favourite', target: { query: 'tapir', expectedCount: -1 } }),
      'target.expectedCount',
    );
    expectFieldError(await post({ action: 'favourite', target: { query: 'tapir' } }), 'target.expectedCount');
    expectFieldError(await post({ action: 'restore', target: { query: 'tapir', expectedCount: 1 } }), 'target.query');
  });

  it('a job id that is not one', async () => {
    expectError(await t.api('/api/bulk-jobs/abc', { token: ada.jwt }), 404);
    expectError(await t.api('/api/bulk-jobs/2147483647', { token: ada.jwt }), 404);
  });
});
