/**
 * Summaries, flash cards and quizzes of a gem (POST /api/generate-summary, -flash-cards, -quiz; GET
 * /api/gems/{id}/study) against the fake provider: streamed, checked against the contract (a malformed answer is an
 * error event and stores nothing), stored with the gem, replaced when regenerated, read by whoever may read the gem,
 * made only by who may change it, exported and imported with it, deleted with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { troveExportSchema } from '../../lib/api/export-contract';
import { gemStudySchema } from '../../lib/api/study-contract';
import { chatUser, setupFakeProvider, stream } from './chat-helpers';
import { expectError, expectFieldError, gemBody, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

const PAGE_TEXT =
  'Photosynthesis turns light, water and carbon dioxide into sugar and oxygen. It happens in the chloroplasts of ' +
  'plant cells, whose chlorophyll absorbs mostly blue and red light.';
const CARDS = {
  cards: [
    { front: 'Where does photosynthesis happen?', back: 'In the chloroplasts' },
    { front: 'What does chlorophyll absorb?', back: 'Mostly blue and red light' },
  ],
};
const QUIZ = {
  questions: [
    {
      question: 'What does photosynthesis make?',
      choices: ['Sugar and oxygen', 'Salt', 'Nitrogen'],
      answer: 0,
      explanation: 'Light, water and CO2 become sugar and oxygen.',
    },
  ],
};

/** `text` cut in pieces of `size` characters: how a model streams JSON. */
const pieces = (text: string, size = 17) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];

let ada: { token: string; modelId: number };
let gemId: number;

