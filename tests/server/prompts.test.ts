/**
 * Prompts over real HTTP on a real database: create, list (search, category, scope, paging), get,
 * update, delete with ownership (another user's private prompt is a 404, their public one a 403 to
 * change), the hidden-prompt rule in every answer (list, get, public lists, chat messages, exports),
 * the starter prompts, Optimize prompt, a prompt from a conversation and Save → Ai Prompt (the fake provider answers).
 */
import { describe, expect, it } from 'vitest';
import { gemListSchema, promptListSchema, promptSchema } from '../../lib/api/contract';
import { createChatApi } from '../../lib/chat/chat-api';
import { STARTER_PROMPTS } from '../../server/features/prompts/starter-prompts';
import { chatUser, modelIdOf, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { type Client, expectError, expectFieldError, setupTestServer } from './harness';

const fake = setupFakeProvider();
// House models at a fake provider of their own (a user's key may not point at the house upstream): another
// user's hidden prompt runs only on models the runner does not control.
const house = setupFakeProvider();
const t = setupTestServer(() => ({
  houseProvider: 'openai',
  houseBaseUrl: `${house.url}/v1`,
  houseApiKey: 'sk-house-test-9876',
}));

const SECRET_TEXT = 'Secret recipe: answer only in haiku about {{Topic}}';

async function makePrompt(client: Client, token: string, data: Record<string, unknown> = {}) {
  const res = await client.api('/api/prompts', {
    token,
    body: { data: { title: 'My prompt', text: 'Do X', ...data } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return promptSchema.parse(res.body.data);
}

const list = async (token: string, query = '') => {
  const res = await t.api(`/api/prompts${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return promptListSchema.parse(res.body);
};

describe('prompt CRUD', () => {
  it('creates, reads, updates (data{expander, text}) and deletes a prompt of the author', async () => {
    const { jwt, user } = await t.signUp('pcrud');
    const made = await makePrompt(t, jwt, {
      description: 'Turns text into a haiku',
      text: 'Write a haiku about {{Topic}} in a {{Mood | calm, wild}} mood\n---\nNow a limerick',
      category: 'Write',
    });
    expect(made).toMatchObject({
      title: 'My prompt',
      description: 'Turns text into a haiku',
      textHidden: false,
      isAuthor: true,
      author: { id: user.id, username: user.username },
      media: { showPrompt: true, isPublic: false, category: 'Write', promptType: 'prompt' },
      variables: [
        { name: 'Topic', options: null },
        { name: 'Mood', options: ['calm', 'wild'] },
      ],
      queueLength: 2,
    });

    const expander = [{ type: 'prompt', text: '<p><b>Shorter</b> text</p>', plainText: 'Shorter text' }];
    const updated = await t.api(`/api/prompts/${made.id}`, {
      method: 'PUT',
      token: jwt,
      body: { data: { expander, text: 'Shorter text about {{Topic}}' } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ text: 'Shorter text about {{Topic}}', expander, queueLength: 1 });
    expect((await t.api(`/api/prompts/${made.id}`, { token: jwt })).body.data.expander).toEqual(expander);

    // parts alone set the text to their plain text
    const partsOnly = await t.api(`/api/prompts/${made.id}`, {
      method: 'PUT',
      token: jwt,
      body: { data: { expander: [{ type: 'prompt', text: '<p>From parts</p>', plainText: 'From parts' }] } },
    });
    expect(partsOnly.body.data.text).toBe('From parts');

    const gone = await t.api(`/api/prompts/${made.id}`, { method: 'DELETE', token: jwt });
    expect(gone.body).toEqual({ data: { id: made.id } });
    expectError(await t.api(`/api/prompts/${made.id}`, { token: jwt }), 404);
  });

  it('lists with case-insensitive substring search, the category tab and pages ({data,total})', async () => {
    const { jwt } = await t.signUp('plist');
    await makePrompt(t, jwt, { title: 'Alpha Rewrite', category: 'Rewrite' });
    await makePrompt(t, jwt, { title: 'beta', description: 'has REWRITE inside', category: 'Chat' });
    await makePrompt(t, jwt, { title: 'gamma', text: 'text mentions rewrite', category: 'Reply' });
    await makePrompt(t, jwt, { title: 'delta', category: 'Reply' });

    const found = await list(jwt, '?scope=mine&search=reWRite');
    expect(found.total).toBe(3);
    expect(found.data.map((p) => p.title).sort()).toEqual(['Alpha Rewrite', 'beta', 'gamma']);
    expect((await list(jwt, '?scope=mine&category=Reply')).data.map((p) => p.title).sort()).toEqual(['delta', 'gamma']);
    expect((await list(jwt, '?scope=mine&category=All')).total).toBe(4);
    const page2 = await list(jwt, '?scope=mine&perPage=3&page=2');
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.data).toHaveLength(1);
    expect((await list(jwt, '?scope=mine&search=nothing-like-this')).total).toBe(0);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { jwt } = await t.signUp('pbad');
    const post = (data: unknown) => t.api('/api/prompts', { token: jwt, body: { data } });
    expectFieldError(await post({ text: 'no title' }), 'data.title');
    expectFieldError(await post({ title: 'No text' }), 'data.text');
    expectFieldError(await post({ title: 'x', text: 'y', category: 'Poetry' }), 'data.category');
    expectFieldError(await post({ title: 'x', text: 'y', showPrompt: 'no' }), 'data.showPrompt');
    expectFieldError(
      await post({ title: 'x', text: 'y', expander: [{ type: 'x', text: '', plainText: '' }] }),
      'data.expander.0.type',
    );
    expectFieldError(await post({ title: 'x', text: 'y', extra: 1 }), 'data');
    expectFieldError(await t.api('/api/prompts?category=Poetry', { token: jwt }), 'category');
    expectFieldError(await t.api('/api/prompts?page=0', { token: jwt }), 'page');
    const made = await makePrompt(t, jwt);
    const put = (data: unknown) => t.api(`/api/prompts/${made.id}`, { method: 'PUT', token: jwt, body: { data } });
    expectFieldError(await put({ text: '   ' }), 'data.text');
    expectFieldError(await put({ isPublic: 1 }), 'data.isPublic');
    expect((await list(jwt, '?scope=mine')).total).toBe(1);
  });

  it("another user's private prompt is a 404 everywhere; their public one is readable but a 403 to change", async () => {
    const owner = await t.signUp('powner');
    const other = await t.signUp('pother');
    const secret = await makePrompt(t, owner.jwt, { title: 'Private' });
    const shared = await makePrompt(t, owner.jwt, { title: 'Shared', isPublic: true });

    expectError(await t.api(`/api/prompts/${secret.id}`, { token: other.jwt }), 404);
    const body = { data: { text: 'Mine now' } };
    expectError(await t.api(`/api/prompts/${secret.id}`, { method: 'PUT', token: other.jwt, body }), 404);
    expectError(await t.api(`/api/prompts/${secret.id}`, { method: 'DELETE', token: other.jwt }), 404);

    expect((await t.api(`/api/prompts/${shared.id}`, { token: other.jwt })).body.data).toMatchObject({
      title: 'Shared',
      isAuthor: false,
      text: 'Do X',
    });
    const refused = expectError(
      await t.api(`/api/prompts/${shared.id}`, { method: 'PUT', token: other.jwt, body }),
      403,
    );
    expect(refused.message).toBe('Only the author of this prompt can change it');
    expectError(await t.api(`/api/prompts/${shared.id}`, { method: 'DELETE', token: other.jwt }), 403);
    expectError(await t.api(`/api/prompts/${shared.id}/optimize`, { token: other.jwt, body: { modelId: 1 } }), 403);
    const seen = (await list(other.jwt)).data.map((p) => p.title);
    expect(seen).toContain('Shared');
    expect(seen).not.toContain('Private');
    expect((await t.api(`/api/prompts/${shared.id}`, { token: owner.jwt })).body.data.text).toBe('Do X');
  });
});

describe("the side panel's client (lib/chat/chat-api.ts listPrompts)", () => {
  it('reads a tab, a search and a page, and another user’s hidden public prompt without its text', async () => {
    const author = await t.signUp('pside');
    const reader = await t.signUp('pside');
    await makePrompt(t, author.jwt, {
      title: 'Sidepanel hidden',
      text: SECRET_TEXT,
      showPrompt: false,
      isPublic: true,
    });
    for (const n of [1, 2, 3])
      await makePrompt(t, reader.jwt, { title: `Sidepanel ${n}`, category: n === 3 ? 'Write' : 'Chat' });
    const api = createChatApi(async () => ({ serverUrl: t.url, token: reader.jwt }));

    const all = await api.listPrompts({ category: 'All', search: 'sidepanel', page: 1 });
    expect(all.total).toBe(4);
    expect(all.data.find((p) => p.title === 'Sidepanel hidden')).toMatchObject({
      text: null,
      textHidden: true,
      isAuthor: false,
      variables: [{ name: 'Topic', options: null }],
    });
    const write = await api.listPrompts({ category: 'Write', search: 'Sidepanel', page: 1 });
    expect(write.data.map((p) => p.title)).toEqual(['Sidepanel 3']);
    expect(await api.listPrompts({ category: 'Chat', search: 'sidepanel 1', page: 2 })).toEqual({ data: [], total: 1 });
  });
});

describe('prompts as gems', () => {
  it('are gems of type Prompt, left out of the library (tests/server/not-saves.test.ts); the generic gem routes refuse to make one', async () => {
    const { jwt } = await t.signUp('pgem');
    const made = await makePrompt(t, jwt, { expander: [{ type: 'prompt', text: '<p>x</p>', plainText: 'x' }] });
    expect((await t.api(`/api/gems/${made.id}`, { token: jwt })).body.data).toMatchObject({ media_type: 'Prompt' });
    const library = gemListSchema.parse((await t.api('/api/get-all-bookmark', { token: jwt })).body);
    expect(library).toMatchObject({ data: [], total: 0 });
    for (const type of ['Prompt', 'BrandVoice', 'Persona', 'Memory']) {
      const res = await t.api('/api/gems', {
        token: jwt,
        body: { data: { title: 'x', url: 'https://e.com', media_type: type } },
      });
      expectFieldError(res, 'data.media_type');
    }
  });
});

describe('a hidden prompt (media.showPrompt false)', () => {
  it('never carries its text or parts to anyone but its author: get, lists, public list, search', async () => {
    const author = await t.signUp('hauthor');
    const reader = await t.signUp('hreader');
    const hidden = await makePrompt(t, author.jwt, {
      title: 'Hidden haiku',
      text: SECRET_TEXT,
      expander: [{ type: 'prompt', text: `<p>${SECRET_TEXT}</p>`, plainText: SECRET_TEXT }],
      showPrompt: false,
      isPublic: true,
      category: 'Write',
    });
    expect(hidden.text).toBe(SECRET_TEXT);

    const responses = [
      await t.api(`/api/prompts/${hidden.id}`, { token: reader.jwt }),
      await t.api('/api/prompts', { token: reader.jwt }),
      await t.api('/api/prompts?scope=public&category=Write', { token: reader.jwt }),
      await t.api('/api/fetch-public-prompts?search=haiku', { token: reader.jwt }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('Secret recipe');
      expect(JSON.stringify(res.body)).toContain('Hidden haiku');
    }
    expect(responses[0]?.body.data).toMatchObject({
      text: null,
      expander: [],
      textHidden: true,
      variables: [{ name: 'Topic', options: null }],
      queueLength: 1,
    });
    // the text is no search oracle either
    expect((await t.api('/api/fetch-public-prompts?search=recipe', { token: reader.jwt })).body.total).toBe(0);
    expect((await t.api('/api/prompts?search=recipe', { token: author.jwt })).body.total).toBe(1);
  });

  it('is used in chat by promptId (variables filled) without its text reaching the reader: stream, messages, exports', async () => {
    const author = await t.signUp('hchatauthor');
    const hidden = await makePrompt(t, author.jwt, {
      title: 'Hidden haiku',
      text: SECRET_TEXT,
      showPrompt: false,
      isPublic: true,
    });
    const { token, chatId } = await chatUser(t, fake);
    const modelId = await modelIdOf(t, token, 'trove-chat');
    house.script({ chunks: ['Autumn ', 'leaves fall'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Go', modelId, promptId: hidden.id, promptVariables: { Topic: 'autumn' } },
    });
    expect(res.text).toBe('Autumn leaves fall');
    const sent = house.requests[0]?.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.filter((m) => m.role === 'system').at(-1)?.content).toContain(
      'Secret recipe: answer only in haiku about autumn',
    );
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Go' });

    const stored = await storedMessages(t, token, chatId);
    expect(stored[0]?.context.instructions).toEqual({ prompt: { id: hidden.id, title: 'Hidden haiku', part: 0 } });
    const answers = [
      JSON.stringify(res.events),
      JSON.stringify(stored),
      ...(await Promise.all(
        ['markdown', 'json', 'text'].map(async (format) => {
          const exported = await fetch(`${t.url}/api/chats/${chatId}/export?format=${format}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          expect(exported.status).toBe(200);
          return exported.text();
        }),
      )),
    ];
    for (const answer of answers) {
      expect(answer).not.toContain('Secret recipe');
      expect(answer).not.toContain('haiku about');
    }
  });

  it("refuses another user's private prompt, unknown variables, a dropdown value not offered and a part past the end", async () => {
    const author = await t.signUp('hrefuse');
    const privatePrompt = await makePrompt(t, author.jwt, { title: 'Private' });
    const { token, chatId, modelId } = await chatUser(t, fake);
    const mine = await makePrompt(t, token, { text: 'In a {{Tone | Formal, Friendly}} tone\n---\nthen more' });
    const post = (body: Record<string, unknown>) =>
      t.api(`/api/chats/${chatId}/messages`, { token, body: { text: 'x', modelId, ...body } });

    const notFound = expectError(await post({ promptId: privatePrompt.id }), 404);
    expect(notFound.message).toContain('promptId');
    expectFieldError(await post({ promptId: mine.id, promptVariables: { Nope: 'x' } }), 'promptVariables.Nope');
    expectFieldError(await post({ promptId: mine.id, promptVariables: { Tone: 'Rude' } }), 'promptVariables.Tone');
    expectFieldError(await post({ promptId: mine.id, promptPart: 2 }), 'promptPart');
    expectFieldError(await post({ promptVariables: { Tone: 'Formal' } }), 'promptId');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('public prompts', () => {
  it('serves the starter prompts (one with {{Name}}, one with a Tone dropdown) and the expanders apart', async () => {
    const { jwt } = await t.signUp('pub');
    // Searched by title: on a shared PostgreSQL other tests' public prompts may fill the first page.
    const publicPrompts = async (search: string) =>
      promptListSchema.parse(
        (await t.api(`/api/fetch-public-prompts?search=${encodeURIComponent(search)}`, { token: jwt })).body,
      ).data;
    for (const starter of STARTER_PROMPTS.filter((s) => s.promptType === 'prompt'))
      expect((await publicPrompts(starter.title)).map((p) => p.title)).toContain(starter.title);
    const reply = (await publicPrompts('Reply politely')).find((p) => p.title === 'Reply politely');
    expect(reply).toMatchObject({ isAuthor: false, textHidden: false, media: { isPublic: true, category: 'Reply' } });
    expect(reply?.variables).toEqual([
      { name: 'Tone', options: ['Formal', 'Friendly', 'Direct'] },
      { name: 'Name', options: null },
    ]);
    const reading = (await t.api('/api/fetch-public-prompts?category=Reading&search=SUMMARI', { token: jwt })).body;
    expect(reading.data.map((p: { title: string }) => p.title)).toEqual(['Summarise']);

    const expanders = promptListSchema.parse((await t.api('/api/fetch-public-expanders', { token: jwt })).body);
    expect(expanders.data.map((p) => p.title)).toContain('Email sign-off');
    expect(expanders.data.every((p) => p.media.promptType === 'expander')).toBe(true);
    expect((await publicPrompts('Email sign-off')).map((p) => p.title)).not.toContain('Email sign-off');
  });
});

describe('the model writing prompts', () => {
  it('Optimize prompt: the author gets the model’s text (the editor’s or the stored one); nothing is saved', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const made = await makePrompt(t, token, { text: 'write abt {{Topic}}' });
    fake.script({ chunks: ['Write a clear article about {{Topic}}.'] }, { chunks: ['Better draft'] });

    const res = await t.api(`/api/prompts/${made.id}/optimize`, { token, body: { modelId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { text: 'Write a clear article about {{Topic}}.' } });
    const sent = fake.requests[0]?.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.at(-1)?.content).toBe('write abt {{Topic}}');
    const fromEditor = await t.api(`/api/prompts/${made.id}/optimize`, { token, body: { modelId, text: 'draft' } });
    expect(fromEditor.body.data.text).toBe('Better draft');
    expect((fake.requests[1]?.body as { messages: { content: string }[] } | undefined)?.messages.at(-1)?.content).toBe(
      'draft',
    );
    expect((await t.api(`/api/prompts/${made.id}`, { token })).body.data.text).toBe('write abt {{Topic}}');
    expectFieldError(await t.api(`/api/prompts/${made.id}/optimize`, { token, body: {} }), 'modelId');
  });

  it('Create prompt from current conversation: a new private prompt titled and written by the model', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    expectFieldError(await t.api(`/api/chats/${chatId}/prompt`, { token, body: { modelId } }), 'id');
    fake.script({ chunks: ['Paris is the capital.'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Capital of France?', modelId } });
    fake.script({ chunks: ['Capital finder\nWhat is the capital of {{Country}}?'] });

    const res = await t.api(`/api/chats/${chatId}/prompt`, { token, body: { modelId, category: 'Search' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Capital finder',
      text: 'What is the capital of {{Country}}?',
      isAuthor: true,
      media: { isPublic: false, showPrompt: true, category: 'Search' },
    });
    const transcript = (fake.requests[1]?.body as { messages: { content: string }[] } | undefined)?.messages.at(
      -1,
    )?.content;
    expect(transcript).toContain('User: Capital of France?');
    expect(transcript).toContain('Assistant: Paris is the capital.');

    const other = await t.signUp('pfromother');
    expectError(await t.api(`/api/chats/${chatId}/prompt`, { token: other.jwt, body: { modelId } }), 404);
  });

  it('Create prompt from current conversation after a regenerate: each turn once, in order, with its latest answer', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['A1'] });
    const first = await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Q1', modelId } });
    fake.script({ chunks: ['A2'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Q2', modelId } });
    fake.script({ chunks: ['A1b'] });
    await stream(t.url, `/api/messages/${first.events[0]?.data.id}/regenerate`, { token, body: {} });
    fake.script({ chunks: ['Steps\nDo it.'] });

    const res = await t.api(`/api/chats/${chatId}/prompt`, { token, body: { modelId } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const transcript = (fake.requests.at(-1)?.body as { messages: { content: string }[] } | undefined)?.messages.at(
      -1,
    )?.content;
    expect(transcript).toBe('User: Q1\n\nAssistant: A1b\n\n---\n\nUser: Q2\n\nAssistant: A2');
  });

  it('Save → Ai Prompt: the answer becomes a new prompt of the owner, to edit', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Use short sentences.\nAvoid jargon.'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'How to write clearly?', modelId } });
    const [message] = await storedMessages(t, token, chatId);

    const res = await t.api(`/api/messages/${message?.id}/prompt`, { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'How to write clearly?',
      text: 'Use short sentences.\nAvoid jargon.',
      media: { category: 'Write', isPublic: false },
    });
    const named = await t.api(`/api/messages/${message?.id}/prompt`, { token, body: { title: 'Clarity' } });
    expect(named.body.data.title).toBe('Clarity');
    expect((await list(token, '?scope=mine')).total).toBe(2);

    const other = await t.signUp('psaveother');
    expectError(await t.api(`/api/messages/${message?.id}/prompt`, { token: other.jwt, body: {} }), 404);
    expectFieldError(
      await t.api(`/api/messages/${message?.id}/prompt`, { token, body: { category: 'x' } }),
      'category',
    );
  });
});
