import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { OptionsApp } from '@/components/options/OptionsApp';
import { QUICK_SAVE_RESET_NOTE } from '@/components/options/QuickSaveSettings';
import { FakeBackground } from './fake-background';
import { renderWithBackground } from './render';

/** The options page's quick-save collection: what it shows is where quick saves go. */

const picker = () =>
  screen.findByLabelText('Right-click and keyboard shortcut saves go to') as Promise<HTMLSelectElement>;
const section = () => screen.getByRole('region', { name: 'Quick saves' });

describe('OptionsApp: quick saves', () => {
  test('a choice no longer offered (AI Chats, id 9, is not among the collections) is reset to Unfiltered, with a note', async () => {
    const fake = new FakeBackground();
    fake.state.preferences = { quickSaveCollectionId: 9 };
    renderWithBackground(<OptionsApp />, fake);
    const select = await picker();
    await waitFor(() => expect(fake.calls('setPreferences')).toEqual([{ quickSaveCollectionId: null }]));
    expect(fake.state.preferences).toEqual({ quickSaveCollectionId: null });
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe('Unfiltered');
    expect(within(section()).getByRole('status').textContent).toBe(QUICK_SAVE_RESET_NOTE);
  });

  test('an offered choice is shown as it is, and nothing is reset', async () => {
    const fake = new FakeBackground();
    fake.state.preferences = { quickSaveCollectionId: 3 };
    renderWithBackground(<OptionsApp />, fake);
    const select = await picker();
    expect(select.selectedOptions[0]?.textContent).toBe('Recipes / Desserts');
    expect(fake.calls('setPreferences')).toEqual([]);
    expect(within(section()).queryByRole('status')).toBeNull();
  });
});
