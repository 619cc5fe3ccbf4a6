import { describe, expect, it } from 'vitest';
import { mergePages, nextPage } from '../../lib/chat/paging';

const page = (ids: number[], total: number) => ({ data: ids.map((id) => ({ id })), total });

describe('nextPage', () => {
  it('asks for the next page while fewer than the total are loaded', () => {
    expect(nextPage([page([1, 2], 5)])).toBe(2);
    expect(nextPage([page([1, 2], 5), page([3, 4], 5)])).toBe(3);
  });

  it('stops when the loaded count reaches the total', () => {
    expect(nextPage([page([1, 2], 4), page([3, 4], 4)])).toBeUndefined();
  });

  it('stops when a page comes back empty, even if the total says more', () => {
    expect(nextPage([page([1, 2], 9), page([], 9)])).toBeUndefined();
  });

  it('has nothing to load before the first page', () => {
    expect(nextPage([])).toBeUndefined();
  });
});

describe('mergePages', () => {
  it('keeps the order and drops a repeated id (an item that moved to the next page)', () => {
    expect(mergePages([page([3, 2], 4), page([2, 1], 4)]).map((i) => i.id)).toEqual([3, 2, 1]);
  });
});
