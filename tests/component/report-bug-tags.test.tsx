import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { FeedbackTagsField } from '@/components/feedback/FeedbackTagsField';
import type { Tag } from '@/lib/api/contract';
import { FakeBackground } from './fake-background';
import { makeTag } from './fixtures';
import { fieldError } from './render';
import { chips, inDialog, opened, queryDialog, renderDialog, tagsBox } from './report-bug-helpers';

/** The Report Bug dialog's Feedback Tags: the popup's tags combobox, new names created through the tag API. */
const suggestionList = () => screen.queryByRole('listbox', { name: 'Feedback Tags' });
const suggestions = () =>
  within(screen.getByRole('listbox', { name: 'Feedback Tags' }))
    .getAllByRole('option')
    .map((o) => o.textContent);
/** The text of the option aria-activedescendant names, checked to be an option of the list aria-controls names. */
function highlighted() {
  const id = tagsBox().getAttribute('aria-activedescendant');
  if (!id) return null;
  const option = document.getElementById(id);
  expect(option?.getAttribute('role')).toBe('option');
  expect(option?.closest('[role="listbox"]')?.id).toBe(tagsBox().getAttribute('aria-controls'));
  return option?.textContent;
}

/** The field with its tags held as the dialog holds them. */
function TagsHolder({ onCreate }: { onCreate: (name: string) => Promise<Tag> }) {
  const [tags, setTags] = useState<Tag[]>([]);
  return <FeedbackTagsField value={tags} onChange={setTags} existing={[]} onCreate={onCreate} />;
}

