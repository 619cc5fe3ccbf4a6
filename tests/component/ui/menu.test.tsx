import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from '@/components/ui/Menu';
import { MenuCheckboxItem, MenuItem } from '@/components/ui/MenuItem';

function GemMenu({ onSelect }: { onSelect: (what: string) => void }) {
  const [archived, setArchived] = useState(false);
  return (
    <Menu label="Gem actions">
      <MenuItem label="Edit" onSelect={() => onSelect('edit')} />
      <MenuItem label="Copy link" onSelect={() => onSelect('copy')} />
      <Menu label="Move to">
        <MenuItem label="Reading" onSelect={() => onSelect('move:reading')} />
        <MenuItem label="Work" onSelect={() => onSelect('move:work')} />
      </Menu>
      <MenuCheckboxItem label="Show archived" checked={archived} onCheckedChange={setArchived} />
      <MenuItem label="Delete" onSelect={() => onSelect('delete')} />
    </Menu>
  );
}

async function setup() {
  const onSelect = vi.fn();
  const user = userEvent.setup();
  render(<GemMenu onSelect={onSelect} />);
  const trigger = screen.getByRole('button', { name: 'Gem actions' });
  return { user, trigger, onSelect };
}

const focused = () => document.activeElement?.textContent?.replace('›', '').replace('✓', '');
const focusSettles = (name: string) => waitFor(() => expect(focused()).toBe(name));

async function openWithKeyboard(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement) {
  trigger.focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu', { name: 'Gem actions' });
  await focusSettles('Edit');
  return menu;
}

describe('Menu', () => {
  it('is a menu button: Enter opens the menu, labelled by its button, with the first item focused', async () => {
    const { user, trigger } = await setup();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await openWithKeyboard(user, trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Edit',
      'Copy link',
      'Move to›',
      'Delete',
    ]);
  });

  it('↓/↑ move between items, Home/End jump to the ends, typing a letter jumps to the matching item', async () => {
    const { user, trigger } = await setup();
    await openWithKeyboard(user, trigger);
    await user.keyboard('{ArrowDown}');
    await focusSettles('Copy link');
    await user.keyboard('{ArrowDown}');
    await focusSettles('Move to');
    await user.keyboard('{End}');
    await focusSettles('Delete');
    await user.keyboard('{Home}');
    await focusSettles('Edit');
    await user.keyboard('{ArrowUp}');
    await focusSettles('Edit'); // no wrap-around past the first item
    await user.keyboard('s');
    await focusSettles('Show archived');
  });

  it('Enter on an item runs it, closes the menu and returns focus to the button', async () => {
    const { user, trigger, onSelect } = await setup();
    await openWithKeyboard(user, trigger);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('copy');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('Space runs an item too', async () => {
    const { user, trigger, onSelect } = await setup();
    await openWithKeyboard(user, trigger);
    await user.keyboard('{End}');
    await focusSettles('Delete');
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('delete');
  });

  it('Escape closes the menu and returns focus to the button without running anything', async () => {
    const { user, trigger, onSelect } = await setup();
    await openWithKeyboard(user, trigger);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('ArrowRight opens a submenu at its first item, ArrowLeft closes it back to its parent item', async () => {
    const { user, trigger, onSelect } = await setup();
    await openWithKeyboard(user, trigger);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await focusSettles('Move to');
    const parentItem = screen.getByRole('menuitem', { name: 'Move to' });
    expect(parentItem.getAttribute('aria-haspopup')).toBe('menu');

    await user.keyboard('{ArrowRight}');
    const submenu = await screen.findByRole('menu', { name: 'Move to' });
    await focusSettles('Reading');
    expect(parentItem.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    await focusSettles('Work');

    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(submenu.isConnected).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(parentItem));
    expect(screen.getByRole('menu', { name: 'Gem actions' }).contains(parentItem)).toBe(true);

    await user.keyboard('{Enter}');
    await focusSettles('Reading');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('move:work');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a checkbox item is a menuitemcheckbox whose aria-checked toggles with Enter and Space; the menu stays open', async () => {
    const { user, trigger } = await setup();
    await openWithKeyboard(user, trigger);
    const item = screen.getByRole('menuitemcheckbox', { name: 'Show archived' });
    expect(item.getAttribute('aria-checked')).toBe('false');
    // (Arrow keys, not typeahead: a Space typed just after a letter extends the typeahead search.)
    await user.keyboard('{End}{ArrowUp}');
    await focusSettles('Show archived');
    await user.keyboard('{Enter}');
    expect(item.getAttribute('aria-checked')).toBe('true');
    await user.keyboard(' ');
    expect(item.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('menu', { name: 'Gem actions' }).contains(item)).toBe(true);
    expect(document.activeElement).toBe(item);
  });

  it('a click on the button opens it and a click outside closes it', async () => {
    const { user, trigger } = await setup();
    await user.click(trigger);
    await screen.findByRole('menu');
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
