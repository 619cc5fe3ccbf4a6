/**
 * Suggested tags and a collection at save time (`POST /api/suggestions/tags`) over real HTTP against the fake
 * provider: the shortlist the model gets is the user's own nearest tags and collections by words (names and the titles
 * of their gems), never another user's; what the model answers is matched to existing ones by name; no usable model,
 * another user's model, bad input and a reply without suggestions are clear 4xx/502 answers.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  gemTagSuggestionsSchema,
  suggestionSettingsSchema,
  tagSuggestionsSchema,
} from '../../lib/api/suggestions-contract';
import { openDatabase } from '../../server/db/client';
import { gemTags, tags } from '../../server/db/schema';
import { nearest, wordsOf } from '../../server/features/suggestions/nearest';
import { parseSuggestion } from '../../server/features/suggestions/suggest-tags';
import { chatUser, setupFakeProvider } from './chat-helpers';
import { expectError, expectFieldError, gemBody, setupTestServer, startTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

type Sent = { messages: { role: string; content: string }[] };
const sentPrompt = (index: number) => (fake.requests[index]?.body as Sent | undefined)?.messages.at(-1)?.content ?? '';

async function library(token: string) {
  const collection = async (name: string) =>
    (await t.api('/api/collections', { token, body: { data: { name } } })).body.data.id as number;
  const sailing = await collection('Sailing');
  const cooking = await collection('Kitchen');
  const save = async (title: string, tags: string[], collectionId: number) => {
    const res = await t.api('/api/gems', {
      token,
      body: gemBody({ title, url: `https://example.com/${encodeURIComponent(title)}`, tags, collectionId }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await save('Reading tide tables before a passage', ['seamanship'], sailing);
  await save('Anchoring in a crowded harbour', ['seamanship', 'harbours'], sailing);
  await save('Sourdough starter from scratch', ['baking'], cooking);
  await save('Weeknight lentil soup', ['recipes'], cooking);
  return { sailing, cooking };
}

describe('suggested tags and collection', () => {
  it("gives the model the user's nearest tags and collections, and marks what it picks as existing or new", async () => {
    const { token, modelId } = await chatUser(t, fake);
    const { sailing } = await library(token);
    const stranger = await chatUser(t, fake);
    await t.api('/api/tags', { token: stranger.token, body: { data: { tag: 'tides-secret' } } });

    const since = fake.requests.length;
    fake.script({
      chunks: ['```json\n{"tags": ["Seamanship", "#tides", "seamanship"], "collection": "sailing"}\n```'],
    });
    const res = await t.api('/api/suggestions/tags', {
      token,
      body: {
        title: 'Spring tides and the harbour entrance',
        description: 'When the tide tables say to wait before a passage',
        url: 'https://example.org/tides',
        text: 'Spring tides run hard through the harbour mouth.',
        modelId,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = tagSuggestionsSchema.parse(res.body);
    // "harbours" by its name, "seamanship" by its gems' titles; baking and recipes share no word with the page.
    expect(data.shortlist.tags).toEqual(['harbours', 'seamanship']);
    expect(data.shortlist.collections).toEqual(['Sailing']);
    expect(data.tags).toEqual([
      { name: 'seamanship', id: expect.any(Number), existing: true },
      { name: 'tides', id: null, existing: false },
    ]);
    expect(data.collection).toEqual({ name: 'Sailing', id: sailing, existing: true });

    const prompt = sentPrompt(since);
    expect(prompt).toContain('Title: Spring tides and the harbour entrance');
    expect(prompt).toMatch(/tags nearest this page:\n- harbours\n- seamanship\n/);
    expect(prompt).not.toContain('baking');
    expect(prompt).not.toContain('tides-secret');
  });

  it('a user with no tags yet gets new ones; a reply without suggestions is a 502', async () => {
    const { token, modelId } = await chatUser(t, fake);
    fake.script(
      { chunks: ['{"tags": ["gardening", "tomatoes"], "collection": null}'] },
      { chunks: ['I cannot help.'] },
    );
    const body = { title: 'Growing tomatoes on a balcony', modelId };
    const res = await t.api('/api/suggestions/tags', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      tags: [
        { name: 'gardening', id: null, existing: false },
        { name: 'tomatoes', id: null, existing: false },
      ],
      collection: null,
      shortlist: { tags: [], collections: [] },
    });
    expect(expectError(await t.api('/api/suggestions/tags', { token, body }), 502).message).toContain('suggestions');
  });

  it("refuses bad input by field, no usable model with a 400 naming modelId, another user's model with a 404", async () => {
    const { token, modelId } = await chatUser(t, fake);
    const post = (body: unknown, as = token) => t.api('/api/suggestions/tags', { token: as, body });
    expectFieldError(await post({ modelId }), 'title');
    expectFieldError(await post({ title: '  ', modelId }), 'title');
    expectFieldError(await post({ title: 'x', modelId: 'gpt' }), 'modelId');
    expect(expectError(await post({ title: 'x', modelId, extra: 1 }), 400).message).toContain('extra');
    expectFieldError(await post({ title: 'x', modelId, text: 5 }), 'text');
    // No key for the provider: the model cannot be used.
    const fresh = await t.signUp('sugnokey');
    const fieldsOf = (res: Awaited<ReturnType<typeof post>>) =>
      (expectError(res, 400).details as { errors: { path: string; message: string }[] }).errors;
    expect(fieldsOf(await post({ title: 'x', modelId }, fresh.jwt))).toEqual([
      { path: 'modelId', message: 'Please add your OpenAI API Key in settings to use this model' },
    ]);
    expect(fieldsOf(await post({ title: 'x' }, fresh.jwt))).toEqual([{ path: 'modelId', message: expect.any(String) }]);
    expectError(await post({ title: 'x', modelId: 99_999_999 }), 404);
    expectError(await t.api('/api/suggestions/tags', { body: { title: 'x' } }), 401);
  });
});

/** A gem of the user's with its text and tags; its id. */
async function saveGem(token: string, title: string, text: string, tags: string[] = []) {
  const url = `https://example.com/${encodeURIComponent(title)}`;
  const res = await t.api('/api/gems', { token, body: gemBody({ title, url, text, tags }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const newTag = async (token: string, tag: string) =>
  (await t.api('/api/tags', { token, body: { data: { tag } } })).body.data.id as number;

describe('suggested tags on a library selection', () => {
  it("suggests per gem from its saved text, the user's own tags first, leaving out tags it has; applied as a bulk job, undone", async () => {
    const { token, modelId } = await chatUser(t, fake);
    await library(token);
    const spring = await saveGem(token, 'Spring tides', 'Spring tides run hard through the harbour mouth.');
    const loaf = await saveGem(token, 'A rye loaf', 'Rye flour, water and a slow rise.', ['baking']);
    const quiet = await saveGem(token, 'Untitled note', 'Nothing much.');
    const since = fake.requests.length;
    fake.script(
      { chunks: ['{"tags": ["Seamanship", "tides"], "collection": "Sailing"}'] },
      { chunks: ['{"tags": ["baking", "rye"], "collection": null}'] },
      { chunks: ['I cannot help.'] },
    );
    const res = await t.api('/api/suggestions/gem-tags', { token, body: { gemIds: [spring, loaf, quiet], modelId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = gemTagSuggestionsSchema.parse(res.body);
    const seamanship = data[0]?.tags[0]?.id ?? 0;
    expect(data).toEqual([
      {
        gemId: spring,
        title: 'Spring tides',
        tags: [
          { name: 'seamanship', id: expect.any(Number), existing: true },
          { name: 'tides', id: null, existing: false },
        ],
        error: null,
      },
      // the loaf has "baking" already: only the new tag is offered
      { gemId: loaf, title: 'A rye loaf', tags: [{ name: 'rye', id: null, existing: false }], error: null },
      { gemId: quiet, title: 'Untitled note', tags: [], error: expect.stringContaining('did not answer') },
    ]);
    const prompt = sentPrompt(since);
    expect(prompt).toContain('Spring tides run hard through the harbour mouth.');
    expect(prompt).toMatch(/tags nearest this page:\n- harbours\n- seamanship\n/);

    const [tides, rye] = [await newTag(token, 'tides'), await newTag(token, 'rye')];
    const assignments = [
      { gemId: spring, tagIds: [seamanship, tides] },
      { gemId: loaf, tagIds: [rye] },
    ];
    const job = await t.api('/api/bulk-jobs', {
      token,
      body: { action: 'tag-suggested', target: { ids: [spring, loaf] }, assignments },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    expect(job.body.data).toMatchObject({ action: 'tag-suggested', status: 'done', total: 2, done: 2 });
    const tagsOf = async (id: number) =>
      ((await t.api(`/api/gems/${id}`, { token })).body.data.tags as { tag: string }[]).map((tag) => tag.tag).sort();
    expect([await tagsOf(spring), await tagsOf(loaf)]).toEqual([
      ['seamanship', 'tides'],
      ['baking', 'rye'],
    ]);
    const undone = await t.api(`/api/bulk-jobs/${job.body.data.id}/undo`, { token, method: 'POST' });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect([await tagsOf(spring), await tagsOf(loaf)]).toEqual([[], ['baking']]);
  });

  it("refuses bad input by field, a gem or tag not the user's with a 404 naming it, no usable model by modelId", async () => {
    const { token, modelId } = await chatUser(t, fake);
    const stranger = await chatUser(t, fake);
    const mine = await saveGem(token, 'Mine', 'My text.');
    const theirs = await saveGem(stranger.token, 'Theirs', 'Their text.');
    const [myTag, theirTag] = [await newTag(token, 'mine'), await newTag(stranger.token, 'theirs')];
    const post = (body: unknown, as = token) => t.api('/api/suggestions/gem-tags', { token: as, body });
    expectFieldError(await post({ gemIds: [], modelId }), 'gemIds');
    expectFieldError(await post({ gemIds: Array.from({ length: 51 }, (_, i) => i + 1), modelId }), 'gemIds');
    expectFieldError(await post({ gemIds: ['x'], modelId }), 'gemIds.0');
    expect(expectError(await post({ gemIds: [mine], modelId, extra: 1 }), 400).message).toContain('extra');
    const since = fake.requests.length;
    expect(expectError(await post({ gemIds: [mine, theirs], modelId }), 404).message).toBe(`Gem ${theirs} not found`);
    expect(fake.requests.length).toBe(since); // nothing was asked of the model
    const fresh = await t.signUp('sugbulk');
    const freshGem = await saveGem(fresh.jwt, 'Fresh', 'Text.');
    expect(expectError(await post({ gemIds: [freshGem] }, fresh.jwt), 400).details).toEqual({
      errors: [{ path: 'modelId', message: expect.any(String) }],
    });

    const bulk = (body: unknown) => t.api('/api/bulk-jobs', { token, body });
    const target = { ids: [mine] };
    expectFieldError(await bulk({ action: 'tag-suggested', target }), 'assignments');
    const elsewhere = [{ gemId: theirs, tagIds: [myTag] }];
    expectFieldError(await bulk({ action: 'tag-suggested', target, assignments: elsewhere }), 'target.ids');
    const assignments = [{ gemId: mine, tagIds: [myTag] }];
    expectFieldError(await bulk({ action: 'tag', target, tagIds: [myTag], assignments }), 'assignments');
    const theirTags = [{ gemId: mine, tagIds: [theirTag] }];
    expect(expectError(await bulk({ action: 'tag-suggested', target, assignments: theirTags }), 404).message).toBe(
      `Tag ${theirTag} not found`,
    );
    const theirGem = { action: 'tag-suggested', target: { ids: [theirs] }, assignments: elsewhere };
    expectError(await bulk(theirGem), 404);
  });
});

describe('the setting', () => {
  it('is off while no model is usable, on once one is (unless switched off), and uses the chosen model', async () => {
    const get = async (token: string) => {
      const res = await t.api('/api/suggestions/settings', { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return suggestionSettingsSchema.parse(res.body).data;
    };
    const put = (token: string, body: unknown) => t.api('/api/suggestions/settings', { method: 'PUT', token, body });
    const fresh = await t.signUp('sugoff');
    const none = await get(fresh.jwt);
    expect(none).toMatchObject({ enabled: null, modelId: null, model: null, active: false });
    expect(none.reason).toEqual(expect.any(String));

    const { token, modelId } = await chatUser(t, fake);
    // A model of a provider without the user's key is refused by name; the setting stays as it was.
    const refused = expectError(await put(fresh.jwt, { modelId }), 400);
    expect(refused.details).toEqual({
      errors: [{ path: 'modelId', message: 'Please add your OpenAI API Key in settings to use this model' }],
    });
    expect(await get(fresh.jwt)).toEqual(none);

    const chosen = await put(token, { modelId });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data).toEqual({
      enabled: null,
      modelId,
      model: { id: modelId, name: expect.any(String) },
      active: true,
      reason: null,
    });
    expect((await put(token, { enabled: false })).body.data).toMatchObject({ enabled: false, modelId, active: false });
    expect((await put(token, { enabled: true })).body.data).toMatchObject({ enabled: true, active: true });

    // No modelId: the chosen one answers.
    const since = fake.requests.length;
    fake.script({ chunks: ['{"tags": ["tides"], "collection": null}'] });
    const res = await t.api('/api/suggestions/tags', { token, body: { title: 'Tides' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fake.requests.length).toBe(since + 1);

    expectFieldError(await put(token, { modelId: 'x' }), 'modelId');
    expectFieldError(await put(token, { enabled: 'yes' }), 'enabled');
    expect(expectError(await put(token, { other: 1 }), 400).message).toContain('other');
    expectError(await put(token, { modelId: 99_999_999 }), 404);
    expectError(await t.api('/api/suggestions/settings', {}), 401);
    // Back to the default text model, and to "not chosen".
    expect((await put(token, { modelId: null, enabled: null })).body.data).toMatchObject({
      enabled: null,
      modelId: null,
    });
  });
});

describe('who added a tag', () => {
  it('a save records the accepted suggestions (aiTags, by name in any case) as added by the AI, the rest by the person; an edit keeps that mark on the tags it keeps; tags from a tag-suggested bulk job are the AI’s', async () => {
    const own = await startTestServer();
    let gemId = 0;
    let otherId = 0;
    try {
      const { jwt } = await own.signUp('aitags');
      await own.api('/api/tags', { token: jwt, body: { data: { tag: 'Seamanship' } } });
      const res = await own.api('/api/gems', {
        token: jwt,
        body: gemBody({ tags: ['seamanship', 'tides', 'mine'], aiTags: ['SEAMANSHIP', 'tides', 'not-on-the-gem'] }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      gemId = res.body.data.id;
      expect(res.body.data.tags.map((t: { tag: string }) => t.tag).sort()).toEqual(['Seamanship', 'mine', 'tides']);
      expectFieldError(await own.api('/api/gems', { token: jwt, body: gemBody({ aiTags: [''] }) }), 'data.aiTags.0');
      // An edit drops one tag and adds another: the kept ones keep who added them.
      const edited = await own.api(`/api/gems/${gemId}`, {
        method: 'PUT',
        token: jwt,
        body: { data: { tags: ['tides', 'mine', 'harbours'] } },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      // Suggestions accepted on a library selection (a tag-suggested bulk job) are the AI's; a tag the gem had stays
      // the person's.
      const other = await own.api('/api/gems', {
        token: jwt,
        body: gemBody({ url: 'https://example.com/other', tags: ['mine'] }),
      });
      otherId = other.body.data.id;
      const tagIds = (other.body.data.tags as { id: number }[]).map((tag) => tag.id);
      const rope = (await own.api('/api/tags', { token: jwt, body: { data: { tag: 'rope' } } })).body.data.id;
      const job = await own.api('/api/bulk-jobs', {
        token: jwt,
        body: {
          action: 'tag-suggested',
          target: { ids: [otherId] },
          assignments: [{ gemId: otherId, tagIds: [...tagIds, rope] }],
        },
      });
      expect(job.status, JSON.stringify(job.body)).toBe(201);
    } finally {
      await own.server.stop();
    }
    const database = await openDatabase({ databaseUrl: own.config.databaseUrl, dataDir: own.config.dataDir });
    try {
      const tagsOf = (id: number) =>
        database.db
          .select({ name: tags.name, addedByAi: gemTags.addedByAi })
          .from(gemTags)
          .innerJoin(tags, eq(tags.id, gemTags.tagId))
          .where(eq(gemTags.gemId, id))
          .orderBy(tags.name);
      expect(await tagsOf(gemId)).toEqual([
        { name: 'harbours', addedByAi: false },
        { name: 'mine', addedByAi: false },
        { name: 'tides', addedByAi: true },
      ]);
      expect(await tagsOf(otherId)).toEqual([
        { name: 'mine', addedByAi: false },
        { name: 'rope', addedByAi: true },
      ]);
    } finally {
      await database.close();
      await own.close();
    }
  });
});

describe('nearest by words', () => {
  it('weighs a name over gem titles, folds plurals and case, and skips stop words', () => {
    expect(wordsOf('The Harbours and THE tides of Brest')).toEqual(['harbour', 'tide', 'brest']);
    const page = new Set(wordsOf('Harbour tides for sailors'));
    const picked = nearest(
      page,
      [
        { id: 1, name: 'weather', titles: 'Tides and harbour fog' },
        { id: 2, name: 'Harbours', titles: '' },
        { id: 3, name: 'cooking', titles: 'Soup' },
      ],
      5,
    );
    expect(picked.map((c) => c.id)).toEqual([2, 1]);
  });

  it('reads the JSON wherever the model put it', () => {
    expect(parseSuggestion('Sure! {"tags": ["a", 3, "b"], "collection": "C"} Hope it helps')).toEqual({
      tags: ['a', 'b'],
      collection: 'C',
    });
    expect(parseSuggestion('no json here')).toBeNull();
    expect(parseSuggestion('{"tags": oops}')).toBeNull();
  });
});
