/**
 * Chat history (GET /api/chats/history): paging, latest activity first, full-text search over titles
 * and message text, validation; and the history panel's Collections tab (GET /api/chats/collections).
 * Chats and answers are made through the real endpoints against the fake provider.
 */
import { describe, expect, it } from 'vitest';
import { chatUser, setupFakeProvider, stream } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

/** Asks `text` in the chat and waits for the (scripted) answer to be stored. */
async function ask(url: string, token: string, chatId: number, modelId: number, text: string, answer: string) {
  fake.script({ chunks: [answer] });
  const res = await stream(url, `/api/chats/${chatId}/messages`, { token, body: { text, modelId } });
  expect(res.events.at(-1)?.event, JSON.stringify(res.events)).toBe('done');
  return res.events[0]?.data.id as number;
}

async function newChat(token: string, title: string) {
  const res = await t.api('/api/chats', { token, body: { title } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const history = (token: string, params = '') => t.api(`/api/chats/history${params}`, { token });
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((c) => c.id);

describe('GET /api/chats/history', () => {
  it('lists the user’s chats, latest activity first, with excerpt and message count, paged', async () => {
    const { token, chatId: first, modelId } = await chatUser(t, fake);
    const second = await newChat(token, 'Second chat');
    const third = await newChat(token, 'Third chat');
    // a gem that is not a chat is never listed
    expect(
      (await t.api('/api/gems', { token, body: { data: { title: 'A page', url: 'https://example.com/p' } } })).status,
    ).toBe(201);

    let res = await history(token);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([third, second, first]);
    expect(res.body.totalCount).toBe(3);

    // a new message makes the first chat the most recent
    await ask(t.url, token, first, modelId, 'What is a gem?', 'A gem is   something\nyou saved.');
    await ask(t.url, token, first, modelId, 'And a collection?', 'A folder of gems.');
    res = await history(token);
    expect(ids(res)).toEqual([first, third, second]);
    const [top] = res.body.data;
    expect(top).toEqual({
      id: first,
      title: 'Test chat',
      updatedAt: expect.any(String),
      createdAt: expect.any(String),
      lastMessage: 'A folder of gems.',
      messageCount: 2,
    });
    expect(Date.parse(top.updatedAt)).toBeGreaterThan(Date.parse(res.body.data[1].updatedAt));
    expect(res.body.data[1]).toMatchObject({ id: third, lastMessage: null, messageCount: 0 });

    // updating the chat itself (a rename) counts as activity too
    expect(
      (await t.api(`/api/gems/${second}`, { method: 'PUT', token, body: { data: { title: 'Renamed chat' } } })).status,
    ).toBe(200);
    expect(ids(await history(token))).toEqual([second, first, third]);

    res = await history(token, '?perPage=2&page=1');
    expect(ids(res)).toEqual([second, first]);
    expect(res.body.totalCount).toBe(3);
    res = await history(token, '?perPage=2&page=2');
    expect(ids(res)).toEqual([third]);
    expect(res.body.totalCount).toBe(3);
    res = await history(token, '?perPage=2&page=3');
    expect(res.body).toEqual({ data: [], totalCount: 3 });

    // another user sees none of them
    const other = await t.signUp('hist');
    expect((await history(other.jwt)).body).toEqual({ data: [], totalCount: 0 });
  });

  it('pages 20 at a time by default', async () => {
    const { token } = await chatUser(t, fake);
    for (let i = 0; i < 21; i++) await newChat(token, `Chat ${i}`);
    const res = await history(token);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.totalCount).toBe(22);
    expect((await history(token, '?page=2')).body.data).toHaveLength(2);
  });

  it('searches titles, questions and answers', async () => {
    const { token, chatId: plain, modelId } = await chatUser(t, fake);
    const titled = await newChat(token, 'Quarterly budget planning');
    const byAnswer = await newChat(token, 'Untitled');
    const byQuestion = await newChat(token, 'Another');
    await ask(t.url, token, byAnswer, modelId, 'Tell me something', 'Photosynthesis turns light into sugar.');
    await ask(t.url, token, byQuestion, modelId, 'How do volcanoes erupt?', 'Pressure builds up.');
    await ask(t.url, token, plain, modelId, 'Hello', 'Hi there.');

    const search = async (q: string) => {
      const res = await history(token, `?search=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.totalCount).toBe(res.body.data.length);
      return ids(res);
    };
    expect(await search('budget')).toEqual([titled]); // a title word
    expect(await search('BUDGET planning')).toEqual([titled]);
    expect(await search('photosynthesis')).toEqual([byAnswer]); // answer text
    expect(await search('volcanoes')).toEqual([byQuestion]); // user text
    expect(await search('Quart')).toEqual([titled]); // part of a title word: the substring fallback
    expect(await search('light sugar')).toEqual([byAnswer]); // all the words, anywhere
    expect(await search('"sugar light"')).toEqual([]); // a phrase in another order
    expect(await search('zebra')).toEqual([]);
    expect((await history(token, '?search=zebra')).body).toEqual({ data: [], totalCount: 0 });
    expect(await search('100%_')).toEqual([]); // LIKE wildcards are taken literally
    expect(await search('   ')).toHaveLength(4); // blank: no filter
    expect((await search('light OR budget')).sort()).toEqual([byAnswer, titled].sort()); // websearch syntax
  });

  it('lists only the chats of the type asked for, all without one', async () => {
    const { token, chatId: chat } = await chatUser(t, fake);
    const write = await t.api('/api/chats', { token, body: { title: 'A letter', type: 'ai-writer' } });
    expect(write.status, JSON.stringify(write.body)).toBe(201);
    const writer = write.body.data.id as number;

    const chats = await history(token, '?type=chat');
    expect(chats.body).toMatchObject({ data: [{ id: chat }], totalCount: 1 });
    expect(await history(token, '?type=ai-writer')).toMatchObject({ body: { data: [{ id: writer }], totalCount: 1 } });
    expect(ids(await history(token, '?type=chat&search=letter'))).toEqual([]);
    expect(ids(await history(token)).sort()).toEqual([chat, writer].sort());
    expectFieldError(await history(token, '?type=write'), 'type');
  });

  it('validates the query and needs a session', async () => {
    const { token } = await chatUser(t, fake);
    for (const bad of ['0', '101', 'abc', '2.5']) expectFieldError(await history(token, `?perPage=${bad}`), 'perPage');
    expectFieldError(await history(token, '?page=0'), 'page');
    expect((await history(token, '?perPage=100')).status).toBe(200);
    expectError(await history(''), 401);
  });
});

describe('GET /api/chats/collections', () => {
  it('lists the AI Chats and Unfiltered collections with their chats', async () => {
    const { session, token, chatId } = await chatUser(t, fake);
    const moved = await newChat(token, 'Moved chat');
    const unfiltered = session.user.unfiltered_collection_id;
    const aiChats = session.user.ai_chats_collection_id;
    expect(
      (await t.api(`/api/gems/${moved}`, { method: 'PUT', token, body: { data: { collectionId: unfiltered } } }))
        .status,
    ).toBe(200);
    // neither a link gem nor another collection's chat shows up
    expect(
      (await t.api('/api/gems', { token, body: { data: { title: 'A page', url: 'https://example.com/p' } } })).status,
    ).toBe(201);
    const elsewhere = await t.api('/api/collections', { token, body: { data: { name: 'Research' } } });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    const hidden = await newChat(token, 'Hidden chat');
    expect(
      (
        await t.api(`/api/gems/${hidden}`, {
          method: 'PUT',
          token,
          body: { data: { collectionId: elsewhere.body.data.id } },
        })
      ).status,
    ).toBe(200);

    const res = await t.api('/api/chats/collections', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: aiChats,
          name: 'AI Chats',
          parentId: null,
          chatCount: 1,
          chats: [{ id: chatId, title: 'Test chat', updatedAt: expect.any(String) }],
        },
        {
          id: unfiltered,
          name: 'Unfiltered',
          parentId: null,
          chatCount: 1,
          chats: [{ id: moved, title: 'Moved chat', updatedAt: expect.any(String) }],
        },
      ],
    });

    const other = await t.signUp('colls');
    const theirs = await t.api('/api/chats/collections', { token: other.jwt });
    expect(theirs.body.data.map((c: { chats: unknown[] }) => c.chats)).toEqual([[], []]);
    expectError(await t.api('/api/chats/collections'), 401);
  });

  it('lists only the chats of the type asked for, all without one', async () => {
    const { token, chatId: chat } = await chatUser(t, fake);
    const write = await t.api('/api/chats', { token, body: { title: 'A letter', type: 'ai-writer' } });
    expect(write.status, JSON.stringify(write.body)).toBe(201);
    const writer = write.body.data.id as number;
    const chatsIn = async (params: string) => {
      const res = await t.api(`/api/chats/collections${params}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data[0].chats.map((c: { id: number }) => c.id);
    };

    expect(await chatsIn('?type=chat')).toEqual([chat]);
    expect(await chatsIn('?type=ai-writer')).toEqual([writer]);
    expect((await chatsIn('')).sort()).toEqual([chat, writer].sort());
    expectFieldError(await t.api('/api/chats/collections?type=write', { token }), 'type');
  });
});
