import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FakeBackground } from './fake-background';
import { makeCollection } from './fixtures';
import { findSaveForm, renderPopup } from './render';

const picker = () => screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement;
/** Each option's name (its path, which shows the nesting) and its gem count. */
const listed = () =>
  within(screen.getByRole('listbox', { name: 'Collection' }))
    .queryAllByRole('option')
    .map((o) => o.textContent);
/** The option aria-activedescendant names (the highlighted one, as a screen reader hears it). */
const highlighted = () =>
  document.getElementById(picker().getAttribute('aria-activedescendant') ?? '')?.textContent ?? null;

async function openPicker(fake = new FakeBackground()) {
  const rendered = renderPopup(fake);
  await findSaveForm();
  await rendered.user.click(picker());
  return rendered;
}

describe('SavePopup: collection picker', () => {
  test('opens on click with focus in the picker, listing nested collections by path in tree order, with counts', async () => {
    await openPicker();
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(picker());
    expect(listed()).toEqual(['Unfiltered0 gems', 'Recipes3 gems', 'Recipes / Desserts0 gems', 'Work0 gems']);
    expect(screen.getByRole('option', { name: /^Unfiltered/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: /^Recipes \/ Desserts/ }).getAttribute('aria-selected')).toBe('false');
  });

  test('filters by the search text, parents included in the match', async () => {
    const { user } = await openPicker();
    await user.clear(picker());
    await user.type(picker(), 'RECI');
    expect(listed()).toEqual(['Recipes3 gems', 'Recipes / Desserts0 gems', '+ Create collection “RECI”']);
    await user.clear(picker());
    await user.type(picker(), 'dess');
    expect(listed()).toEqual(['Recipes / Desserts0 gems', '+ Create collection “dess”']);
  });

  test('when nothing matches, only the offer to create it is left', async () => {
    const { user } = await openPicker();
    await user.clear(picker());
    await user.type(picker(), 'zzz');
    expect(listed()).toEqual(['+ Create collection “zzz”']);
  });

  test('picks with a click and closes', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('option', { name: /^Recipes \/ Desserts/ }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker().value).toBe('Recipes / Desserts');
    expect(picker().getAttribute('aria-expanded')).toBe('false');
  });

  test('picks with ArrowDown and Enter (the highlight announced), without submitting the form', async () => {
    const { user, fake } = await openPicker();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(highlighted()).toBe('Recipes / Desserts0 gems');
    await user.keyboard('{Enter}');
    expect(picker().value).toBe('Recipes / Desserts');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fake.client.saveGem).not.toHaveBeenCalled();
  });

  test('ArrowDown wraps from the last option to the first; typing resets the highlight', async () => {
    const { user } = await openPicker();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe('Work0 gems');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Unfiltered0 gems');
    await user.clear(picker());
    await user.type(picker(), 'r');
    expect(highlighted()).toBeNull();
  });

  test('Escape closes without changing the choice, and focus stays in the picker', async () => {
    const { user } = await openPicker();
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(picker().value).toBe('Unfiltered');
    expect(document.activeElement).toBe(picker());
  });

  test('creates a collection inline and selects it', async () => {
    const { user, fake } = await openPicker();
    await user.clear(picker());
    await user.type(picker(), '  Reading ');
    expect(listed()).toEqual(['+ Create collection “Reading”']);
    await user.click(screen.getByRole('option', { name: '+ Create collection “Reading”' }));

    await waitFor(() => expect(picker().value).toBe('Reading'));
    expect(fake.calls('createCollection')).toEqual([{ name: 'Reading' }]);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(picker());
    expect(listed()).toEqual([
      'Unfiltered0 gems',
      'Reading0 gems',
      'Recipes3 gems',
      'Recipes / Desserts0 gems',
      'Work0 gems',
    ]);
    expect(screen.getByRole('option', { name: /^Reading/ }).getAttribute('aria-selected')).toBe('true');
  });

  test('Enter creates when nothing matches', async () => {
    const { user, fake } = await openPicker();
    await user.clear(picker());
    await user.type(picker(), 'Later{Enter}');
    await waitFor(() => expect(picker().value).toBe('Later'));
    expect(fake.calls('createCollection')).toEqual([{ name: 'Later' }]);
    expect(fake.client.saveGem).not.toHaveBeenCalled();
  });

  test('offers no Create for a name that exists, in any case; Enter picks it instead', async () => {
    const { user, fake } = await openPicker();
    await user.clear(picker());
    await user.type(picker(), 'work');
    expect(screen.queryByRole('option', { name: /Create/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect(picker().value).toBe('Work');
    expect(fake.client.createCollection).not.toHaveBeenCalled();
  });

  test('shows progress while creating and the error when creation fails, keeping the earlier choice', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('createCollection');
    fake.failNext('createCollection', { kind: 'invalid', status: 400, message: 'data.name: Given value is too long' });
    const { user } = await openPicker(fake);
    await user.clear(picker());
    await user.type(picker(), 'Reading');
    await user.click(screen.getByRole('option', { name: '+ Create collection “Reading”' }));
    screen.getByRole('status', { name: 'Creating collection' });
    expect(picker().disabled).toBe(true);

    hold.release();
    await waitFor(() =>
      expect(document.getElementById('gem-collection-error')?.textContent).toBe('data.name: Given value is too long'),
    );
    expect(screen.queryByRole('status', { name: 'Creating collection' })).toBeNull();
    expect(picker().disabled).toBe(false);
    expect(picker().value).toBe('Unfiltered');
    expect(fake.state.collections).toHaveLength(4);
    // Nothing was created, so the gem still goes where it was going.
    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    await screen.findByText(/^Saved in/);
    expect(fake.calls('saveGem')[0]?.payload.gem.collectionId).toBe(1);
  });

  test('shows the placeholder when there is no Unfiltered collection to default to', async () => {
    const fake = new FakeBackground({ collections: [makeCollection(9, 'Only')] });
    fake.state.user = { ...(fake.state.user as NonNullable<typeof fake.state.user>), unfiltered_collection_id: null };
    const { user } = renderPopup(fake);
    await findSaveForm();
    expect(picker().value).toBe('');
    expect(picker().placeholder).toBe('Choose a collection');
    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    expect(document.getElementById('gem-collection-error')?.textContent).toBe('Choose a collection');
    expect(fake.client.saveGem).not.toHaveBeenCalled();
  });
});
