/**
 * Chat options of POST /api/chats/{id}/messages against the fake provider: the stored flags
 * (`context.options`), follow-up questions (a second, non-streamed request; array and line formats;
 * garbage or a failure gives an empty list without failing the answer), citations ([n] markers mapped
 * to the included context items) and validation.
 */
import { describe, expect, it } from 'vitest';
import { FOLLOW_UPS_PROMPT, parseCitations, parseFollowUps } from '../../server/ai/chat-options';
import { chatUser, setupFakeProvider, shape, storedMessages, stream } from './chat-helpers';
import { expectError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

type Body = { stream?: boolean; messages: { role: string; content: unknown }[] };
const systemOf = (body: unknown) => {
  const system = (body as Body).messages.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
};

describe('stored flags', () => {
  it('stores brand voice, persona, prompt ids and the boolean flags in context.options; done always carries the cost', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Fine'], usage: { input: 100, output: 200 } });
    const made = (path: string, data: Record<string, unknown>) =>
      t.api(path, { token, body: { data } }).then((res) => res.body.data.id as number);
    const options = {
      brandVoiceId: await made('/api/brand-voices', { name: 'Voice', text: 'Warm.' }),
      personaId: await made('/api/personas', { name: 'Persona', text: 'Act.' }),
      promptId: await made('/api/prompts', { title: 'Prompt', text: 'Do it.' }),
      memory: false,
      costEstimate: false,
      citations: false,
      followUps: false,
    };

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Flags', modelId, ...options },
    });

    expect(shape(res.events)).toEqual(['message', 'delta', 'done']);
    expect(res.events.at(-1)?.data.cost).toBeGreaterThan(0);
    const [row] = await storedMessages(t, token, chatId);
    expect(row?.context).toEqual({
      options,
      instructions: {
        persona: { id: options.personaId, name: 'Persona' },
        brandVoice: { id: options.brandVoiceId, name: 'Voice' },
        prompt: { id: options.promptId, title: 'Prompt', part: 0 },
      },
    });
    expect(row).toMatchObject({ text: 'Fine', status: 'done', followUps: null, citations: null });
    expect(fake.requests).toHaveLength(1);
  });

  it('stores only the options given', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['A'] }, { chunks: ['B'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'One', modelId, memory: true } });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Two', modelId } });
    expect((await storedMessages(t, token, chatId)).map((m) => m.context)).toEqual([{ options: { memory: true } }, {}]);
  });
});