describe('ReportBugDialog: feedback tags', () => {
  test('a tag whose creation is answered while the next one is typed stays, before and after the field is drawn again', async () => {
    const answer = new Map<string, (tag: Tag) => void>();
    render(<TagsHolder onCreate={(name) => new Promise<Tag>((resolve) => answer.set(name, resolve))} />);
    const input = screen.getByRole('combobox', { name: 'Feedback Tags' });
    fireEvent.change(input, { target: { value: 'popup,' } });
    // "popup" is answered, and "markdown," typed in the same turn: the field still shows the tags it was drawn with.
    await act(async () => {
      answer.get('popup')?.(makeTag(7, 'popup'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      fireEvent.change(input, { target: { value: 'markdown,' } });
    });
    await act(async () => answer.get('markdown')?.(makeTag(8, 'markdown')));
    const chipNames = within(screen.getByRole('list', { name: 'Tags' }))
      .queryAllByRole('listitem')
      .map((li) => li.firstChild?.textContent);
    expect(chipNames).toEqual(['popup', 'markdown']);
  });

  test('Enter and comma both make a tag; a new name is created through the tag API', async () => {
    const { user, fake } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'popup{Enter}');
    await inDialog().findByText('popup');
    await user.type(tagsBox(), 'layout,');
    await waitFor(() => expect(chips()).toEqual(['popup', 'layout']));
    expect(fake.calls('createTag')).toEqual([{ tag: 'popup' }, { tag: 'layout' }]);
    expect(fake.state.tags.map((t) => t.tag)).toEqual(['JavaScript', 'cooking', 'popup', 'layout']);
    expect(tagsBox().value).toBe('');
  });

  test('an existing tag typed in another case is used as it is, without creating one', async () => {
    const { user, fake } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'JAVASCRIPT{Enter}');
    await waitFor(() => expect(chips()).toEqual(['JavaScript']));
    await user.type(tagsBox(), 'Cooking,');
    await waitFor(() => expect(chips()).toEqual(['JavaScript', 'cooking']));
    expect(fake.client.createTag).not.toHaveBeenCalled();
  });

  test('existing tags are suggested while typing; clicking one adds it without creating it', async () => {
    const { user, fake } = renderDialog();
    await opened();
    expect(suggestionList()).toBeNull();
    await user.type(tagsBox(), 'java');
    expect(suggestions()).toEqual(['JavaScript', 'Add tag “java”']);
    await user.click(screen.getByRole('option', { name: 'JavaScript' }));
    await waitFor(() => expect(chips()).toEqual(['JavaScript']));
    expect(tagsBox().value).toBe('');
    expect(suggestionList()).toBeNull();
    expect(fake.client.createTag).not.toHaveBeenCalled();
  });

  test('↓ highlights a suggestion and Enter adds it (not the typed text); nothing is created or sent', async () => {
    const { user, fake, onClose } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'coo');
    expect(suggestions()).toEqual(['cooking', 'Add tag “coo”']);
    expect(highlighted()).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('cooking');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chips()).toEqual(['cooking']));
    expect(tagsBox().value).toBe('');
    expect(suggestionList()).toBeNull();
    expect(document.activeElement).toBe(tagsBox());
    expect(fake.client.createTag).not.toHaveBeenCalled();
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('↓ ↓ reaches the create-new option: Enter creates the typed tag', async () => {
    const { user, fake } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'coo');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe('Add tag “coo”');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chips()).toEqual(['coo']));
    expect(fake.calls('createTag')).toEqual([{ tag: 'coo' }]);
  });

  test('Escape closes the list, keeps the text and focus in the box, and leaves the dialog open', async () => {
    const { user, onClose } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'java');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('JavaScript');
    await user.keyboard('{Escape}');
    expect(suggestionList()).toBeNull();
    expect(tagsBox().getAttribute('aria-expanded')).toBe('false');
    expect(tagsBox().getAttribute('aria-activedescendant')).toBeNull();
    expect(document.activeElement).toBe(tagsBox());
    expect(tagsBox().value).toBe('java');
    expect(onClose).not.toHaveBeenCalled();
    expect(queryDialog()).toBeTruthy();
    // ↓ opens the list again, and the pick still works.
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('JavaScript');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chips()).toEqual(['JavaScript']));
    expect(onClose).not.toHaveBeenCalled();
  });

  test('does not suggest a tag already added; Backspace in the empty box removes the last chip', async () => {
    const { user } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'cooking{Enter}');
    await waitFor(() => expect(chips()).toEqual(['cooking']));
    await user.type(tagsBox(), 'coo');
    expect(suggestions()).toEqual(['Add tag “coo”']);
    await user.clear(tagsBox());
    await user.keyboard('{Backspace}');
    expect(chips()).toEqual([]);
  });

  test('a pasted list becomes several tags, each new one created once', async () => {
    const { user, fake } = renderDialog();
    await opened();
    await user.click(tagsBox());
    await user.paste('popup, javascript,layout,POPUP');
    await waitFor(() => expect(chips()).toHaveLength(3));
    expect([...chips()].sort()).toEqual(['JavaScript', 'layout', 'popup']);
    expect(fake.calls('createTag')).toEqual([{ tag: 'popup' }, { tag: 'layout' }]);
  });

  test('a tag that cannot be created shows why and is not added', async () => {
    const fake = new FakeBackground();
    fake.failNext('createTag', { message: 'Could not create the tag' });
    const { user } = renderDialog(fake);
    await opened();
    await user.type(tagsBox(), 'popup{Enter}');
    await inDialog().findByText('Could not create the tag');
    expect(chips()).toEqual([]);
  });

  test('a tag entered while the user’s tags are still loading, or as they arrive, is created; nothing is sent', async () => {
    const fake = new FakeBackground();
    const tagsLoading = fake.holdNext('listTags');
    const { user, onClose } = renderDialog(fake);
    await opened();
    // Enter before any suggestion exists: the name goes to the tag API (which finds the user's JavaScript).
    await user.type(tagsBox(), 'javascript{Enter}');
    await waitFor(() => expect(chips()).toEqual(['JavaScript']));
    // The suggestions arrive between two keys: the text typed so far stays, and Enter adds it.
    await user.type(tagsBox(), 'coo');
    tagsLoading.release();
    await waitFor(() => expect(suggestions()).toEqual(['cooking', 'Add tag “coo”']));
    expect(tagsBox().value).toBe('coo');
    await user.type(tagsBox(), 'l{Enter}');
    await waitFor(() => expect(chips()).toEqual(['JavaScript', 'cool']));
    expect(fake.calls('createTag')).toEqual([{ tag: 'javascript' }, { tag: 'cool' }]);
    expect(tagsBox().value).toBe('');
    expect(document.activeElement).toBe(tagsBox());
    // Enter in the tags box is not a submit: the empty title is not even checked.
    expect(fieldError('report-title')).toBeNull();
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a chip can be removed', async () => {
    const { user } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'popup{Enter}');
    await inDialog().findByText('popup');
    await user.click(inDialog().getByRole('button', { name: 'Remove tag popup' }));
    expect(chips()).toEqual([]);
  });
});
