import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FEEDBACK_CATEGORIES } from '@/lib/feedback/categories';
import { FakeBackground } from './fake-background';
import { makeDiagnostics } from './fixtures';
import { fieldError } from './render';
import {
  box,
  browse,
  category,
  chips,
  diagnosticsBox,
  dialog,
  inDialog,
  PAGE_URL,
  pngFile,
  previews,
  queryDialog,
  REQUIRED,
  renderDialog,
  submitButton,
  URL_INVALID,
  uploadsSettled,
} from './report-bug-helpers';

const SUBMITTED = 'Report has been submitted';
/** The tags field is a combobox (the popup's tags field): its suggestions are a listbox of options. */
const tagsBox = () => inDialog().getByRole('combobox', { name: 'Feedback Tags' }) as HTMLInputElement;
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
const FAILED = 'Error Occured!.Try again later';
/**
 * Waits for the dialog as a user first meets it: focus in its first field. The Dialog part (floating-ui's
 * focus manager) moves focus there in a requestAnimationFrame, which a browser runs before it first paints the
 * dialog, so no click can come before it. jsdom runs that frame on a timer instead: a click in the tags box
 * before it fires loses its focus to Title, and the keys typed next go there, an Enter submitting the report.
 * (Waiting for listTags to be called waits for nothing: the dialog asks for the tags as it renders.)
 */
const opened = () => waitFor(() => expect(document.activeElement).toBe(box('Title')));

