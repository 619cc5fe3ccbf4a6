/**
 * Chat exports (markdown, JSON, text), duplicate and fork, with ownership. Chats and answers are made
 * through the real endpoints against the fake provider.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../../lib/api/contract';
import { groupTurns } from '../../lib/chat/turns';
import type { Script } from '../fake-provider/server';
import { chatUser, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { expectError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

async function ask(token: string, chatId: number, modelId: number, text: string, script: Script) {
  fake.script(script);
  const res = await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text, modelId } });
  return res.events[0]?.data.id as number;
}

/** A chat with two answered turns and one failed one. */
async function chatWithTurns() {
  const user = await chatUser(t, fake);
  const { token, chatId, modelId } = user;
  const ids = [
    await ask(token, chatId, modelId, 'What is a gem?', { chunks: ['A saved ', 'thing.'] }),
    await ask(token, chatId, modelId, 'And a collection?', { chunks: ['A folder.'] }),
  ];
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  ids.push(
    await ask(token, chatId, modelId, 'Try again', {
      chunks: [],
      status: 401,
      errorMessage: 'Incorrect API key provided',
    }),
  );
  warn.mockRestore();
  const stored = await storedMessages(t, token, chatId);
  return { ...user, ids, stored, displayName: stored[0]?.displayName as string };
}

describe('GET /api/chats/{id}/export', () => {
  it('names the file after the chat’s title and the day it was started, and writes the page’s address in it', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const url = 'https://news.example.test/seawall?vote=1';
    const chat = await t.api('/api/chats', { token, body: { title: 'Seawall vote: café/“final”?', url } });
    const chatId = chat.body.data.id as number;
    const day = (chat.body.data.createdAt as string).slice(0, 10);
    await ask(token, chatId, modelId, 'Who won?', { chunks: ['The seawall.'] });

    const md = await t.api(`/api/chats/${chatId}/export?format=markdown`, { token });
    expect(md.headers.get('content-disposition')).toBe(`attachment; filename="Seawall vote cafe final ${day}.md"`);
    expect(md.body.split('\n').slice(0, 4)).toEqual(['# Seawall vote: café/“final”?', '', `Page: <${url}>`, '']);
    const text = await t.api(`/api/chats/${chatId}/export?format=text`, { token });
    expect(text.headers.get('content-disposition')).toBe(`attachment; filename="Seawall vote cafe final ${day}.txt"`);
    expect(text.body.split('\n').slice(0, 3)).toEqual(['Seawall vote: café/“final”?', '', `Page: ${url}`]);

    // A title with nothing a file name can hold is named "chat".
    const odd = await t.api('/api/chats', { token, body: { title: '“…”' } });
    const plain = await t.api(`/api/chats/${odd.body.data.id}/export?format=json`, { token });
    expect(plain.headers.get('content-disposition')).toBe(`attachment; filename="chat ${day}.json"`);
  });

  it('exports markdown, JSON and plain text with download headers', async () => {
    const { token, chatId, displayName, stored } = await chatWithTurns();
    expect(displayName).toMatch(/\S/);
    const error = 'OpenAI answered 401: Incorrect API key provided';

    const md = await t.api(`/api/chats/${chatId}/export?format=markdown`, { token });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toMatch(/^attachment; filename="Test chat \d{4}-\d{2}-\d{2}\.md"$/);
    expect(md.body).toBe(
      [
        '# Test chat\n',
        `**You:**\n\nWhat is a gem?\n\n**${displayName}:**\n\nA saved thing.\n`,
        `**You:**\n\nAnd a collection?\n\n**${displayName}:**\n\nA folder.\n`,
        `**You:**\n\nTry again\n\n**${displayName}:**\n\n> **Error:** ${error}\n`,
      ].join('\n'),
    );
    // markdown is the default
    expect((await t.api(`/api/chats/${chatId}/export`, { token })).body).toBe(md.body);

    const text = await t.api(`/api/chats/${chatId}/export?format=text`, { token });
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Test chat \d{4}-\d{2}-\d{2}\.txt"$/,
    );
    expect(text.body).toBe(
      [
        'Test chat\n',
        `You:\nWhat is a gem?\n\n${displayName}:\nA saved thing.\n`,
        `You:\nAnd a collection?\n\n${displayName}:\nA folder.\n`,
        `You:\nTry again\n\n${displayName}:\nError: ${error}\n`,
      ].join('\n'),
    );

    const json = await t.api(`/api/chats/${chatId}/export?format=json`, { token });
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Test chat \d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(json.body).toEqual({
      chat: {
        id: chatId,
        title: 'Test chat',
        url: expect.stringMatching(/^trove:\/\/chat\//),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      messages: stored,
    });
    expect(json.body.messages.map((m: { status: string }) => m.status)).toEqual(['done', 'done', 'error']);
  });

  it('leaves out an answer still being generated', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    await ask(token, chatId, modelId, 'Finished question', { chunks: ['Finished answer'] });
    // The answer ends only once the export was read while it ran, whatever the machine's load.
    const { promise: read, resolve: readDone } = Promise.withResolvers<void>();
    fake.script({ chunks: ['Slow ', 'answer'], endAfter: read });
    let during: string | undefined;
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Slow question', modelId },
      onEvent: async (event) => {
        if (event.event === 'delta' && during === undefined) {
          during = (await t.api(`/api/chats/${chatId}/export?format=text`, { token })).body;
          readDone();
        }
        return false;
      },
    });
    expect(during).toContain('Finished answer');
    expect(during).not.toContain('Slow');
    expect((await t.api(`/api/chats/${chatId}/export?format=text`, { token })).body).toContain('Slow question');
  });

  it('validates the format and is owner only', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const bad = expectError(await t.api(`/api/chats/${chatId}/export?format=pdf`, { token }), 400);
    expect(bad.message).toContain('format');
    const other = await t.signUp('export');
    expectError(await t.api(`/api/chats/${chatId}/export`, { token: other.jwt }), 404);
    expectError(await t.api(`/api/chats/${chatId}/export`), 401);
  });
});

