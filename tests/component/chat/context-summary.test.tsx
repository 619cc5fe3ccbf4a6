import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type ContextCounts, ContextSummary } from '@/components/chat/page/ContextSummary';

/** The chip's sentence (without its buttons), or null when the chip is not shown. */
const summaryLine = () => document.querySelector('.context-summary > span')?.textContent ?? null;

function Summary({ counts }: { counts: ContextCounts }) {
  const [included, setIncluded] = useState(true);
  return (
    <ContextSummary
      counts={counts}
      pageGemsIncluded={included}
      onClear={() => setIncluded(false)}
      onIncludePageGems={() => setIncluded(true)}
    />
  );
}

describe('Context summary chip', () => {
  it('counts files, the chosen collections and gems, and the page’s gems', () => {
    render(<Summary counts={{ files: 2, collections: 1, gems: 2, pageGems: 1 }} />);
    expect(summaryLine()).toBe('Also sent: 2 files · 1 collection · 2 gems · 1 gem of this page');
  });

  it('shows nothing when nothing goes with the question', () => {
    const { container } = render(<Summary counts={{ files: 0, collections: 0, gems: 0, pageGems: 0 }} />);
    expect(container.textContent).toBe('');
  });

  it('clears the page’s gems, says they are left out, and brings them back', async () => {
    const user = userEvent.setup();
    render(<Summary counts={{ files: 0, collections: 0, gems: 0, pageGems: 2 }} />);
    expect(summaryLine()).toBe('Also sent: 2 gems of this page');
    await user.click(screen.getByRole('button', { name: 'Clear the context' }));
    const cleared = document.querySelector('.context-summary');
    expect(cleared?.getAttribute('data-state')).toBe('cleared');
    expect(cleared?.textContent).toMatch(/^Your gems of this page are left out\./);
    await user.click(screen.getByRole('button', { name: 'Include them' }));
    expect(summaryLine()).toBe('Also sent: 2 gems of this page');
  });

  it('counts the context text, opens the Contexts panel, and says when the switch holds it back', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const { rerender } = render(
      <ContextSummary
        counts={{ files: 1, collections: 0, gems: 0, pageGems: 0, text: true }}
        pageGemsIncluded
        onClear={() => {}}
        onIncludePageGems={() => {}}
        onEdit={onEdit}
      />,
    );
    expect(summaryLine()).toBe('Also sent: context text · 1 file');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledOnce();
    rerender(
      <ContextSummary
        counts={{ files: 1, collections: 0, gems: 0, pageGems: 0, text: true }}
        pageGemsIncluded
        onClear={() => {}}
        onIncludePageGems={() => {}}
        held
      />,
    );
    expect(summaryLine()).toBe('Held back (Context is off): context text · 1 file');
  });
});
