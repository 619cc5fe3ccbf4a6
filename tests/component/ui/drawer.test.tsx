import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Drawer } from '@/components/ui/Drawer';

function Host({ withControls = true, onClose }: { withControls?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        History
      </button>
      <Drawer
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Chat History"
      >
        {withControls ? (
          <>
            <input aria-label="Search chats" />
            <button type="button">Older</button>
          </>
        ) : (
          <p>No chats yet.</p>
        )}
      </Drawer>
    </>
  );
}

async function openDrawer(props: Parameters<typeof Host>[0] = {}) {
  const user = userEvent.setup();
  render(<Host {...props} />);
  const opener = screen.getByRole('button', { name: 'History' });
  await user.click(opener);
  const drawer = await screen.findByRole('dialog', { name: 'Chat History' });
  await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
  return { user, opener, drawer, handle: screen.getByTestId('drawer-handle') };
}

/** Presses the handle at y=100, moves it down by `by` px, and lets go. */
function drag(handle: HTMLElement, by: number) {
  fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 100 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + by });
  fireEvent.pointerUp(handle, { pointerId: 1, clientY: 100 + by });
}

describe('Drawer', () => {
  it('is a modal dialog labelled by its title, focuses the first control of its body, and passes axe', async () => {
    const { drawer } = await openDrawer();
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    // Labelled by its title: the heading is what names the dialog.
    expect(drawer.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Chat History' }).id);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search chats' }));
    expect(drawer.querySelector('.ui-drawer-body')?.contains(document.activeElement)).toBe(true);
    const results = await axe.run(drawer, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('focuses the drawer itself when its body has no control', async () => {
    const { drawer } = await openDrawer({ withControls: false });
    expect(document.activeElement).toBe(drawer);
  });

  it('traps focus: Tab from the last control goes round to the Close button', async () => {
    const { user, drawer } = await openDrawer();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Older' }));
    await user.tab();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
    for (let i = 0; i < 6; i++) {
      await user.tab({ shift: i % 2 === 0 });
      await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    }
  });

  it('Escape closes it and focus returns to the opener', async () => {
    const { user, opener } = await openDrawer();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the Close button closes it and focus returns to the opener', async () => {
    const onClose = vi.fn();
    const { user, opener } = await openDrawer({ onClose });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('follows the handle while dragged, springs back when let go short of 30% of the window height', async () => {
    const onClose = vi.fn();
    const { drawer, handle } = await openDrawer({ onClose });
    const threshold = window.innerHeight * 0.3;

    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 100 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 160 });
    expect(drawer.style.transform).toBe('translateY(60px)');
    // Dragging above the start does not lift the drawer.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 40 });
    expect(drawer.style.transform).toBe('');
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 40 });

    drag(handle, Math.floor(threshold));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(drawer);
    expect(drawer.style.transform).toBe('');
  });

  it('closes when the handle is dragged down by more than 30% of the window height', async () => {
    const onClose = vi.fn();
    const { handle } = await openDrawer({ onClose });
    drag(handle, Math.floor(window.innerHeight * 0.3) + 1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a cancelled drag (the browser took the pointer) never closes it, however far it went', async () => {
    const onClose = vi.fn();
    const { handle } = await openDrawer({ onClose });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 100 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + window.innerHeight });
    fireEvent.pointerCancel(handle, { pointerId: 1, clientY: 100 + window.innerHeight });
    expect(onClose).not.toHaveBeenCalled();
    screen.getByRole('dialog');
  });

  it('moves without a press on the handle do nothing, nor does a secondary button', async () => {
    const onClose = vi.fn();
    const { drawer, handle } = await openDrawer({ onClose });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 900 });
    expect(drawer.style.transform).toBe('');
    fireEvent.pointerDown(handle, { button: 2, pointerId: 1, clientY: 0 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: window.innerHeight });
    expect(onClose).not.toHaveBeenCalled();
  });
});
