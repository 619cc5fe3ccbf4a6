import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { OptionsApp } from '@/components/options/OptionsApp';
import { QUICK_SAVE_RESET_NOTE } from '@/components/options/QuickSaveSettings';
import { FakeBackground } from './fake-background';
import { makeSharedCollection } from './fixtures';
import { renderWithBackground } from './render';

const fieldNotes = makeSharedCollection();

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

  test('offers the collections shared with the user to add to, after their own; one chosen is where quick saves go', async () => {
    const fake = new FakeBackground({ sharedCollections: [fieldNotes] });
    const { user } = renderWithBackground(<OptionsApp />, fake);
    const select = await picker();
    const group = within(select).getByRole('group', { name: 'Shared with you' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Field notes (grace's)"]);
    await user.selectOptions(select, "Field notes (grace's)");
    await waitFor(() => expect(fake.calls('setPreferences')).toEqual([{ quickSaveCollectionId: 90 }]));
    await screen.findByText("Quick saves now go to Field notes (grace's).");
    expect(select.selectedOptions[0]?.textContent).toBe("Field notes (grace's)");
  });

  test('a shared collection chosen before is shown as it is; once no longer shared to add to, it is reset', async () => {
    const kept = new FakeBackground({ sharedCollections: [fieldNotes], preferences: { quickSaveCollectionId: 90 } });
    const { unmount } = renderWithBackground(<OptionsApp />, kept);
    expect((await picker()).selectedOptions[0]?.textContent).toBe("Field notes (grace's)");
    expect(kept.calls('setPreferences')).toEqual([]);
    unmount();

    const gone = new FakeBackground({ sharedCollections: [], preferences: { quickSaveCollectionId: 90 } });
    renderWithBackground(<OptionsApp />, gone);
    await picker();
    await waitFor(() => expect(gone.calls('setPreferences')).toEqual([{ quickSaveCollectionId: null }]));
  });
});
