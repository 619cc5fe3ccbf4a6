import { describe, expect, it } from 'vitest';
import { type LiveTurn, turnOutcome } from '../../lib/chat/answer-stream';
import { newQueue, nextPart, queueActive, queueReducer } from '../../lib/chat/prompt-queue';

const answer = (status: LiveTurn['answers'][number]['status']): LiveTurn['answers'][number] => ({
  messageId: 1,
  createdAt: null,
  modelId: 1,
  displayName: 'M',
  text: '',
  status,
  error: status === 'error' ? 'boom' : null,
  usage: null,
  cost: null,
  followUps: null,
  citations: null,
});
const turn = (...statuses: LiveTurn['answers'][number]['status'][]): LiveTurn => ({
  question: 'q',
  answers: statuses.map(answer),
});

describe('turnOutcome', () => {
  it('is done only when every answer is done', () => {
    expect(turnOutcome(turn('done', 'done'))).toBe('done');
    expect(turnOutcome(turn('done', 'stopped'))).toBe('stopped');
    expect(turnOutcome(turn('done', 'error'))).toBe('failed');
    expect(turnOutcome(turn('done', 'streaming'))).toBe('failed');
    expect(turnOutcome(turn())).toBe('failed');
    expect(turnOutcome(null)).toBe('failed');
  });
});

describe('prompt queue state', () => {
  it('labels a hidden prompt’s parts by number, never by text', () => {
    expect(newQueue('Secret', 3).items.map((i) => i.label)).toEqual(['Part 1 of 3', 'Part 2 of 3', 'Part 3 of 3']);
    expect(newQueue('Open', ['a', 'b']).items).toEqual([
      { label: 'a', status: 'pending' },
      { label: 'b', status: 'pending' },
    ]);
  });

  it('sends each part after the previous one is done, then finishes', () => {
    let state = newQueue('Q', ['a', 'b', 'c']);
    const statuses = () => state.items.map((i) => i.status);
    expect(nextPart(state)).toBe(0);
    state = queueReducer(state, { type: 'send', index: 0 });
    expect(statuses()).toEqual(['loading', 'pending', 'pending']);
    expect(nextPart(state)).toBeNull();
    state = queueReducer(state, { type: 'settle', index: 0, outcome: 'done' });
    expect(nextPart(state)).toBe(1);
    state = queueReducer(state, { type: 'send', index: 1 });
    state = queueReducer(state, { type: 'settle', index: 1, outcome: 'done' });
    state = queueReducer(state, { type: 'send', index: 2 });
    expect(queueActive(state)).toBe(true);
    state = queueReducer(state, { type: 'settle', index: 2, outcome: 'done' });
    expect(statuses()).toEqual(['done', 'done', 'done']);
    expect(state.end).toBe('finished');
    expect(nextPart(state)).toBeNull();
    expect(queueActive(state)).toBe(false);
  });

  it('a failed answer ends the queue; the rest stay pending', () => {
    let state = queueReducer(newQueue('Q', ['a', 'b']), { type: 'send', index: 0 });
    state = queueReducer(state, { type: 'settle', index: 0, outcome: 'failed' });
    expect(state.items.map((i) => i.status)).toEqual(['failed', 'pending']);
    expect(state.end).toBe('failed');
    expect(nextPart(state)).toBeNull();
  });

  it('Stop ends the queue: the part in flight settles as it ends, nothing more is sent', () => {
    let state = queueReducer(newQueue('Q', ['a', 'b', 'c']), { type: 'send', index: 0 });
    state = queueReducer(state, { type: 'stop' });
    expect(state.end).toBe('stopped');
    expect(queueActive(state)).toBe(true);
    state = queueReducer(state, { type: 'settle', index: 0, outcome: 'stopped' });
    expect(state.items.map((i) => i.status)).toEqual(['failed', 'pending', 'pending']);
    expect(state.end).toBe('stopped');
    expect(queueReducer(state, { type: 'send', index: 1 })).toBe(state);
    expect(queueActive(state)).toBe(false);
  });

  it('a stopped answer (the composer’s Stop) stops the queue too', () => {
    let state = queueReducer(newQueue('Q', ['a', 'b']), { type: 'send', index: 0 });
    state = queueReducer(state, { type: 'settle', index: 0, outcome: 'stopped' });
    expect(state.end).toBe('stopped');
  });
});
