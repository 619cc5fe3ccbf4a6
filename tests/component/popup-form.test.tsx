import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { field, fieldError, findSaveForm, openDetails, renderPopup } from './render';

const URL_INVALID = 'Please provide valid url. Ensure it has protocol (https) and hostname (example.com).';

const chips = () =>
  within(screen.getByRole('list', { name: 'Tags' }))
    .queryAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);
/** The field's message, once shown: the form validates a change asynchronously (its schema's resolver). */
const shows = (id: string, message: string) =>
  vi.waitFor(() => expect(fieldError(id)).toBe(message), { timeout: 5_000 });
const tagsBox = () => screen.getByRole('combobox', { name: 'Tags' }) as HTMLInputElement;

describe('SavePopup: validation', () => {
  test('a cleared title says the field is required and Save does not create a gem', async () => {
    const { user, fake } = renderPopup();
    await findSaveForm();
    await user.clear(field('Title'));
    await shows('gem-title', 'This field is required.');
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    expect(fieldError('gem-title')).toBe('This field is required.');
    expect(fake.client.saveGem).not.toHaveBeenCalled();
    screen.getByRole('form', { name: 'Save this page' });
  });

  test('a title of spaces only is also required', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.clear(field('Title'));
    await user.type(field('Title'), '   ');
    await shows('gem-title', 'This field is required.');
  });

  test.each([
    ['example.com', URL_INVALID],
    ['ftp://example.com/file', URL_INVALID],
  ])('the URL %j shows %j', async (value, message) => {
    const { user, fake } = renderPopup();
    await findSaveForm();
    await openDetails(user);
    await user.clear(field('URL'));
    await user.type(field('URL'), value);
    await shows('gem-url', message);
    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    expect(fake.client.saveGem).not.toHaveBeenCalled();
  });

  test('an empty URL asks for one', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await openDetails(user);
    await user.clear(field('URL'));
    expect(fieldError('gem-url')).toBe('Please provide url');
  });

  test('fixing the field clears its message', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.clear(field('Title'));
    expect(fieldError('gem-title')).toBe('This field is required.');
    await user.type(field('Title'), 'Better');
    expect(fieldError('gem-title')).toBeNull();
  });
});

describe('SavePopup: tags', () => {
  test('Enter and a comma each make a chip', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    expect(chips()).toEqual([]);
    await user.type(tagsBox(), 'alpha{Enter}');
    await user.type(tagsBox(), 'beta,');
    expect(chips()).toEqual(['alpha', 'beta']);
    expect(tagsBox().value).toBe('');
    // Enter in the tags box adds a tag; it does not submit the form.
    expect(screen.queryByText(/Saved in/)).toBeNull();
  });

  test('pasting a comma-separated list makes several chips', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.click(tagsBox());
    await user.paste('one, two,,three');
    expect(chips()).toEqual(['one', 'two', 'three']);
  });

  test('ignores duplicates in any case, and blank entries', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 'alpha{Enter}ALPHA{Enter}Alpha,   {Enter}');
    expect(chips()).toEqual(['alpha']);
  });

  test('Backspace in the empty box removes the last chip, but not while typing', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 'alpha{Enter}beta{Enter}ga');
    await user.keyboard('{Backspace}');
    expect(tagsBox().value).toBe('g');
    expect(chips()).toEqual(['alpha', 'beta']);
    await user.keyboard('{Backspace}{Backspace}');
    expect(chips()).toEqual(['alpha']);
  });

  test('the remove button removes that chip', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 'alpha{Enter}beta{Enter}gamma{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove tag beta' }));
    expect(chips()).toEqual(['alpha', 'gamma']);
  });

  test('suggests an existing tag while typing; clicking it adds it with its own casing', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    expect(screen.queryByRole('listbox', { name: 'Tags' })).toBeNull();
    await user.type(tagsBox(), 'java');
    const suggestions = screen.getByRole('listbox', { name: 'Tags' });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((b) => b.textContent),
    ).toEqual(['JavaScript', 'Add tag “java”']);

    await user.click(within(suggestions).getByRole('option', { name: 'JavaScript' }));
    expect(chips()).toEqual(['JavaScript']);
    expect(tagsBox().value).toBe('');
    expect(screen.queryByRole('listbox', { name: 'Tags' })).toBeNull();
  });

  test('↓ then Enter adds the highlighted suggestion, not the typed text, and does not submit', async () => {
    const { user, fake } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 'coo');
    await user.keyboard('{ArrowDown}');
    const highlighted = document.getElementById(tagsBox().getAttribute('aria-activedescendant') ?? '');
    expect(highlighted?.textContent).toBe('cooking');
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['cooking']);
    expect(tagsBox().value).toBe('');
    expect(fake.client.saveGem).not.toHaveBeenCalled();
  });

  test("typing an existing tag in another case uses the existing tag's casing", async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 'JAVASCRIPT{Enter}Cooking,');
    expect(chips()).toEqual(['JavaScript', 'cooking']);
  });

  test('does not suggest a tag already added', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 'cooking{Enter}coo');
    expect(
      within(screen.getByRole('listbox', { name: 'Tags' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Add tag “coo”']);
  });

  test('what is left in the box is added when it loses focus', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 'later');
    await user.click(field('Title'));
    expect(chips()).toEqual(['later']);
  });

  test('a stray letter taken back with Escape does not become a tag when the box loses focus', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.type(tagsBox(), 's');
    await user.keyboard('{Escape}');
    await user.click(field('Title'));
    expect(chips()).toEqual([]);
    expect(tagsBox().value).toBe('');
  });
});
