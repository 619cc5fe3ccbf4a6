import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from '@/components/ui/Combobox';
import { Dialog } from '@/components/ui/Dialog';

const COLLECTIONS: ComboboxOption[] = [
  { value: '1', label: 'Reading', detail: '12' },
  { value: '2', label: 'Recipes' },
  { value: '3', label: 'Work' },
];

function renderCombobox(props: Partial<Parameters<typeof Combobox>[0]> = {}) {
  const onSelect = vi.fn();
  const onCreate = vi.fn();
  const user = userEvent.setup();
  render(<Combobox label="Collection" options={COLLECTIONS} onSelect={onSelect} onCreate={onCreate} {...props} />);
  const input = screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement;
  return { user, input, onSelect, onCreate };
}

/** The option aria-activedescendant names: it must exist, be an option, and sit in the listbox aria-controls names. */
function highlighted(input: HTMLElement) {
  const id = input.getAttribute('aria-activedescendant');
  if (!id) return null;
  const option = document.getElementById(id);
  expect(option, `aria-activedescendant="${id}" names no element`).not.toBeNull();
  expect(option?.getAttribute('role')).toBe('option');
  expect(option?.closest('[role="listbox"]')?.id).toBe(input.getAttribute('aria-controls'));
  return option?.textContent;
}

function ComboboxInDialog() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Save">
      <Combobox label="Collection" options={COLLECTIONS} onSelect={() => {}} />
    </Dialog>
  );
}

/** A picker in a form that keeps its choice, as a form's field would. */
function PickerInForm({
  onSubmit,
  onSelect,
}: {
  onSubmit: (event: { preventDefault(): void }) => void;
  onSelect: (o: ComboboxOption) => void;
}) {
  const [value, setValue] = useState('1');
  return (
    <form onSubmit={onSubmit}>
      <Combobox
        label="Collection"
        options={COLLECTIONS}
        selectedValue={value}
        onSelect={(o) => {
          onSelect(o);
          setValue(o.value);
        }}
      />
    </form>
  );
}

