import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FakeBackground } from './fake-background';
import { makeCollection } from './fixtures';
import { findSaveForm, renderPopup } from './render';

const pickerButton = () => screen.getByRole('button', { name: /^Collection:/ });
const searchBox = () => screen.getByRole('textbox', { name: 'Search or create a collection' }) as HTMLInputElement;
/** Each option's path (its title) with its nesting (from the indent). */
const listed = () =>
  within(screen.getByRole('listbox', { name: 'Collections' }))
    .queryAllByRole('option')
    .map((o) => o.title);

async function openPicker() {
  const rendered = renderPopup();
  await findSaveForm();
  await rendered.user.click(pickerButton());
  return rendered;
}

describe('SavePopup: collection picker', () => {
  test('opens on click with the search box focused, listing nested collections in tree order', async () => {
    await openPicker();
    expect(pickerButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(searchBox());
    expect(listed()).toEqual(['Unfiltered', 'Recipes', 'Recipes / Desserts', 'Work']);
    const desserts = screen.getByRole('option', { name: /^Desserts/ });
    expect(desserts.style.paddingLeft).toBe('1.5rem');
    expect(screen.getByRole('option', { name: /^Unfiltered/ }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('option', { name: /^Recipes/ })).getByText('3')).toBeTruthy();
  });

  test('filters by the search text, parents included in the match', async () => {
    const { user } = await openPicker();
    await user.type(searchBox(), 'RECI');
    expect(listed()).toEqual(['Recipes', 'Recipes / Desserts']);
    await user.clear(searchBox());
    await user.type(searchBox(), 'dess');
    expect(listed()).toEqual(['Recipes / Desserts']);
  });

  test('says when nothing matches', async () => {
    const { user } = await openPicker();
    await user.type(searchBox(), 'zzz');
    expect(listed()).toEqual([]);
    expect(screen.getByText('No collection matches “zzz”.')).toBeTruthy();
  });

  test('picks with a click and closes', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('option', { name: /^Desserts/ }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(pickerButton().textContent).toBe('Recipes / Desserts');
    expect(pickerButton().getAttribute('aria-expanded')).toBe('false');
  });

  test('picks with ArrowDown and Enter, without submitting the form', async () => {
    const { user, fake } = await openPicker();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}{Enter}');
    expect(pickerButton().textContent).toBe('Recipes / Desserts');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fake.client.saveGem).not.toHaveBeenCalled();
  });

  test('ArrowDown stops at the last option and search resets the highlight', async () => {
    const { user } = await openPicker();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /^Work/ }).className).toBe('option active');
    await user.type(searchBox(), 'r');
    await user.keyboard('{Enter}');
    expect(pickerButton().textContent).toBe('Unfiltered');
  });

  test('Escape closes without changing the choice', async () => {
    const { user } = await openPicker();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(pickerButton().textContent).toBe('Unfiltered');
  });

  test('creates a collection inline and selects it', async () => {
    const { user, fake } = await openPicker();
    await user.type(searchBox(), '  Reading ');
    expect(listed()).toEqual([]);
    await user.click(screen.getByRole('button', { name: '+ Create “Reading”' }));

    await waitFor(() => expect(pickerButton().textContent).toBe('Reading'));
    expect(fake.calls('createCollection')).toEqual([{ name: 'Reading' }]);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(pickerButton());
    expect(listed()).toEqual(['Unfiltered', 'Reading', 'Recipes', 'Recipes / Desserts', 'Work']);
  });

  test('Enter creates when nothing matches', async () => {
    const { user, fake } = await openPicker();
    await user.type(searchBox(), 'Later{Enter}');
    await waitFor(() => expect(pickerButton().textContent).toBe('Later'));
    expect(fake.calls('createCollection')).toEqual([{ name: 'Later' }]);
  });

  test('offers no Create for a name that exists, in any case', async () => {
    const { user } = await openPicker();
    await user.type(searchBox(), 'work');
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
  });

  test('shows a spinner while creating and the error when creation fails, keeping the panel open', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('createCollection');
    fake.failNext('createCollection', { kind: 'invalid', status: 400, message: 'data.name: Given value is too long' });
    const { user } = renderPopup(fake);
    await findSaveForm();
    await user.click(pickerButton());
    await user.type(searchBox(), 'Reading');
    const create = screen.getByRole('button', { name: '+ Create “Reading”' });
    await user.click(create);
    expect(screen.getByRole('status', { name: 'Creating collection' })).toBeTruthy();
    expect((create as HTMLButtonElement).disabled).toBe(true);

    hold.release();
    const alert = await within(screen.getByRole('listbox').parentElement as HTMLElement).findByRole('alert');
    expect(alert.textContent).toBe('data.name: Given value is too long');
    expect(searchBox().value).toBe('Reading');
    expect(pickerButton().textContent).toBe('Unfiltered');
    expect(fake.state.collections).toHaveLength(4);
  });

  test('shows the placeholder when there is no Unfiltered collection to default to', async () => {
    const fake = new FakeBackground({ collections: [makeCollection(9, 'Only')] });
    fake.state.user = { ...(fake.state.user as NonNullable<typeof fake.state.user>), unfiltered_collection_id: null };
    const { user } = renderPopup(fake);
    await findSaveForm();
    expect(pickerButton().textContent).toBe('Choose a collection');
    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    expect(document.getElementById('gem-collection-error')?.textContent).toBe('Choose a collection');
    expect(fake.client.saveGem).not.toHaveBeenCalled();
  });
});
