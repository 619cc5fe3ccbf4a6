import { describe, expect, it } from 'vitest';
import type { Message } from '../../lib/api/chat-contract';
import { groupTurns } from '../../lib/chat/turns';
import { storedMessage } from './chat-messages';

const message = (id: number, userText: string, context: Record<string, unknown> = {}) =>
  storedMessage(id, userText, { context });

const shape = (messages: Message[]) => groupTurns(messages).map((t) => [t.id, t.question, t.answers.map((a) => a.id)]);

describe('groupTurns', () => {
  it('makes one turn per question', () => {
    expect(shape([message(1, 'A'), message(2, 'B')])).toEqual([
      [1, 'A', [1]],
      [2, 'B', [2]],
    ]);
  });

  it('puts regenerated answers beside the one they regenerated, even a regeneration of a regeneration and after later questions', () => {
    expect(
      shape([
        message(1, 'A'),
        message(2, 'B'),
        message(3, 'A', { regenerate: { fromMessageId: 1 } }),
        message(4, 'A', { regenerate: { fromMessageId: 3 } }),
      ]),
    ).toEqual([
      [1, 'A', [1, 3, 4]],
      [2, 'B', [2]],
    ]);
  });

  it('keeps the answers of several models to one question together, but not the same question asked again', () => {
    expect(
      shape([
        message(1, 'Q', { multi: { index: 0, count: 2 } }),
        message(2, 'Q', { multi: { index: 1, count: 2 } }),
        message(3, 'Q'),
      ]),
    ).toEqual([
      [1, 'Q', [1, 2]],
      [3, 'Q', [3]],
    ]);
  });
});
