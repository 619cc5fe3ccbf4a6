import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ToastOptions, ToastProvider, useToast } from '@/components/ui/Toast';

function Trigger({ options, tone = 'success' }: { options?: ToastOptions; tone?: 'success' | 'error' | 'info' }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(tone, 'Gem deleted', options)}>
      Delete
    </button>
  );
}

function setup(options?: ToastOptions, tone?: 'success' | 'error' | 'info') {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <Trigger options={options} tone={tone} />
    </ToastProvider>,
  );
  return { user, show: () => user.click(screen.getByRole('button', { name: 'Delete' })) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Toast', () => {
  it('keeps the old call working: toast(tone, text) shows a status (an alert for errors) that goes away by itself', async () => {
    const { show } = setup({ durationMs: 150 });
    await show();
    expect(screen.getByRole('status').textContent).toBe('Gem deleted');
    await waitFor(() => expect(screen.queryByText('Gem deleted')).toBeNull());
  });

  it('shows at most three at once: a new one pushes out the oldest', async () => {
    const { show } = setup();
    for (let i = 0; i < 4; i++) await show();
    expect(screen.getAllByText('Gem deleted')).toHaveLength(3);
  });

  it('shows errors as an alert', async () => {
    const { show } = setup(undefined, 'error');
    await show();
    expect(screen.getByRole('alert').textContent).toBe('Gem deleted');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('an action button runs its action once and dismisses the toast', async () => {
    const onAction = vi.fn();
    const { user, show } = setup({ action: { label: 'Undo', onAction } });
    await show();
    const toast = screen.getByRole('status');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }));
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(toast.isConnected).toBe(false);
  });

  it('stays while hovered, and goes once the pointer leaves', async () => {
    const { user, show } = setup({ durationMs: 150, action: { label: 'Undo', onAction: () => {} } });
    await show();
    await user.hover(screen.getByText('Gem deleted'));
    await sleep(400);
    screen.getByText('Gem deleted');
    await user.unhover(screen.getByText('Gem deleted'));
    await waitFor(() => expect(screen.queryByText('Gem deleted')).toBeNull());
  });

  it('stays while focus is in it (its action reachable by keyboard), and goes once focus leaves', async () => {
    const { user, show } = setup({ durationMs: 150, action: { label: 'Undo', onAction: () => {} } });
    await show();
    screen.getByRole('button', { name: 'Undo' }).focus();
    await sleep(400);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss' }));
    await sleep(300);
    screen.getByText('Gem deleted');
    screen.getByRole('button', { name: 'Delete' }).focus();
    await waitFor(() => expect(screen.queryByText('Gem deleted')).toBeNull());
  });

  it('the Dismiss button closes it without running the action', async () => {
    const onAction = vi.fn();
    const { user, show } = setup({ action: { label: 'Undo', onAction } });
    await show();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Gem deleted')).toBeNull();
    expect(onAction).not.toHaveBeenCalled();
  });
});