async function newGem(token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.api('/api/gems', {
    token,
    body: gemBody({ title: 'Photosynthesis', text: PAGE_TEXT, ...overrides }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const generate = (path: string, token: string, body: unknown) => stream(t.url, path, { token, body });

async function studyOf(token: string, id: number) {
  const res = await t.api(`/api/gems/${id}/study`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(gemStudySchema).parse(res.body).data;
}

beforeAll(async () => {
  const user = await chatUser(t, fake);
  ada = { token: user.token, modelId: user.modelId };
  gemId = await newGem(ada.token);
});

describe('a summary', () => {
  it('streams as text deltas, is stored with the gem and sent the gem text with the instruction', async () => {
    fake.script({ chunks: ['Plants make sugar from light.', '\n\n- In chloroplasts', '\n- Blue and red light'] });
    const res = await generate('/api/generate-summary', ada.token, { gemId, modelId: ada.modelId });
    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.event)).toEqual(['delta', 'delta', 'delta', 'done']);
    expect(res.text).toBe('Plants make sugar from light.\n\n- In chloroplasts\n- Blue and red light');
    const done = res.events.at(-1)?.data;
    expect(done).toMatchObject({ kind: 'summary', stored: true, modelName: expect.any(String) });
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('chloroplasts of plant cells');
    expect(sent).toContain('You summarise saved pages');
    const study = await studyOf(ada.token, gemId);
    expect(study.summary?.content.text).toBe(res.text);
    expect(study.canGenerate).toBe(true);
    expect(study.flashCards).toBeNull();
  });
});

describe('flash cards and a quiz', () => {
  it('flash cards stream as growing partial objects, asked as JSON, and are stored checked', async () => {
    fake.script({ chunks: pieces(JSON.stringify(CARDS)) });
    const res = await generate('/api/generate-flash-cards', ada.token, { gemId, modelId: ada.modelId });
    expect(res.status).toBe(200);
    const partials = res.events.filter((e) => e.event === 'partial').map((e) => e.data.content);
    expect(partials.length).toBeGreaterThan(2);
    expect(partials.at(-1)).toEqual(CARDS);
    expect(res.events.at(-1)).toEqual({
      event: 'done',
      data: expect.objectContaining({ kind: 'flashCards', content: CARDS, stored: true }),
    });
    const asked = fake.requests.at(-1)?.body as { response_format?: { type: string } };
    expect(asked.response_format?.type).toBe('json_schema');
    expect((await studyOf(ada.token, gemId)).flashCards?.content).toEqual(CARDS);
  });

  it('a quiz is stored; regenerating replaces it', async () => {
    fake.script({ chunks: pieces(JSON.stringify(QUIZ)) });
    await generate('/api/generate-quiz', ada.token, { gemId, modelId: ada.modelId });
    expect((await studyOf(ada.token, gemId)).quiz?.content).toEqual(QUIZ);
    const again = { questions: [{ ...QUIZ.questions[0], question: 'Where is chlorophyll?', answer: 2 }] };
    fake.script({ chunks: pieces(JSON.stringify(again)) });
    const res = await generate('/api/generate-quiz', ada.token, { gemId, modelId: ada.modelId });
    expect(res.events.at(-1)?.event).toBe('done');
    expect((await studyOf(ada.token, gemId)).quiz?.content).toEqual(again);
  });

  it('a malformed answer (not JSON, the wrong shape, an answer out of its choices) is an error event; the stored one stays', async () => {
    const before = await studyOf(ada.token, gemId);
    const wrong = { questions: [{ ...QUIZ.questions[0], answer: 7 }] };
    for (const [path, chunks] of [
      ['/api/generate-flash-cards', ['Sure! Here are ', 'your cards: front/back']],
      ['/api/generate-flash-cards', pieces(JSON.stringify({ cards: [{ front: 'Only a front' }] }))],
      ['/api/generate-quiz', pieces(JSON.stringify(wrong))],
    ] as const) {
      fake.script({ chunks: [...chunks] });
      const res = await generate(path, ada.token, { gemId, modelId: ada.modelId });
      expect(res.status).toBe(200);
      const last = res.events.at(-1);
      expect(last?.event).toBe('error');
      expect(last?.data.message).toMatch(/did not answer with (flash cards|a quiz) in the form asked for/);
    }
    const after = await studyOf(ada.token, gemId);
    expect(after.flashCards).toEqual(before.flashCards);
    expect(after.quiz).toEqual(before.quiz);
  });

  it("a provider's failure is an error event with its reason; nothing is stored", async () => {
    const gem = await newGem(ada.token, { title: 'Failing' });
    fake.script({ chunks: [], status: 500, errorMessage: 'The fake model is down' });
    const res = await generate('/api/generate-summary', ada.token, { gemId: gem, modelId: ada.modelId });
    expect(res.events.at(-1)?.event).toBe('error');
    expect(res.events.at(-1)?.data.message).toContain('The fake model is down');
    expect((await studyOf(ada.token, gem)).summary).toBeNull();
  });

  it('from free text (`context`): streamed, stored nowhere', async () => {
    fake.script({ chunks: pieces(JSON.stringify(CARDS)) });
    const res = await generate('/api/generate-flash-cards', ada.token, { context: PAGE_TEXT, modelId: ada.modelId });
    expect(res.events.at(-1)?.data).toMatchObject({ kind: 'flashCards', content: CARDS, stored: false });
  });
});

describe('refusals', () => {
  it('bad bodies are 400s naming the field; a gem without text a 400 naming gemId; an unknown model a 404', async () => {
    const post = (path: string, body: unknown) => t.api(path, { token: ada.token, body });
    expectFieldError(await post('/api/generate-summary', { modelId: ada.modelId }), 'gemId');
    expectFieldError(await post('/api/generate-quiz', { modelId: ada.modelId, gemId, context: 'x' }), 'gemId');
    expectFieldError(await post('/api/generate-quiz', { gemId }), 'modelId');
    expectFieldError(await post('/api/generate-quiz', { gemId: 'one', modelId: ada.modelId }), 'gemId');
    const bare = await newGem(ada.token, { title: 'Only a title', text: null });
    expectFieldError(await post('/api/generate-summary', { gemId: bare, modelId: ada.modelId }), 'gemId');
    const unknownModel = await post('/api/generate-summary', { gemId, modelId: 999_999 });
    expect(expectError(unknownModel, 404).message).toBe('AI model not found');
    expect(fake.requests).toEqual([]);
  });

  it("another user's gem is a 404 to read or generate; a missing gem too", async () => {
    const bob = await chatUser(t, fake);
    expectError(await t.api(`/api/gems/${gemId}/study`, { token: bob.token }), 404);
    const res = await t.api('/api/generate-summary', { token: bob.token, body: { gemId, modelId: bob.modelId } });
    expectError(res, 404);
    expectError(await t.api('/api/gems/999999/study', { token: bob.token }), 404);
    expect(fake.requests).toEqual([]);
  });
});

describe('shared gems', () => {
  it('a viewer reads the stored aids but cannot generate; an editor can, and everyone sees the new one', async () => {
    const owner = await chatUser(t, fake);
    const collection = await t.api('/api/collections', { token: owner.token, body: { data: { name: 'Biology' } } });
    const collectionId = collection.body.data.id as number;
    const gem = await newGem(owner.token, { collectionId });
    fake.script({ chunks: ['Owner summary.'] });
    await generate('/api/generate-summary', owner.token, { gemId: gem, modelId: owner.modelId });
    const member = async (role: string) => {
      const user = await chatUser(t, fake);
      const me = await t.api('/api/users/me', { token: user.token });
      const invited = await t.api(`/api/collection-email/${collectionId}`, {
        token: owner.token,
        body: { data: { username: me.body.username, role } },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const accept = await t.api(`/api/shares/${invited.body.data.id}/accept`, { method: 'POST', token: user.token });
      expect(accept.status, JSON.stringify(accept.body)).toBe(200);
      return user;
    };
    const viewer = await member('viewer');
    const seen = await studyOf(viewer.token, gem);
    expect(seen.summary?.content.text).toBe('Owner summary.');
    expect(seen.canGenerate).toBe(false);
    expectError(
      await t.api('/api/generate-summary', { token: viewer.token, body: { gemId: gem, modelId: viewer.modelId } }),
      404,
    );

    const editor = await member('editor');
    expect((await studyOf(editor.token, gem)).canGenerate).toBe(true);
    fake.script({ chunks: ['Editor summary.'] });
    const res = await generate('/api/generate-summary', editor.token, { gemId: gem, modelId: editor.modelId });
    expect(res.events.at(-1)?.data.stored).toBe(true);
    expect((await studyOf(viewer.token, gem)).summary?.content.text).toBe('Editor summary.');
  });
});

describe('with the gem', () => {
  it('the Trove export carries them and its import brings them back (a tampered one is left out)', async () => {
    const res = await fetch(`${t.url}/api/library-export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ada.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ format: 'trove-json' }),
    });
    const doc = troveExportSchema.parse(await res.json());
    const exported = doc.gems.find((g) => g.id === gemId);
    expect(exported?.study.map((s) => s.kind).sort()).toEqual(['flashCards', 'quiz', 'summary']);
    const original = await studyOf(ada.token, gemId);
    // the quiz of the file made invalid: an import checks it as if a model had sent it
    for (const gem of doc.gems)
      for (const item of gem.study)
        if (item.kind === 'quiz') item.content = { questions: [{ question: 'No choices' }] };

    const carol = await chatUser(t, fake);
    const started = await t.api('/api/collection-import', {
      token: carol.token,
      body: { fileName: 'trove.json', content: JSON.stringify(doc) },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let status = 'queued';
    while (status === 'queued' || status === 'running')
      status = (await t.api(`/api/imports/${started.body.data.id}`, { token: carol.token })).body.data.status;
    expect(status).toBe('done');
    const list = await t.api('/api/filter-search?q=Photosynthesis&perPage=50', { token: carol.token });
    const imported = list.body.data.find((g: { title: string; text?: string }) => g.title === 'Photosynthesis');
    expect(imported, JSON.stringify(list.body)).toBeDefined();
    const study = await studyOf(carol.token, imported.id);
    expect(study.summary).toEqual(original.summary);
    expect(study.flashCards).toEqual(original.flashCards);
    expect(study.quiz).toBeNull();
  });

  it('deleted for good with the gem (the delete is not blocked by them) and gone from it', async () => {
    const gem = await newGem(ada.token, { title: 'Doomed' });
    fake.script({ chunks: ['Soon gone.'] });
    await generate('/api/generate-summary', ada.token, { gemId: gem, modelId: ada.modelId });
    expect((await studyOf(ada.token, gem)).summary?.content.text).toBe('Soon gone.');
    expect((await t.api(`/api/gems/${gem}`, { method: 'DELETE', token: ada.token })).status).toBe(200);
    // in the trash it keeps them (a restore brings the gem back whole)
    expect((await studyOf(ada.token, gem)).summary?.content.text).toBe('Soon gone.');
    const purge = await t.api(`/api/trash/${gem}`, { method: 'DELETE', token: ada.token });
    expect(purge.status, JSON.stringify(purge.body)).toBe(200);
    expectError(await t.api(`/api/gems/${gem}/study`, { token: ada.token }), 404);
  });
});
