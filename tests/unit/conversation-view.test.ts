import { describe, expect, it } from 'vitest';
import type { Message } from '../../lib/api/chat-contract';
import type { LiveTurn } from '../../lib/chat/answer-stream';
import { conversationView } from '../../lib/chat/conversation-view';
import { storedMessage } from './chat-messages';

const stored = (id: number, userText: string, text: string, extra: Partial<Message> = {}) =>
  storedMessage(id, userText, { text, ...extra });

const live = (question: string, answers: { messageId: number | null; text: string }[]): LiveTurn => ({
  question,
  answers: answers.map((a) => ({
    ...a,
    createdAt: null,
    modelId: 1,
    displayName: 'M',
    status: 'streaming',
    error: null,
    usage: null,
    cost: null,
    followUps: null,
    citations: null,
  })),
});

const shape = (turns: ReturnType<typeof conversationView>) =>
  turns.map((t) => [t.key, t.question, t.answers.map((a) => `${a.key}:${a.text}${a.live ? '*' : ''}`)]);

describe('conversationView', () => {
  it('carries the memory proposal: from the live event, else from the stored message', () => {
    const liveTurn = live('B', [{ messageId: 2, text: 'b' }]);
    const withProposal: LiveTurn = {
      ...liveTurn,
      answers: liveTurn.answers.map((a) => ({ ...a, memoryProposal: 'you like tea' })),
    };
    const view = conversationView(
      [stored(1, 'A', 'a', { memoryProposal: 'you live in Oslo' }), stored(3, 'C', 'c')],
      withProposal,
      null,
    );
    expect(view.flatMap((t) => t.answers.map((a) => [a.key, a.memoryProposal]))).toEqual([
      ['m1', 'you live in Oslo'],
      ['m3', null],
      ['m2', 'you like tea'],
    ]);
  });

  it('puts a new question and its streaming answer after the stored turns, keyed as the turn will be once stored', () => {
    const view = conversationView([stored(1, 'A', 'a')], live('B', [{ messageId: 2, text: 'b…' }]), null);
    expect(shape(view)).toEqual([
      ['t1', 'A', ['m1:a']],
      ['t2', 'B', ['m2:b…*']],
    ]);
    // Stored: the same turn key, so the turn on screen is not mounted anew.
    const storedView = conversationView([stored(1, 'A', 'a'), stored(2, 'B', 'b')], null, null);
    expect(storedView.map((t) => t.key)).toEqual(['t1', 't2']);
  });

  it('dates a streaming answer from its message event before its stored copy is read', () => {
    const at = '2026-11-27T15:00:00.000Z';
    const liveTurn = live('B', [{ messageId: 2, text: 'b…' }]);
    const dated = { ...liveTurn, answers: liveTurn.answers.map((a) => ({ ...a, createdAt: at })) };
    const [, turn] = conversationView([stored(1, 'A', 'a')], dated, null);
    expect(turn?.answers.map((a) => [a.key, a.createdAt])).toEqual([['m2', at]]);
  });

  it('replaces a re-attached answer in place, showing the replayed text instead of the stale stored one', () => {
    const view = conversationView(
      [stored(1, 'A', 'a'), stored(2, 'B', 'par', { status: 'streaming' })],
      live('B', [{ messageId: 2, text: 'partial and more' }]),
      null,
    );
    expect(shape(view)).toEqual([
      ['t1', 'A', ['m1:a']],
      ['t2', 'B', ['m2:partial and more*']],
    ]);
  });

  it('adds a regenerated answer to the turn it regenerates', () => {
    const view = conversationView(
      [stored(1, 'A', 'a'), stored(2, 'B', 'b')],
      live('A', [{ messageId: 3, text: 'again' }]),
      't1',
    );
    expect(shape(view)).toEqual([
      ['t1', 'A', ['m1:a', 'm3:again*']],
      ['t2', 'B', ['m2:b']],
    ]);
  });

  it('shows an answer refused before it was stored (no message id yet)', () => {
    expect(shape(conversationView([], live('Q', [{ messageId: null, text: '' }]), null))).toEqual([
      ['live', 'Q', ['live0:*']],
    ]);
  });
});
