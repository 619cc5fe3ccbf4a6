/**
 * Memories over real HTTP: CRUD with search and ownership; with memory on (the message's `memory`, or
 * the user's Enable Memory), the memories relevant to the question (PostgreSQL ts_rank, on PGlite and on
 * PostgreSQL alike) go into the context and its manifest, the most recent ones when none matches; and a
 * `REMEMBER:` line the model ends with becomes the message's memory proposal (event, stored field,
 * replayed on re-attach), never part of the answer.
 */
import { describe, expect, it } from 'vitest';
import { memoryListSchema } from '../../lib/api/contract';
import { MEMORY_MARKER } from '../../server/ai/memory-proposal';
import { MAX_MEMORIES_IN_CONTEXT } from '../../server/features/memories/memory-context';
import { chatUser, setupFakeProvider, shape, storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

type Sent = { messages: { role: string; content: string }[] };
const trovesSystem = (index = 0) =>
  (fake.requests[index]?.body as Sent | undefined)?.messages.find((m) => m.role === 'system')?.content ?? '';

async function remember(token: string, memory: string) {
  const res = await t.api('/api/memories', { token, body: { data: { memory } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; memory: string };
}

describe('memories', () => {
  it('are created, listed with search, edited and deleted by their author only', async () => {
    const { jwt } = await t.signUp('mcrud');
    const diet = await remember(jwt, 'I am vegetarian');
    await remember(jwt, 'My dog is called Rex');
    expect(diet).toMatchObject({
      memory: 'I am vegetarian',
      gemId: diet.id,
      media: { data: { memory: 'I am vegetarian' } },
    });

    const found = memoryListSchema.parse((await t.api('/api/memories?search=VEGETAR', { token: jwt })).body);
    expect(found).toMatchObject({ total: 1, data: [{ id: diet.id }] });
    expect((await t.api('/api/memories', { token: jwt })).body.total).toBe(2);

    const edited = await t.api(`/api/memories/${diet.id}`, {
      method: 'PUT',
      token: jwt,
      body: { data: { memory: 'I am vegan' } },
    });
    expect(edited.body.data).toMatchObject({ id: diet.id, memory: 'I am vegan' });

    const other = await t.signUp('mother');
    expectError(await t.api(`/api/memories/${diet.id}`, { token: other.jwt }), 404);
    expectError(
      await t.api(`/api/memories/${diet.id}`, { method: 'PUT', token: other.jwt, body: { data: { memory: 'x' } } }),
      404,
    );
    expectError(await t.api(`/api/memories/${diet.id}`, { method: 'DELETE', token: other.jwt }), 404);
    expect((await t.api('/api/memories', { token: other.jwt })).body).toEqual({ data: [], total: 0 });

    expect((await t.api(`/api/memories/${diet.id}`, { method: 'DELETE', token: jwt })).body).toEqual({
      data: { id: diet.id },
    });
    expect((await t.api('/api/memories', { token: jwt })).body.total).toBe(1);

    expectFieldError(await t.api('/api/memories', { token: jwt, body: { data: { memory: '  ' } } }), 'data.memory');
    expectFieldError(
      await t.api('/api/memories', { token: jwt, body: { data: { memory: 'x'.repeat(2001) } } }),
      'data.memory',
    );
    expectFieldError(await t.api('/api/memories', { token: jwt, body: { data: {} } }), 'data.memory');
  });
});

describe('memories in chat', () => {
  it('with memory on, the relevant memory out of many goes into the context and the manifest', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const fillers = ['My dog is called Rex', 'I live in Lisbon', 'I play the cello', 'My sister is a nurse'];
    for (const memory of fillers) await remember(token, memory);
    const diet = await remember(token, 'I am vegetarian and never eat fish');
    for (let i = 0; i < 8; i++) await remember(token, `Unrelated fact number ${i} about astronomy`);
    fake.script({ chunks: ['Try a mushroom risotto.'] }, { chunks: ['Hello'] });

    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Which vegetarian dinner should I cook?', modelId, memory: true },
    });
    const system = trovesSystem();
    expect(system).toContain('I am vegetarian and never eat fish');
    expect(system).not.toContain('Rex');
    expect(system).toContain(MEMORY_MARKER);
    const [row] = await storedMessages(t, token, chatId);
    const items = row?.context.items as { kind: string; id: number; included: string }[];
    expect(items).toEqual([expect.objectContaining({ kind: 'memory', id: diet.id, included: 'full' })]);

    // memory off (the default setting, nothing sent): no memories, no instruction
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'vegetarian?', modelId } });
    expect(trovesSystem(1)).not.toContain('vegetarian and never');
    expect(trovesSystem(1)).not.toContain(MEMORY_MARKER);
  });

  it("Enable Memory in the settings turns it on; nothing matching gives the most recent; another user's never", async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const other = await chatUser(t, fake);
    await remember(other.token, 'OTHER USER SECRET');
    const made = [];
    for (let i = 0; i < MAX_MEMORIES_IN_CONTEXT + 2; i++) made.push(await remember(token, `Fact ${i} about gardening`));
    await t.api('/api/ai-settings', { method: 'PUT', token, body: { enableMemory: true } });
    fake.script({ chunks: ['Sure'] });

    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Quantum chromodynamics?', modelId } });
    const [row] = await storedMessages(t, token, chatId);
    const ids = ((row?.context.items ?? []) as { id: number }[]).map((item) => item.id);
    expect(ids).toEqual(
      made
        .slice(-MAX_MEMORIES_IN_CONTEXT)
        .reverse()
        .map((m) => m.id),
    );
    expect(trovesSystem()).not.toContain('OTHER USER SECRET');
  });

  it('a REMEMBER: line is taken off the answer, sent as a memory event and stored as memoryProposal', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Noted, no fish', ' for you.\n\nREM', 'EMBER: The user is vegetarian\n'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'I am vegetarian, by the way.', modelId, memory: true },
    });
    expect(res.text).toBe('Noted, no fish for you.');
    expect(shape(res.events)).toEqual(['message', 'delta', 'memory', 'done']);
    expect(res.events.find((e) => e.event === 'memory')?.data).toEqual({ proposal: 'The user is vegetarian' });
    const [row] = await storedMessages(t, token, chatId);
    expect(row).toMatchObject({ text: 'Noted, no fish for you.', memoryProposal: 'The user is vegetarian' });

    const replay = await stream(t.url, `/api/messages/${row?.id}/stream`, { token });
    expect(replay.text).toBe('Noted, no fish for you.');
    expect(replay.events.find((e) => e.event === 'memory')?.data).toEqual({ proposal: 'The user is vegetarian' });

    // the panel confirms it through the memories API
    await remember(token, row?.memoryProposal ?? '');
    expect((await t.api('/api/memories?search=vegetarian', { token })).body.total).toBe(1);
  });

  it('the answer to a proposal is recorded once on the message: saved makes one memory, and it is not proposed again', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script(
      { chunks: ['Noted.\n\nREMEMBER: The user is vegetarian\n'] },
      { chunks: ['Fine.\n\nREMEMBER: The user likes jazz\n'] },
      { chunks: ['No proposal here.'] },
    );
    for (const text of ['I am vegetarian', 'I like jazz', 'Hello']) {
      await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text, modelId, memory: true } });
    }
    const [veg, jazz, plain] = await storedMessages(t, token, chatId);
    expect(veg).toMatchObject({ memoryProposal: 'The user is vegetarian', memoryProposalAnswer: null });
    const answer = (id: number | undefined, action: unknown, as = token) =>
      t.api(`/api/messages/${id}/memory-proposal`, { token: as, body: { data: { action } } });

    const other = await t.signUp('mpother');
    expectError(await answer(veg?.id, 'saved', other.jwt), 404);
    expectError(await answer(plain?.id, 'saved'), 404);
    expectFieldError(await answer(veg?.id, 'maybe'), 'data.action');

    const saved = await answer(veg?.id, 'saved');
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: veg?.id, memoryProposalAnswer: 'saved' });
    // a second answer (another panel, a double click) changes nothing and makes no second memory
    expect((await answer(veg?.id, 'saved')).body.data).toMatchObject({ memoryProposalAnswer: 'saved' });
    expect((await answer(veg?.id, 'dismissed')).body.data).toMatchObject({ memoryProposalAnswer: 'saved' });
    expect((await answer(jazz?.id, 'dismissed')).body.data).toMatchObject({ memoryProposalAnswer: 'dismissed' });
    const memories = memoryListSchema.parse((await t.api('/api/memories', { token })).body);
    expect(memories.data.map((m) => m.memory)).toEqual(['The user is vegetarian']);

    const stored = await storedMessages(t, token, chatId);
    expect(stored.map((m) => m.memoryProposalAnswer)).toEqual(['saved', 'dismissed', null]);
    const replay = await stream(t.url, `/api/messages/${veg?.id}/stream`, { token });
    expect(shape(replay.events)).not.toContain('memory');
  });

  it('without a marker (or with memory off) the answer is kept exactly and nothing is proposed', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Rendering ', 'REMEMBER', ' nothing\n\n'] }, { chunks: ['A\nREMEMBER: kept'] });
    const on = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'x', modelId, memory: true },
    });
    expect(on.text).toBe('Rendering REMEMBER nothing\n\n');
    const off = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'y', modelId, memory: false },
    });
    expect(off.text).toBe('A\nREMEMBER: kept');
    const stored = await storedMessages(t, token, chatId);
    expect(stored.map((m) => m.memoryProposal)).toEqual([null, null]);
    expect(shape(on.events)).toEqual(['message', 'delta', 'done']);
  });
});
