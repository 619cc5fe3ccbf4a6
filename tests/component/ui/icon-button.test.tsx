import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from '@/components/ui/IconButton';

describe('IconButton', () => {
  it('is named by its label, shows the label as a tooltip on focus, and Enter/Space press it', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<IconButton label="Delete gem" icon="🗑" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Delete gem' });
    // The icon is decoration: it adds nothing to the name.
    expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe('🗑');

    await user.tab();
    expect(document.activeElement).toBe(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete gem');
    // The tooltip repeats the name, so it does not also describe the button (no double announcement).
    expect(button.hasAttribute('aria-describedby')).toBe(false);

    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip on hover', async () => {
    const user = userEvent.setup();
    render(<IconButton label="More actions" icon="⋯" />);
    await user.hover(screen.getByRole('button', { name: 'More actions' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 1500 })).textContent).toBe('More actions');
  });
});
