import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/Button';
import { Popover } from '@/components/ui/Popover';

function setup() {
  const user = userEvent.setup();
  render(
    <>
      <Popover trigger={<Button>Filters</Button>} title="Filter gems" showTitle>
        {(close) => (
          <>
            <label>
              Site <input />
            </label>
            <Button onClick={close}>Apply</Button>
          </>
        )}
      </Popover>
      <p>Outside</p>
    </>,
  );
  return { user, trigger: screen.getByRole('button', { name: 'Filters' }) };
}

async function openPopover(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement) {
  trigger.focus();
  await user.keyboard('{Enter}');
  const popover = await screen.findByRole('dialog', { name: 'Filter gems' });
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Site' })));
  return popover;
}

describe('Popover', () => {
  it('opens on Enter (a click) with focus moved in; the trigger says it is expanded and controls it', async () => {
    const { user, trigger } = setup();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    const popover = await openPopover(user, trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(trigger.getAttribute('aria-controls') ?? '')).toBe(popover);
  });

  it('Escape closes it and returns focus to the trigger', async () => {
    const { user, trigger } = setup();
    await openPopover(user, trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('a click outside closes it', async () => {
    const { user, trigger } = setup();
    await openPopover(user, trigger);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('its content can close it, and focus returns to the trigger', async () => {
    const { user, trigger } = setup();
    await openPopover(user, trigger);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Apply' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('a second click on the trigger closes it', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await screen.findByRole('dialog');
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
