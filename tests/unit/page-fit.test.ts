import { describe, expect, it } from 'vitest';
import { contextBudget } from '../../lib/api/context-budget';
import { MAX_PAGE_CHARS, pageFit } from '../../lib/chat/page-fit';

describe('pageFit', () => {
  it('says a page that fits the budget fits, with its token count', () => {
    expect(pageFit('x'.repeat(49_600), 128_000)).toEqual({
      tokens: 12_400,
      percent: 100,
      label: '12,400 tokens — fits',
    });
  });

  it('says how much is kept when the page is larger than the model can take', () => {
    const { budget } = contextBudget(8_192); // 6,144 tokens of room
    const fit = pageFit('x'.repeat(budget * 4 * 2), 8_192);
    expect(fit).toEqual({ tokens: budget * 2, percent: 50, label: '12,288 tokens — cut to 50%' });
  });

  it('counts the contract limit on page text as a cut too', () => {
    const fit = pageFit('x'.repeat(MAX_PAGE_CHARS * 2), 10_000_000);
    expect(fit.percent).toBe(50);
  });
});
