import { describe, expect, it } from 'vitest';
import {
  type ChatStreamEvent,
  type LiveAction,
  type LiveTurn,
  liveTurnReducer,
  mergeAnswerStreams,
  parseChatEvent,
  turnFinished,
} from '../../lib/chat/answer-stream';

const AT = '2026-11-27T15:00:00.000Z';
const ev = (event: ChatStreamEvent): LiveAction => ({ type: 'event', event });
const run = (actions: LiveAction[]) => actions.reduce<LiveTurn | null>(liveTurnReducer, null);
const ask = (models = [{ modelId: 7, displayName: 'GPT' }]): LiveAction => ({ type: 'ask', question: 'Why?', models });

describe('liveTurnReducer', () => {
  it('gathers a reasoning summary and the web sources beside the text', () => {
    const source = { title: 'Tides', content: '', url: 'https://tides.example/' };
    const turn = run([
      ask(),
      ev({ name: 'message', data: { id: 5, createdAt: AT } }),
      ev({ name: 'reasoning', data: { text: 'Weighing ' } }),
      ev({ name: 'reasoning', data: { text: 'it.' } }),
      ev({ name: 'sources', data: { results: [source] } }),
      ev({ name: 'delta', data: { text: 'High tide at six.' } }),
      ev({ name: 'sources', data: { results: [source, { ...source, url: 'https://b.example/' }] } }),
    ]);
    expect(turn?.answers[0]).toMatchObject({
      status: 'streaming',
      reasoning: 'Weighing it.',
      text: 'High tide at six.',
      results: [source, { ...source, url: 'https://b.example/' }],
    });
  });

  it('streams deltas into one answer, dated when stored, ends done with usage, cost and citations, then takes its follow-ups', () => {
    const turn = run([
      ask(),
      ev({ name: 'message', data: { id: 41, createdAt: AT } }),
      ev({ name: 'delta', data: { text: 'Because ' } }),
      ev({ name: 'delta', data: { text: 'of [1].' } }),
      ev({
        name: 'done',
        data: {
          status: 'done',
          usage: { input: 10, output: 4 },
          cost: 0.001,
          citations: [{ n: 1, kind: 'pageExtract', title: 'Page' }],
        },
      }),
      // The follow-ups come after the end; nothing else changes a finished answer.
      ev({ name: 'followups', data: { questions: ['And then?'] } }),
      ev({ name: 'delta', data: { text: ' Late.' } }),
    ]);
    expect(turn?.question).toBe('Why?');
    expect(turn?.answers).toEqual([
      {
        messageId: 41,
        createdAt: AT,
        modelId: 7,
        displayName: 'GPT',
        text: 'Because of [1].',
        status: 'done',
        error: null,
        usage: { input: 10, output: 4 },
        cost: 0.001,
        followUps: ['And then?'],
        citations: [{ n: 1, kind: 'pageExtract', title: 'Page' }],
      },
    ]);
    expect(turn && turnFinished(turn)).toBe(true);
  });

  it('is pending before the first event and streaming after the message event', () => {
    expect(run([ask()])?.answers[0]?.status).toBe('pending');
    const turn = run([ask(), ev({ name: 'message', data: { id: 1, createdAt: AT } })]);
    expect(turn?.answers[0]?.status).toBe('streaming');
    expect(turn && turnFinished(turn)).toBe(false);
  });

  it('keeps the partial text of a stopped answer', () => {
    const turn = run([
      ask(),
      ev({ name: 'delta', data: { text: 'Half' } }),
      ev({ name: 'done', data: { status: 'stopped', usage: null, cost: null } }),
    ]);
    expect(turn?.answers[0]).toMatchObject({ text: 'Half', status: 'stopped' });
  });

  it('stopped with nothing stored (Temporary Chat) ends the unfinished answers stopped, finished ones untouched', () => {
    const turn = run([
      ask([
        { modelId: 1, displayName: 'A' },
        { modelId: 2, displayName: 'B' },
      ]),
      ev({ name: 'delta', data: { text: 'Half', index: 0 } }),
      ev({ name: 'done', data: { status: 'done', usage: null, cost: null, index: 1 } }),
      { type: 'stopped' },
    ]);
    expect(turn?.answers.map((a) => [a.text, a.status, a.error])).toEqual([
      ['Half', 'stopped', null],
      ['', 'done', null],
    ]);
  });

  it('records the error with its reason, and ignores events after an answer ended', () => {
    const turn = run([
      ask(),
      ev({ name: 'delta', data: { text: 'Par' } }),
      ev({ name: 'error', data: { message: 'The provider refused the key' } }),
      ev({ name: 'delta', data: { text: 'late' } }),
    ]);
    expect(turn?.answers[0]).toMatchObject({ text: 'Par', status: 'error', error: 'The provider refused the key' });
  });

  it('routes the events of several models by index, each ending on its own', () => {
    const turn = run([
      ask([
        { modelId: 1, displayName: 'A' },
        { modelId: 2, displayName: 'B' },
      ]),
      ev({ name: 'message', data: { id: 10, createdAt: AT, index: 0, modelId: 1, displayName: 'A' } }),
      ev({ name: 'message', data: { id: 11, createdAt: AT, index: 1, modelId: 2, displayName: 'B' } }),
      ev({ name: 'delta', data: { id: 11, index: 1, text: 'b1' } }),
      ev({ name: 'delta', data: { id: 10, index: 0, text: 'a1' } }),
      ev({ name: 'delta', data: { id: 11, index: 1, text: 'b2' } }),
      ev({ name: 'done', data: { id: 11, index: 1, status: 'done', usage: null, cost: null } }),
    ]);
    expect(turn?.answers.map((a) => [a.messageId, a.text, a.status])).toEqual([
      [10, 'a1', 'streaming'],
      [11, 'b1b2', 'done'],
    ]);
    expect(turn && turnFinished(turn)).toBe(false);
  });

  it('replays a re-attached answer from its start (the first delta is all stored so far)', () => {
    const turn = run([
      { type: 'reattach', question: 'Why?', answers: [{ messageId: 5, modelId: 7, displayName: 'GPT' }] },
      ev({ name: 'message', data: { id: 5, createdAt: AT } }),
      ev({ name: 'delta', data: { text: 'Stored so far. ' } }),
      ev({ name: 'delta', data: { text: 'New.' } }),
    ]);
    expect(turn?.answers[0]).toMatchObject({ messageId: 5, text: 'Stored so far. New.', status: 'streaming' });
  });

  it('re-attaches to several answers at once, each stream feeding its own answer', async () => {
    async function* replay(id: number, pieces: string[]): AsyncGenerator<ChatStreamEvent> {
      yield { name: 'message', data: { id, createdAt: AT } };
      for (const text of pieces) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield { name: 'delta', data: { text } };
      }
      yield { name: 'done', data: { status: 'done', usage: null, cost: null } };
    }
    const actions: LiveAction[] = [
      {
        type: 'reattach',
        question: 'Why?',
        answers: [
          { messageId: 5, modelId: 7, displayName: 'A' },
          { messageId: 6, modelId: 8, displayName: 'B' },
        ],
      },
    ];
    for await (const event of mergeAnswerStreams([replay(5, ['a1', 'a2', 'a3']), replay(6, ['b1'])]))
      actions.push(ev(event));
    expect(run(actions)?.answers.map((a) => [a.messageId, a.text, a.status])).toEqual([
      [5, 'a1a2a3', 'done'],
      [6, 'b1', 'done'],
    ]);
  });

  it('marks unfinished answers when the connection is cut, leaving finished ones alone', () => {
    const turn = run([
      ask([
        { modelId: 1, displayName: 'A' },
        { modelId: 2, displayName: 'B' },
      ]),
      ev({ name: 'done', data: { index: 0, status: 'done', usage: null, cost: null } }),
      ev({ name: 'delta', data: { index: 1, text: 'x' } }),
      { type: 'cut', message: 'The connection was lost' },
    ]);
    expect(turn?.answers.map((a) => [a.status, a.error])).toEqual([
      ['done', null],
      ['error', 'The connection was lost'],
    ]);
  });
});

describe('parseChatEvent', () => {
  it('reads the contract events and refuses unknown names and unreadable data', () => {
    expect(parseChatEvent({ event: 'delta', data: '{"text":"hi"}' })).toEqual({ name: 'delta', data: { text: 'hi' } });
    expect(parseChatEvent({ event: 'ping', data: '{}' })).toBeNull();
    expect(parseChatEvent({ event: 'delta', data: 'not json' })).toBeNull();
    expect(parseChatEvent({ event: 'delta', data: '{"text":3}' })).toBeNull();
  });
});
