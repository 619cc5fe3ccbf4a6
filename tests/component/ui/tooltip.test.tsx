import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/Button';
import { Tooltip } from '@/components/ui/Tooltip';

function setup(delay = 300) {
  const user = userEvent.setup();
  render(
    <>
      <button type="button">Before</button>
      <Tooltip label="Saves the page to your library" delay={delay}>
        <Button>Save</Button>
      </Tooltip>
    </>,
  );
  return { user, button: screen.getByRole('button', { name: 'Save' }) };
}

describe('Tooltip', () => {
  it('shows on keyboard focus as role tooltip describing the control, and Escape hides it (focus stays)', async () => {
    const { user, button } = setup();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Saves the page to your library');
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(screen.getByRole('button', { name: 'Save', description: 'Saves the page to your library' })).toBe(button);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.hasAttribute('aria-describedby')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('hides when focus leaves', async () => {
    const { user } = setup();
    await user.tab();
    await user.tab();
    await screen.findByRole('tooltip');
    await user.tab({ shift: true });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on hover only after the delay, and hides when the pointer leaves', async () => {
    const { user, button } = setup(300);
    const hoveredAt = performance.now();
    await user.hover(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await screen.findByRole('tooltip');
    expect(performance.now() - hoveredAt).toBeGreaterThanOrEqual(290);
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
