import { describe, expect, it } from 'vitest';
import type { Message } from '../../lib/api/chat-contract';
import type { LiveAnswer, LiveTurn } from '../../lib/chat/answer-stream';
import { settledMessages } from '../../lib/chat/settled-answers';
import { groupTurns } from '../../lib/chat/turns';
import { storedMessage } from './chat-messages';

const answer = (messageId: number | null, extra: Partial<LiveAnswer> = {}): LiveAnswer => ({
  messageId,
  createdAt: null,
  modelId: 7,
  displayName: 'GPT',
  text: `streamed ${messageId}`,
  status: 'done',
  error: null,
  usage: { input: 10, output: 20 },
  cost: 0.002,
  followUps: null,
  citations: null,
  ...extra,
});
const turn = (...answers: LiveAnswer[]): LiveTurn => ({ question: ' Why? ', answers });
const earlier = [storedMessage(1, 'First'), storedMessage(2, 'Second')];
const place = { chatId: 1 };

describe('settledMessages', () => {
  it('adds a new question’s answer whole, from its stream, after the earlier ones', () => {
    const citation = { n: 1, kind: 'pageExtract', url: 'https://tides.example/', title: 'Tides' };
    const settled = settledMessages(
      earlier,
      turn(
        answer(5, {
          followUps: ['And then?'],
          citations: [citation],
          memoryProposal: 'Likes tides',
          reasoning: 'Thought.',
          createdAt: '2026-11-27T15:00:00.000Z',
        }),
      ),
      place,
    );
    expect(settled?.slice(0, 2)).toEqual(earlier);
    expect(settled?.[2]).toEqual({
      id: 5,
      chatId: 1,
      userText: 'Why?',
      text: 'streamed 5',
      reasoning: 'Thought.',
      images: null,
      status: 'done',
      error: null,
      modelId: 7,
      model: '',
      displayName: 'GPT',
      provider: '',
      language: null,
      usage: { input: 10, output: 20 },
      cost: 0.002,
      context: {},
      followUps: ['And then?'],
      citations: [citation],
      memoryProposal: 'Likes tides',
      memoryProposalAnswer: null,
      // From the `message` event: the time shows before the stored copy is read.
      createdAt: '2026-11-27T15:00:00.000Z',
      updatedAt: '',
    } satisfies Message);
    expect(groupTurns(settled ?? []).map((t) => t.answers.map((m) => m.id))).toEqual([[1], [2], [5]]);
  });

  it('lays the stream over an answer already read (re-attached), keeping what only the stored copy has', () => {
    const writing = storedMessage(3, 'Why?', {
      text: 'strea',
      status: 'streaming',
      context: { items: [] },
      memoryProposal: null,
      memoryProposalAnswer: null,
    });
    const [, , settled] =
      settledMessages([...earlier, writing], turn(answer(3, { status: 'stopped', usage: null, cost: null })), place) ??
      [];
    expect(settled).toEqual({
      ...writing,
      text: 'streamed 3',
      status: 'stopped',
      usage: null,
      cost: null,
      followUps: null,
      citations: null,
      memoryProposal: null,
      reasoning: null,
    });
  });

  it('keeps a web-search answer search-style, its results from the stream or else the stored copy', () => {
    const result = { title: 'Tides', content: '', url: 'https://tides.example/' };
    const fresh = settledMessages(earlier, turn(answer(4, { results: [result] })), place);
    expect(fresh?.[2]?.text).toEqual({ answer: 'streamed 4', results: [result] });
    const read = storedMessage(4, 'Why?', { text: { answer: 'str', results: [result] }, status: 'streaming' });
    const laid = settledMessages([...earlier, read], turn(answer(4)), place);
    expect(laid?.[2]?.text).toEqual({ answer: 'streamed 4', results: [result] });
  });

  it('places several models’ answers in one turn, and a regenerated answer in the turn it regenerates', () => {
    const several = settledMessages(earlier, turn(answer(6), answer(7, { modelId: 8, displayName: 'Claude' })), place);
    expect(several?.slice(2).map((m) => [m.id, m.displayName, m.context])).toEqual([
      [6, 'GPT', { multi: { index: 0, count: 2 } }],
      [7, 'Claude', { multi: { index: 1, count: 2 } }],
    ]);
    expect(groupTurns(several ?? []).map((t) => t.answers.map((m) => m.id))).toEqual([[1], [2], [6, 7]]);

    const regenerated = settledMessages(earlier, turn(answer(9)), { chatId: 1, regeneratedFrom: 1 });
    expect(regenerated?.[2]?.context).toEqual({ regenerate: { fromMessageId: 1 } });
    expect(groupTurns(regenerated ?? []).map((t) => t.answers.map((m) => m.id))).toEqual([[1, 9], [2]]);
  });

  it('keeps the messages in id order when an answer read already is followed by a new one', () => {
    const first = storedMessage(6, 'Why?', { status: 'streaming', context: { multi: { index: 0, count: 2 } } });
    const settled = settledMessages([...earlier, first], turn(answer(6), answer(7)), place);
    expect(settled?.map((m) => m.id)).toEqual([1, 2, 6, 7]);
    expect(settled?.[2]?.context).toEqual({ multi: { index: 0, count: 2 } });
  });

  it('ends failed answers with their error', () => {
    const settled = settledMessages(
      earlier,
      turn(answer(5, { status: 'error', error: 'Rate limited', usage: null })),
      place,
    );
    expect(settled?.[2]).toMatchObject({ status: 'error', error: 'Rate limited', text: 'streamed 5' });
  });

  it('says nothing when it cannot tell: messages never read, an answer unnamed or unfinished, no turn', () => {
    expect(settledMessages(undefined, turn(answer(5)), place)).toBeNull();
    expect(settledMessages(earlier, turn(answer(null)), place)).toBeNull();
    expect(settledMessages(earlier, turn(answer(5), answer(6, { status: 'streaming' })), place)).toBeNull();
    expect(settledMessages(earlier, turn(), place)).toBeNull();
    expect(settledMessages(earlier, null, place)).toBeNull();
  });

  it('takes the very first answer of a chat whose messages were read empty', () => {
    expect(settledMessages([], turn(answer(1)), place)?.map((m) => [m.id, m.userText, m.text])).toEqual([
      [1, 'Why?', 'streamed 1'],
    ]);
  });
});
