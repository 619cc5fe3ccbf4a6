import { describe, expect, it } from 'vitest';
import { anyWordQuery } from '../../server/features/memories/memory-context';

describe('anyWordQuery', () => {
  it("joins the question's words with websearch's or, dropping punctuation and the word or", () => {
    expect(anyWordQuery('Tea or coffee? -"quoted" (x) café 42')).toBe('Tea or coffee or quoted or x or café or 42');
    expect(anyWordQuery('?!')).toBe('');
  });
});
