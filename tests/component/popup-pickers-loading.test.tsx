import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { findSaveForm, renderPopup } from './render';

// The pickers' code (components/ui/Combobox, with floating-ui) arrives only when the test says so.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open: () => open(), opened };
});
vi.mock('@/components/ui/Combobox', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const picker = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

describe('SavePopup: the pickers load after the first paint', () => {
  test('until their code is in, their fields show in place, waiting, and the form is busy; then they work', async () => {
    const { user } = renderPopup();
    const form = await screen.findByRole('form', { name: 'Save this page' });
    await waitFor(() => expect(picker('Collection').value).toBe('Unfiltered'));
    expect(picker('Collection').disabled).toBe(true);
    expect(picker('Tags').disabled).toBe(true);
    expect(picker('Tags').placeholder).toBe('Add tags (Enter or comma)');
    expect(form.getAttribute('aria-busy')).toBe('true');

    gate.open();
    await findSaveForm();
    expect(picker('Collection').disabled).toBe(false);
    expect(picker('Collection').value).toBe('Unfiltered');
    await user.click(picker('Collection'));
    screen.getByRole('listbox', { name: 'Collection' });
  });
});