describe('validation', () => {
  it('refuses bad options with 400 naming the field, storing and sending nothing', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const post = (body: Record<string, unknown>) =>
      t.api(`/api/chats/${chatId}/messages`, { token, body: { text: 'x', ...body } });
    expect(expectError(await post({ modelId, brandVoiceId: 0 }), 400).message).toContain('brandVoiceId');
    expect(expectError(await post({ modelId, personaId: -3 }), 400).message).toContain('personaId');
    expect(expectError(await post({ modelId, promptId: 1.5 }), 400).message).toContain('promptId');
    expect(expectError(await post({ modelId, memory: 'yes' }), 400).message).toContain('memory');
    expect(expectError(await post({ modelId, followUps: 1 }), 400).message).toContain('followUps');
    expect(expectError(await post({ modelId, citations: 'on' }), 400).message).toContain('citations');
    expect(expectError(await post({ modelId, costEstimate: null }), 400).message).toContain('costEstimate');
    expect(expectError(await post({ modelId, unknownFlag: true }), 400).message).toContain('unknownFlag');
    expect(expectError(await post({}), 400).message).toContain('modelId');
    expect(expectError(await post({ modelId, modelIds: [modelId] }), 400).message).toContain('modelIds');
    expect(expectError(await post({ modelIds: [] }), 400).message).toContain('modelIds');
    expect(expectError(await post({ modelIds: [1, 2, 3, 4, 5] }), 400).message).toContain('modelIds');
    expect(expectError(await post({ modelIds: [modelId, modelId] }), 400).message).toContain('modelIds');
    expect(expectError(await post({ modelIds: [0] }), 400).message).toContain('modelIds');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('follow-up questions', () => {
  it('asks the same model without streaming, stores the questions and sends them after done', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script(
      { chunks: ['Gems ', 'are saved things.'] },
      { chunks: ['```json\n["What is a collection?", "How do I share a gem?", "Can I tag gems?", "A fourth?"]\n```'] },
    );

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'What are gems?', modelId, followUps: true },
    });

    const questions = ['What is a collection?', 'How do I share a gem?', 'Can I tag gems?'];
    expect(shape(res.events)).toEqual(['message', 'delta', 'done', 'followups']);
    expect(res.events.find((e) => e.event === 'followups')?.data).toEqual({ questions });
    expect(res.text).toBe('Gems are saved things.');
    const [row] = await storedMessages(t, token, chatId);
    expect(row).toMatchObject({ status: 'done', text: 'Gems are saved things.', followUps: questions });

    expect(fake.requests).toHaveLength(2);
    const followUpRequest = fake.requests[1]?.body as Body;
    expect(followUpRequest.stream).not.toBe(true);
    const sent = JSON.stringify(followUpRequest.messages);
    expect(sent).toContain('What are gems?');
    expect(sent).toContain('Gems are saved things.');
    expect(sent).toContain(FOLLOW_UPS_PROMPT.slice(0, 40));

    // re-attaching to the finished answer hears the questions too
    const again = await stream(t.url, `/api/messages/${row?.id}/stream`, { token });
    expect(shape(again.events)).toEqual(['message', 'delta', 'done', 'followups']);
    expect(again.events.find((e) => e.event === 'followups')?.data).toEqual({ questions });
  });

  it('sends done while the follow-ups are still being asked for, and the questions later in the same stream', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.script({ chunks: ['Done now.'] }, { chunks: ['["And next?"]'], lastChunkAfter: held });

    let stored: unknown;
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Quick one', modelId, followUps: true },
      onEvent: async (event) => {
        if (event.event !== 'done') return;
        // The follow-up request is held: the answer is done and stored as such before its questions exist.
        const [row] = await storedMessages(t, token, chatId);
        stored = { status: row?.status, followUps: row?.followUps, asked: fake.requests.length };
        release();
      },
    });

    expect(stored).toEqual({ status: 'done', followUps: null, asked: 2 });
    expect(shape(res.events)).toEqual(['message', 'delta', 'done', 'followups']);
    expect(res.events.at(-1)?.data).toEqual({ questions: ['And next?'] });
    const [row] = await storedMessages(t, token, chatId);
    expect(row?.followUps).toEqual(['And next?']);
  });

  it('reads one question per line', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const long = `Why ${'very '.repeat(60)}long?`;
    fake.script(
      { chunks: ['Answer'] },
      { chunks: [`Here are some:\n1. What next?\n- How else?\n* ${long}\n4) And more?`] },
    );
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Q', modelId, followUps: true } });
    const [row] = await storedMessages(t, token, chatId);
    expect(row?.followUps).toEqual(['What next?', 'How else?', long.slice(0, 200).trim()]);
    expect(row?.followUps?.[2]?.length).toBeLessThanOrEqual(200);
  });

  it('garbage gives an empty list; a failed request (not retried) too; the answer is done either way', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script(
      { chunks: ['First'] },
      { chunks: ['{not json at all'] },
      { chunks: ['Second'] },
      { chunks: [], status: 500, errorMessage: 'boom' },
    );

    const first = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'One', modelId, followUps: true },
    });
    const second = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Two', modelId, followUps: true },
    });

    for (const res of [first, second]) {
      expect(shape(res.events)).toEqual(['message', 'delta', 'done', 'followups']);
      expect(res.events.find((e) => e.event === 'followups')?.data).toEqual({ questions: [] });
      expect(res.events.find((e) => e.event === 'done')?.data.status).toBe('done');
    }
    expect((await storedMessages(t, token, chatId)).map((m) => [m.text, m.status, m.followUps])).toEqual([
      ['First', 'done', []],
      ['Second', 'done', []],
    ]);
    // the 500 was not retried: 2 answers + 2 follow-up requests
    expect(fake.requests).toHaveLength(4);
  });

  it('is not asked for when the answer failed', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Half', 'never'], errorAfter: 1 });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelId, followUps: true },
    });
    expect(shape(res.events)).toEqual(['message', 'delta', 'error']);
    expect(fake.requests).toHaveLength(1);
    expect((await storedMessages(t, token, chatId))[0]).toMatchObject({ status: 'error', followUps: null });
  });

  it('parses defensively', () => {
    expect(parseFollowUps('["A?", 3, "", "B?"]')).toEqual(['A?', 'B?']);
    expect(parseFollowUps('Sure! ["One?","Two?"] hope that helps')).toEqual(['One?', 'Two?']);
    expect(parseFollowUps('no questions here\nnone at all')).toEqual([]);
    expect(parseFollowUps('')).toEqual([]);
    expect(parseFollowUps('{"questions": 1}')).toEqual([]);
  });
});

describe('citations', () => {
  async function gem(token: string, data: Record<string, unknown>): Promise<number> {
    const res = await t.api('/api/gems', { token, body: { data } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id;
  }

  it('numbers the included items in the prompt and stores the cited ones, sent in done', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const first = await gem(token, { title: 'First gem', url: 'https://example.com/first', text: 'FIRST' });
    const second = await gem(token, { title: 'Second gem', url: 'https://example.com/second', text: 'SECOND' });
    fake.script({ chunks: ['As noted ', '[2] and [1].', ' Not [9].'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Summarise', modelId, citations: true, context: { text: 'FREE', gemIds: [first, second] } },
    });

    const system = systemOf(fake.requests[0]?.body);
    expect(system).toContain('[1] Context from the user');
    expect(system).toContain('[2] First gem');
    expect(system).toContain('[3] Second gem');
    const expected = [
      { n: 1, kind: 'text', title: 'Context from the user' },
      { n: 2, kind: 'gem', id: first, url: 'https://example.com/first', title: 'First gem' },
    ];
    expect(res.events.at(-1)).toMatchObject({ event: 'done', data: { status: 'done', citations: expected } });
    const [row] = await storedMessages(t, token, chatId);
    expect(row?.citations).toEqual(expected);
    expect(row?.context.options).toEqual({ citations: true });
  });

  it('asks for nothing without context, and nothing is cited without the flag', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Plain [1].'] }, { chunks: ['Still [1].'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'A', modelId, citations: true } });
    expect(systemOf(fake.requests[0]?.body)).not.toContain('cite');
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'B', modelId, context: { text: 'CTX' } },
    });
    expect(systemOf(fake.requests[1]?.body)).not.toContain('cite');
    expect(res.events.at(-1)?.data.citations).toBeUndefined();
    expect((await storedMessages(t, token, chatId)).map((m) => m.citations)).toEqual([[], null]);
  });

  it('parses [n] and [n, m] markers once each', () => {
    const items = [1, 2, 3].map((n) => ({ n, kind: 'gem', title: `G${n}` }));
    expect(parseCitations('see [3], [1, 3] and [10]', items).map((c) => c.n)).toEqual([1, 3]);
    expect(parseCitations('no markers', items)).toEqual([]);
  });
});