describe('duplicate and fork', () => {
  const copied = (m: Record<string, unknown>) => {
    const { id, chatId, ...rest } = m;
    return rest;
  };

  it('duplicates a chat with all its messages', async () => {
    const { token, chatId, stored, session } = await chatWithTurns();
    const res = await t.api(`/api/chats/${chatId}/duplicate`, { method: 'POST', token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body.data;
    expect(copy).toMatchObject({
      title: 'Test chat (copy)',
      media_type: 'AIChat',
      collectionId: session.user.ai_chats_collection_id,
    });
    expect(copy.id).not.toBe(chatId);
    const messages = await storedMessages(t, token, copy.id);
    expect(messages.map(copied)).toEqual(stored.map(copied));
    expect(messages.every((m) => m.chatId === copy.id)).toBe(true);
    // the original is untouched
    expect(await storedMessages(t, token, chatId)).toEqual(stored);
    expect((await t.api('/api/chats/history', { token })).body.data[0].id).toBe(copy.id);
  });

  it('forks a chat at a message', async () => {
    const { token, ids, stored } = await chatWithTurns();
    const res = await t.api(`/api/messages/${ids[1]}/fork`, { method: 'POST', token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Test chat (fork)', media_type: 'AIChat' });
    const messages = await storedMessages(t, token, res.body.data.id);
    expect(messages.map(copied)).toEqual(stored.slice(0, 2).map(copied));

    const first = await t.api(`/api/messages/${ids[0]}/fork`, { method: 'POST', token });
    expect((await storedMessages(t, token, first.body.data.id)).map((m) => m.userText)).toEqual(['What is a gem?']);
  });

  /** Two turns, the first answer regenerated after the second turn: [Q1: A1, A1b], [Q2: A2]. */
  async function chatWithRegenerated() {
    const user = await chatUser(t, fake);
    const { token, chatId, modelId } = user;
    const first = await ask(token, chatId, modelId, 'Q1', { chunks: ['A1'] });
    const second = await ask(token, chatId, modelId, 'Q2', { chunks: ['A2'] });
    fake.script({ chunks: ['A1b'] });
    const res = await stream(t.url, `/api/messages/${first}/regenerate`, { token, body: {} });
    const regenerated = res.events[0]?.data.id as number;
    return { ...user, first, second, regenerated };
  }

  /** A chat as the panel shows it: each turn's question and its answers. */
  const turnsOf = (messages: Message[]) =>
    groupTurns(messages).map((turn) => [turn.question, turn.answers.map((a) => a.text)]);

  it('a duplicate keeps a regenerated answer beside the one it regenerated', async () => {
    const { token, chatId } = await chatWithRegenerated();
    const original = await storedMessages(t, token, chatId);
    expect(turnsOf(original)).toEqual([
      ['Q1', ['A1', 'A1b']],
      ['Q2', ['A2']],
    ]);

    const res = await t.api(`/api/chats/${chatId}/duplicate`, { method: 'POST', token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = await storedMessages(t, token, res.body.data.id);

    expect(turnsOf(copy)).toEqual(turnsOf(original));
    // the copy's regenerated answer points at the copy's own first answer
    expect(copy[2]?.context.regenerate).toMatchObject({ fromMessageId: copy[0]?.id });
  });

  it('forks by turn: the turns up to the forked answer, whose turn ends with it', async () => {
    const { token, second, regenerated } = await chatWithRegenerated();

    const atRegenerated = await t.api(`/api/messages/${regenerated}/fork`, { method: 'POST', token });
    expect(atRegenerated.status, JSON.stringify(atRegenerated.body)).toBe(201);
    expect(turnsOf(await storedMessages(t, token, atRegenerated.body.data.id))).toEqual([['Q1', ['A1', 'A1b']]]);

    const atSecond = await t.api(`/api/messages/${second}/fork`, { method: 'POST', token });
    expect(turnsOf(await storedMessages(t, token, atSecond.body.data.id))).toEqual([
      ['Q1', ['A1', 'A1b']],
      ['Q2', ['A2']],
    ]);
  });

  it('exports a regenerated answer beside the one it regenerated, each labelled', async () => {
    const { token, chatId } = await chatWithRegenerated();
    const [first] = await storedMessages(t, token, chatId);
    const name = first?.displayName as string;
    const text = await t.api(`/api/chats/${chatId}/export?format=text`, { token });
    expect(text.body).toBe(
      [
        'Test chat\n',
        `You:\nQ1\n\n${name} (answer 1 of 2):\nA1\n\n${name} (answer 2 of 2):\nA1b\n`,
        `You:\nQ2\n\n${name}:\nA2\n`,
      ].join('\n'),
    );
    const md = await t.api(`/api/chats/${chatId}/export?format=markdown`, { token });
    expect(md.body).toContain(
      `**You:**\n\nQ1\n\n**${name} (answer 1 of 2):**\n\nA1\n\n**${name} (answer 2 of 2):**\n\nA1b\n`,
    );
    const json = await t.api(`/api/chats/${chatId}/export?format=json`, { token });
    expect(json.body.messages.map((m: Message) => m.text)).toEqual(['A1', 'A1b', 'A2']);
  });

  it('are owner only', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const messageId = await ask(token, chatId, modelId, 'Mine', { chunks: ['Yes'] });
    const other = await t.signUp('copies');
    expectError(await t.api(`/api/chats/${chatId}/duplicate`, { method: 'POST', token: other.jwt }), 404);
    expectError(await t.api(`/api/messages/${messageId}/fork`, { method: 'POST', token: other.jwt }), 404);
    expectError(await t.api(`/api/chats/${chatId}/duplicate`, { method: 'POST' }), 401);
    expectError(await t.api(`/api/messages/${messageId}/fork`, { method: 'POST' }), 401);
    expectError(await t.api('/api/chats/999999999/duplicate', { method: 'POST', token }), 404);
    // another user's history is unchanged
    expect((await t.api('/api/chats/history', { token: other.jwt })).body).toEqual({ data: [], totalCount: 0 });
    expect((await t.api('/api/chats/history', { token })).body.totalCount).toBe(1);
  });
});