describe('Combobox', () => {
  it('is closed with no aria-controls until it opens; then aria-controls names the rendered listbox', async () => {
    const { user, input } = renderCombobox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-controls')).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.click(input);
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox', { name: 'Collection' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-controls') ?? '')).toBe(listbox);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Reading12', 'Recipes', 'Work']);
  });

  it('moves aria-activedescendant with ↓/↑ (wrapping) while focus stays in the input', async () => {
    const { user, input } = renderCombobox();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(highlighted(input)).toBe('Reading12');
    await user.keyboard('{ArrowDown}');
    expect(highlighted(input)).toBe('Recipes');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted(input)).toBe('Reading12');
    await user.keyboard('{ArrowUp}');
    expect(highlighted(input)).toBe('Work');
    expect(document.activeElement).toBe(input);
  });

  it('typing filters the options, and ↓ then Enter picks the highlighted option, not the typed text', async () => {
    const { user, input, onSelect, onCreate } = renderCombobox();
    await user.type(input, 're');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Reading12', 'Recipes', 'Create “re”']);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted(input)).toBe('Recipes');
    await user.keyboard('{Enter}');

    expect(onSelect).toHaveBeenCalledExactlyOnceWith(COLLECTIONS[1]);
    expect(onCreate).not.toHaveBeenCalled();
    expect(input.value).toBe('Recipes');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.hasAttribute('aria-controls')).toBe(false);
    expect(document.activeElement).toBe(input);
  });

  it('offers "Create “…”" for new text: highlighted and Enter creates it; Enter with nothing highlighted creates too', async () => {
    const { user, input, onSelect, onCreate } = renderCombobox();
    await user.type(input, 'Travel');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Create “Travel”']);
    await user.keyboard('{ArrowDown}');
    expect(highlighted(input)).toBe('Create “Travel”');
    await user.keyboard('{Enter}');
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('Travel');

    await user.clear(input);
    await user.type(input, 'Garden{Enter}');
    expect(onCreate).toHaveBeenLastCalledWith('Garden');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('Enter on text that names an option picks that option instead of creating a duplicate', async () => {
    const { user, input, onSelect, onCreate } = renderCombobox();
    await user.type(input, 'work{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(COLLECTIONS[2]);
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('Escape closes the list and keeps focus in the input; a second Escape clears the text', async () => {
    const { user, input } = renderCombobox();
    await user.type(input, 'Rec');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('Rec');

    await user.keyboard('{Escape}');
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('a click on an option picks it and keeps focus in the input', async () => {
    const { user, input, onSelect } = renderCombobox();
    await user.click(input);
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    await user.click(screen.getByRole('option', { name: 'Work' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(COLLECTIONS[2]);
    expect(document.activeElement).toBe(input);
  });

  it('shows the selected option label in the input and marks that option aria-selected', async () => {
    const { user, input } = renderCombobox({ selectedValue: '3' });
    expect(input.value).toBe('Work');
    await user.keyboard('{Tab}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Work' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Recipes' }).getAttribute('aria-selected')).toBe('false');
  });

  it('with clearOnSelect (tag entry) the input empties after each pick', async () => {
    const { user, input, onSelect } = renderCombobox({ clearOnSelect: true });
    await user.type(input, 'wo');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(COLLECTIONS[2]);
    expect(input.value).toBe('');
  });

  it('inside a dialog, Escape closes only the list; the next Escapes clear the text, then close the dialog', async () => {
    const user = userEvent.setup();
    render(<ComboboxInDialog />);
    const input = await screen.findByRole('combobox', { name: 'Collection' });
    await user.click(input);
    await user.type(input, 'W');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    screen.getByRole('dialog', { name: 'Save' });
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');
    screen.getByRole('dialog', { name: 'Save' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('in a form, Enter on the choice a closed picker already shows submits the form instead of picking it again', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<PickerInForm onSubmit={onSubmit} onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Collection' });
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(COLLECTIONS[1]);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('a picker shows its choice again when focus leaves text that was typed but not picked', async () => {
    const { user, input, onSelect } = renderCombobox({ selectedValue: '3' });
    await user.clear(input);
    await user.type(input, 'Rea');
    await user.tab();
    expect(input.value).toBe('Work');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('tag entry: the separator and a paste enter each piece; blur enters what is left; Backspace in the empty input is reported', async () => {
    const onBackspaceEmpty = vi.fn();
    const { user, input, onSelect, onCreate } = renderCombobox({
      clearOnSelect: true,
      separator: ',',
      commitOnBlur: true,
      onBackspaceEmpty,
    });
    await user.type(input, 'work,');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(COLLECTIONS[2]);
    expect(input.value).toBe('');
    await user.paste('one, two,,three');
    expect(onCreate.mock.calls).toEqual([['one'], ['two'], ['three']]);
    expect(input.value).toBe('');
    await user.keyboard('{Backspace}');
    expect(onBackspaceEmpty).toHaveBeenCalledTimes(1);
    await user.type(input, 'later');
    await user.keyboard('{Backspace}');
    expect(onBackspaceEmpty).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(onCreate).toHaveBeenLastCalledWith('late');
    expect(input.value).toBe('');
  });

  it('a click on the input showing the choice selects it, so typing replaces the choice instead of adding to it', async () => {
    const { user, input, onCreate } = renderCombobox({ selectedValue: '1' });
    expect(input.value).toBe('Reading');
    await user.click(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Reading'.length]);
    await user.keyboard('Local news{Enter}');
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('Local news');
  });

  it('Tab into the input showing the choice selects it too', async () => {
    const { user, input } = renderCombobox({ selectedValue: '3' });
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.keyboard('Rec');
    expect(input.value).toBe('Rec');
  });

  it('tag entry: text taken back with Escape is not entered when focus leaves', async () => {
    const { user, input, onCreate } = renderCombobox({ clearOnSelect: true, commitOnBlur: true, separator: ',' });
    await user.type(input, 's');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    await user.keyboard('{Escape}');
    expect(input.value).toBe('s');
    await user.tab();
    expect(onCreate).not.toHaveBeenCalled();
    expect(input.value).toBe('');

    // Typing again after the Escape means it again: blur enters it.
    await user.click(input);
    await user.type(input, 'x');
    await user.keyboard('{Escape}');
    await user.type(input, 'yz');
    await user.tab();
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('xyz');
  });
});
