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
  tagsBox,
  URL_INVALID,
  uploadsSettled,
} from './report-bug-helpers';

const SUBMITTED = 'Report has been submitted';
const FAILED = 'Error Occured!.Try again later';

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
    expect(inDialog().getByRole('button', { name: 'Submit' }).getAttribute('type')).toBe('submit');
    expect(inDialog().getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
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

    await screen.findByText(SUBMITTED);
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
    inDialog().getByRole('status', { name: 'Submitting' });
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
    await screen.findByText(SUBMITTED);
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

    await screen.findByText(FAILED);
    // The reason stays in the dialog.
    expect(inDialog().getByRole('alert').textContent).toBe('The report was not sent: Internal Server Error');
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
    await screen.findByText(SUBMITTED);
    expect(onClose).toHaveBeenCalledTimes(1);
    const [first, second] = fake.calls('submitFeedback');
    expect(second).toEqual(first);
    expect(second?.diagnostics).toBeNull();
  });
});
