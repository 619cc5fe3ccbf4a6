import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FakeBackground } from './fake-background';
import { makeDiagnostics } from './fixtures';
import {
  box,
  browse,
  diagnosticsBox,
  drop,
  fakePng,
  inDialog,
  pngBytes,
  pngFile,
  previews,
  renderDialog,
  submitButton,
  uploadingSpinner,
  uploadsSettled,
} from './report-bug-helpers';

const NOT_AN_IMAGE = (name: string) => `${name} is not an image Trove can attach. Use JPG, PNG, GIF, JPEG or WEBP.`;
const item = (name: string) =>
  within(inDialog().getByRole('list', { name: 'Attached images' }))
    .getByRole('img', { name })
    .closest('li') as HTMLElement;

describe('ReportBugDialog: attachments', () => {
  test('a PNG picked with browse uploads at once and shows its preview', async () => {
    const fake = new FakeBackground();
    renderDialog(fake);
    await browse(pngFile('screen.png'));

    const preview = inDialog().getByRole('img', { name: 'screen.png' }) as HTMLImageElement;
    expect(preview.src).toMatch(/^blob:/);
    await uploadsSettled();
    expect(fake.calls('uploadFeedbackImage')).toHaveLength(1);
    const [sent] = fake.calls('uploadFeedbackImage');
    expect(sent?.name).toBe('screen.png');
    expect(sent?.dataUrl).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...pngBytes()))}`);
    expect(fake.state.uploads.map((u) => [u.url, u.mime])).toEqual([['https://trove.test/uploads/1.png', 'image/png']]);
    expect(within(item('screen.png')).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(inDialog().queryByRole('alert')).toBeNull();
  });

  test('text named x.png is refused with a message, neither shown nor uploaded', async () => {
    const fake = new FakeBackground();
    renderDialog(fake);
    await browse(fakePng('x.png'));
    await inDialog().findByText(NOT_AN_IMAGE('x.png'));
    expect(previews()).toEqual([]);
    expect(fake.client.uploadFeedbackImage).not.toHaveBeenCalled();
  });

  test('a real PNG with a wrong extension (x.txt) is refused too', async () => {
    const fake = new FakeBackground();
    renderDialog(fake);
    await browse(pngFile('x.txt'));
    await inDialog().findByText(NOT_AN_IMAGE('x.txt'));
    expect(previews()).toEqual([]);
    expect(fake.client.uploadFeedbackImage).not.toHaveBeenCalled();
  });

  test('several files at once: the good ones are added in order, each bad one is named', async () => {
    const fake = new FakeBackground();
    renderDialog(fake);
    await browse(pngFile('one.png'), fakePng('fake.png'), pngFile('two.PNG'), pngFile('x.png.exe'));
    await waitFor(() => expect(previews()).toEqual(['one.png', 'two.PNG']));
    await uploadsSettled();
    expect(fake.calls('uploadFeedbackImage').map((c) => c.name)).toEqual(['one.png', 'two.PNG']);
    expect(fake.state.uploads).toHaveLength(2);
    inDialog().getByText(NOT_AN_IMAGE('fake.png'));
    inDialog().getByText(NOT_AN_IMAGE('x.png.exe'));
  });

  test('images dropped on the zone are added and uploaded', async () => {
    const fake = new FakeBackground();
    renderDialog(fake);
    drop(pngFile('dropped.png'), pngFile('also.png'));
    await waitFor(() => expect(previews()).toEqual(['dropped.png', 'also.png']));
    await uploadsSettled();
    expect(fake.state.uploads).toHaveLength(2);
  });

  test('a dropped text file is refused', async () => {
    const fake = new FakeBackground();
    renderDialog(fake);
    drop(fakePng('dropped.png'));
    await inDialog().findByText(NOT_AN_IMAGE('dropped.png'));
    expect(previews()).toEqual([]);
    expect(fake.client.uploadFeedbackImage).not.toHaveBeenCalled();
  });

  test('removing an uploaded image deletes it from the server and drops the preview', async () => {
    const fake = new FakeBackground();
    const { user } = renderDialog(fake);
    await browse(pngFile('keep.png'), pngFile('gone.png'));
    await uploadsSettled();
    const gone = fake.state.uploads[1];
    await user.click(inDialog().getByRole('button', { name: 'Remove gone.png' }));
    await waitFor(() => expect(previews()).toEqual(['keep.png']));
    expect(fake.calls('deleteUploadedImage')).toEqual([{ id: gone?.id }]);
    expect(fake.state.uploads.map((u) => u.url)).toEqual(['https://trove.test/uploads/1.png']);
  });

  test('an image removed while it is still uploading is deleted once its upload ends', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('uploadFeedbackImage');
    const { user } = renderDialog(fake);
    await browse(pngFile('oops.png'));
    expect(uploadingSpinner('oops.png')).toBeTruthy();
    await user.click(inDialog().getByRole('button', { name: 'Remove oops.png' }));
    expect(previews()).toEqual([]);
    hold.release();
    await waitFor(() => expect(fake.client.uploadFeedbackImage).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fake.state.uploads).toEqual([]));
    expect(fake.client.deleteUploadedImage).toHaveBeenCalledTimes(1);
    expect(previews()).toEqual([]);
  });

  test('Cancel deletes the images already uploaded, so an abandoned report leaves nothing on the server', async () => {
    const fake = new FakeBackground();
    const { user } = renderDialog(fake);
    await browse(pngFile('left-behind.png'));
    await uploadsSettled();
    expect(fake.state.uploads).toHaveLength(1);
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fake.state.uploads).toEqual([]));
    expect(fake.client.deleteUploadedImage).toHaveBeenCalledTimes(1);
  });

  test('Escape deletes them as Cancel does, and closes the dialog', async () => {
    const fake = new FakeBackground();
    const { user, onClose } = renderDialog(fake);
    await browse(pngFile('escaped.png'), pngFile('escaped-too.png'));
    await uploadsSettled();
    expect(fake.state.uploads).toHaveLength(2);
    await user.click(box('Title'));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fake.state.uploads).toEqual([]));
    expect(fake.client.deleteUploadedImage).toHaveBeenCalledTimes(2);
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
  });

  test('a failed upload stops its spinner and offers Retry, which uploads it again', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('uploadFeedbackImage');
    fake.failNext('uploadFeedbackImage', { kind: 'offline', status: 0, message: 'Could not reach the server' });
    const { user } = renderDialog(fake);
    await browse(pngFile('flaky.png'));
    expect(uploadingSpinner('flaky.png')).toBeTruthy();
    hold.release();

    const retry = await inDialog().findByRole('button', { name: 'Retry uploading flaky.png' });
    expect(uploadingSpinner('flaky.png')).toBeNull();
    within(item('flaky.png')).getByText('Could not reach the server');
    expect(fake.state.uploads).toEqual([]);
    // A report must not go out silently without an image the user attached.
    expect(submitButton().disabled).toBe(true);
    inDialog().getByText('An image did not upload: retry or remove it to submit.');

    await user.click(retry);
    await uploadsSettled();
    expect(submitButton().disabled).toBe(false);
    expect(fake.client.uploadFeedbackImage).toHaveBeenCalledTimes(2);
    expect(fake.state.uploads).toHaveLength(1);
    expect(inDialog().queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(within(item('flaky.png')).queryByText('Could not reach the server')).toBeNull();
  });

  test('Submit is disabled while an image uploads', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('uploadFeedbackImage');
    const { user } = renderDialog(fake);
    await user.type(box('Title'), 'With a picture');
    await browse(pngFile('slow.png'));
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toBe('Uploading images…');
    await user.click(submitButton());
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();

    hold.release();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(submitButton().textContent).toBe('Submit');
    await user.click(submitButton());
    await waitFor(() => expect(fake.client.submitFeedback).toHaveBeenCalledTimes(1));
    expect(fake.calls('submitFeedback')[0]?.imageLinks).toEqual(['https://trove.test/uploads/1.png']);
  });
});

describe('ReportBugDialog: diagnostics', () => {
  test('shows what will be sent, ticked by default', async () => {
    const fake = new FakeBackground({
      diagnostics: makeDiagnostics({
        activeModel: 'gpt-4o-mini',
        recentErrors: ['listTags: Could not reach the server', 'createGem: 500'],
      }),
    });
    renderDialog(fake);
    expect(diagnosticsBox().checked).toBe(true);
    const list = await screen.findByLabelText('Diagnostics to send');
    const pairs = [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Extension', '1.4.2'],
      ['Browser', 'Chrome 126.0.6478.127'],
      ['System', 'linux x86-64'],
      ['AI model', 'gpt-4o-mini'],
      ['Recent errors', 'listTags: Could not reach the servercreateGem: 500'],
    ]);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['listTags: Could not reach the server', 'createGem: 500']);
  });

  test('with no model and no errors it says none', async () => {
    renderDialog(new FakeBackground({ diagnostics: makeDiagnostics({ activeModel: null, recentErrors: [] }) }));
    const list = await screen.findByLabelText('Diagnostics to send');
    const pairs = [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs.slice(3)).toEqual([
      ['AI model', 'none'],
      ['Recent errors', 'none'],
    ]);
  });

  test('unticking hides them and sends diagnostics: null; ticking again shows them', async () => {
    const fake = new FakeBackground();
    const { user } = renderDialog(fake);
    await screen.findByLabelText('Diagnostics to send');
    await user.click(diagnosticsBox());
    expect(screen.queryByLabelText('Diagnostics to send')).toBeNull();
    await user.click(diagnosticsBox());
    screen.getByLabelText('Diagnostics to send');
    await user.click(diagnosticsBox());

    await user.type(box('Title'), 'No diagnostics please');
    await user.click(submitButton());
    await waitFor(() => expect(fake.client.submitFeedback).toHaveBeenCalledTimes(1));
    expect(fake.calls('submitFeedback')[0]?.diagnostics).toBeNull();
    expect(fake.state.feedbacks[0]?.diagnostics).toBeNull();
  });

  test('ticked, the shown diagnostics are the ones sent', async () => {
    const fake = new FakeBackground();
    const { user } = renderDialog(fake);
    await screen.findByLabelText('Diagnostics to send');
    await user.type(box('Title'), 'With diagnostics');
    await user.click(submitButton());
    await waitFor(() => expect(fake.client.submitFeedback).toHaveBeenCalledTimes(1));
    expect(fake.calls('submitFeedback')[0]?.diagnostics).toEqual(makeDiagnostics());
  });
});
