import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorMessage } from '@/components/ui/ErrorMessage';
import { Skeleton } from '@/components/ui/Skeleton';
import { Spinner } from '@/components/ui/Spinner';

describe('Spinner', () => {
  it('is a status named by its label, or hidden from screen readers when decorative', () => {
    render(
      <>
        <Spinner label="Saving" />
        <Spinner decorative />
      </>,
    );
    expect(screen.getAllByRole('status').map((s) => s.getAttribute('aria-label'))).toEqual(['Saving']);
    expect(document.querySelectorAll('.spinner[aria-hidden="true"]')).toHaveLength(1);
  });
});

describe('Skeleton', () => {
  it('is a block of the given size, hidden from screen readers and out of the tab order', async () => {
    const user = userEvent.setup();
    const { container } = render(<Skeleton width={120} height="1em" shape="block" />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.className).toBe('ui-skeleton ui-skeleton-block');
    expect([block.style.width, block.style.height]).toEqual(['120px', '1em']);
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('EmptyState', () => {
  it('is a region named by its title, with a heading, text, a hidden icon and a reachable action', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <EmptyState icon="💎" title="No gems yet" action={<Button onClick={onAction}>Save this page</Button>}>
        Saved pages appear here.
      </EmptyState>,
    );
    const region = screen.getByRole('region', { name: 'No gems yet' });
    expect(region.contains(screen.getByRole('heading', { level: 3, name: 'No gems yet' }))).toBe(true);
    expect(region.contains(screen.getByText('Saved pages appear here.'))).toBe(true);
    expect(screen.getByText('💎').getAttribute('aria-hidden')).toBe('true');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorMessage', () => {
  it('is an alert with the message and a Retry button reachable by keyboard', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorMessage onRetry={onRetry}>Could not reach the server.</ErrorMessage>);
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the server.');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry' }));
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(
      <ErrorMessage onRetry={onRetry} retrying>
        Could not reach the server.
      </ErrorMessage>,
    );
    expect(screen.getByRole('button', { name: 'Retry' }).getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no button when nothing can be retried', () => {
    render(<ErrorMessage>This page cannot be saved.</ErrorMessage>);
    expect(screen.getByRole('alert').textContent).toBe('This page cannot be saved.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