describe('ReportBugDialog: the form', () => {
  test('opens with the page URL, an empty title and description, and the second category (Bug)', async () => {
    renderDialog();
    expect(box('URL').value).toBe(PAGE_URL);
    expect(box('Title').value).toBe('');
    expect(box('Description').value).toBe('');
    const options = within(category()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual([...FEEDBACK_CATEGORIES]);
    expect(category().value).toBe('Bug');
    expect(category().value).toBe(options[1]?.value);
    expect(chips()).toEqual([]);
    expect(previews()).toEqual([]);
    // The Dialog part moves focus in on the next frame.
    await waitFor(() => expect(document.activeElement).toBe(box('Title')));
    expect(inDialog().getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  test('a title typed then cleared says the field is required at once', async () => {
    const { user } = renderDialog();
    await user.type(box('Title'), 'Popup');
    expect(fieldError('report-title')).toBeNull();
    await user.clear(box('Title'));
    expect(fieldError('report-title')).toBe(REQUIRED);
    expect(box('Title').getAttribute('aria-invalid')).toBe('true');
    await user.type(box('Title'), 'Popup is blank');
    expect(fieldError('report-title')).toBeNull();
  });

  test('submitting without a title (or with spaces only) shows the message and sends nothing', async () => {
    const { user, fake, onClose } = renderDialog();
    await user.click(submitButton());
    expect(fieldError('report-title')).toBe(REQUIRED);
    await user.type(box('Title'), '   ');
    await user.click(submitButton());
    expect(fieldError('report-title')).toBe(REQUIRED);
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test.each([
    ['example.com', URL_INVALID],
    ['ftp://example.com/file', URL_INVALID],
    ['https://', URL_INVALID],
  ])('the URL %j shows %j and blocks sending', async (value, message) => {
    const { user, fake } = renderDialog();
    await user.type(box('Title'), 'Broken');
    await user.clear(box('URL'));
    await user.type(box('URL'), value);
    expect(fieldError('report-url')).toBe(message);
    await user.click(submitButton());
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
  });

  test('an emptied URL asks for one, and blocks sending', async () => {
    const { user, fake } = renderDialog();
    await user.type(box('Title'), 'Broken');
    await user.clear(box('URL'));
    expect(fieldError('report-url')).toBe('Please provide url');
    await user.click(submitButton());
    expect(fieldError('report-url')).toBe('Please provide url');
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
  });

  test('opened without a page URL, submitting asks for one', async () => {
    const { user, fake } = renderDialog(new FakeBackground(), '');
    expect(box('URL').value).toBe('');
    await user.type(box('Title'), 'Broken');
    await user.click(submitButton());
    expect(fieldError('report-url')).toBe('Please provide url');
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
  });

  test('Escape closes it', async () => {
    const { user, onClose } = renderDialog();
    await user.type(box('Title'), 'Half written');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('is a modal dialog labelled by its title, with Submit in a footer outside the scrolling fields', async () => {
    renderDialog();
    const heading = inDialog().getByRole('heading', { name: 'Report a bug', level: 2 });
    expect(dialog().getAttribute('aria-labelledby')).toBe(heading.id);
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    const body = dialog().querySelector('.report-form-body');
    expect(body?.contains(box('Title'))).toBe(true);
    expect(body?.contains(submitButton())).toBe(false);
    expect(submitButton().closest('.dialog-actions')).toBeTruthy();
  });

  test('traps focus: Tab from Submit goes back to the first field, Shift+Tab from it to Submit', async () => {
    const { user } = renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(box('Title')));
    submitButton().focus();
    await user.tab();
    await waitFor(() => expect(document.activeElement).toBe(box('Title')));
    await user.tab({ shift: true });
    await waitFor(() => expect(document.activeElement).toBe(submitButton()));
    for (let i = 0; i < 12; i++) {
      await user.tab({ shift: i % 4 === 0 });
      await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    }
  });

  test('Cancel closes it without sending', async () => {
    const { user, fake, onClose } = renderDialog();
    await user.type(box('Title'), 'Half written');
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
  });
});

describe('ReportBugDialog: feedback tags', () => {
  test('Enter and comma both make a tag; a new name is created through the tag API', async () => {
    const { user, fake } = renderDialog();
    await opened();
    await user.type(tagsBox(), 'popup{Enter}');
    expect(await inDialog().findByText('popup')).toBeTruthy();
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
    expect(await inDialog().findByText('Could not create the tag')).toBeTruthy();
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

/** Fills in every field: a new title and description, another category, an existing and a new tag, one image. */
async function fillIn(user: ReturnType<typeof renderDialog>['user']) {
  await user.type(box('Title'), 'Save button does nothing');
  await user.type(box('Description'), 'I click Save and nothing happens.');
  await user.clear(box('URL'));
  await user.type(box('URL'), 'https://docs.example.com/guide');
  await user.selectOptions(category(), 'Improvement');
  await user.type(tagsBox(), 'javascript{Enter}popup{Enter}');
  await waitFor(() => expect(chips()).toEqual(['JavaScript', 'popup']));
  await browse(pngFile('screen.png'));
  await uploadsSettled();
}

describe('ReportBugDialog: sending', () => {
  test('sends exactly the report, says so, closes, and is empty afterwards', async () => {
    const fake = new FakeBackground();
    const { user, onClose } = renderDialog(fake);
    await fillIn(user);
    await user.click(submitButton());

    expect(await screen.findByText(SUBMITTED)).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    const popupTag = fake.state.tags.find((t) => t.tag === 'popup');
    expect(fake.calls('submitFeedback')).toEqual([
      {
        title: 'Save button does nothing',
        description: 'I click Save and nothing happens.',
        url: 'https://docs.example.com/guide',
        category: 'Improvement',
        tags: [1, popupTag?.id],
        isExtension: true,
        imageLinks: ['https://trove.test/uploads/1.png'],
        diagnostics: makeDiagnostics(),
      },
    ]);
    expect(fake.state.feedbacks).toHaveLength(1);

    // The parent decides whether to unmount; the form itself is back to a new report.
    expect(box('Title').value).toBe('');
    expect(box('Description').value).toBe('');
    expect(box('URL').value).toBe(PAGE_URL);
    expect(category().value).toBe('Bug');
    expect(chips()).toEqual([]);
    expect(previews()).toEqual([]);
    expect(diagnosticsBox().checked).toBe(true);
  });

  test('shows progress while sending and sends once', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('submitFeedback');
    const { user, onClose } = renderDialog(fake);
    await user.type(box('Title'), 'Slow');
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(inDialog().getByRole('status', { name: 'Submitting' })).toBeTruthy();
    await user.click(submitButton());
    hold.release();
    await screen.findByText(SUBMITTED);
    expect(fake.client.submitFeedback).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('a new tag still in the box when Submit is clicked is created first, then sent', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('createTag');
    const { user, onClose } = renderDialog(fake);
    await user.type(box('Title'), 'Tag left in the box');
    await user.type(tagsBox(), 'javascript{Enter}unfinished');
    await user.click(submitButton());
    await waitFor(() => expect(fake.calls('createTag')).toEqual([{ tag: 'unfinished' }]));
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();

    hold.release();
    expect(await screen.findByText(SUBMITTED)).toBeTruthy();
    const created = fake.state.tags.find((t) => t.tag === 'unfinished');
    expect(fake.calls('submitFeedback')[0]?.tags).toEqual([1, created?.id]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('a failure says so, stays open and keeps everything typed; sending again works', async () => {
    const fake = new FakeBackground();
    fake.failNext('submitFeedback', { message: 'Internal Server Error' });
    const { user, onClose } = renderDialog(fake);
    await fillIn(user);
    await user.click(diagnosticsBox());
    await user.click(submitButton());

    expect(await screen.findByText(FAILED)).toBeTruthy();
    // The reason stays in the dialog.
    expect(screen.getByText('The report was not sent: Internal Server Error')).toBeTruthy();
    expect(screen.queryByText(SUBMITTED)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(queryDialog()).toBeTruthy();
    expect(box('Title').value).toBe('Save button does nothing');
    expect(box('Description').value).toBe('I click Save and nothing happens.');
    expect(box('URL').value).toBe('https://docs.example.com/guide');
    expect(category().value).toBe('Improvement');
    expect(chips()).toEqual(['JavaScript', 'popup']);
    expect(previews()).toEqual(['screen.png']);
    expect(diagnosticsBox().checked).toBe(false);
    expect(submitButton().disabled).toBe(false);
    expect(fake.state.feedbacks).toEqual([]);

    await user.click(submitButton());
    expect(await screen.findByText(SUBMITTED)).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    const [first, second] = fake.calls('submitFeedback');
    expect(second).toEqual(first);
    expect(second?.diagnostics).toBeNull();
  });
});
