import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { OptionsApp } from '@/components/options/OptionsApp';
import { FakeBackground } from './fake-background';
import { makePage } from './fixtures';
import { findSaveForm, renderPopup, renderWithBackground } from './render';
import {
  box,
  browse,
  chips,
  dialog,
  inDialog,
  PAGE_URL,
  pngFile,
  previews,
  queryDialog,
  submitButton,
  uploadingSpinner,
  uploadsSettled,
} from './report-bug-helpers';

const SUBMITTED = 'Report has been submitted';
const reportButton = () => screen.getByRole('button', { name: 'Report a bug' });

describe('Report a bug from the popup', () => {
  test("the footer opens the dialog about the active page's URL", async () => {
    const { user } = renderPopup();
    await findSaveForm();
    expect(queryDialog()).toBeNull();
    await user.click(reportButton());
    await screen.findByRole('dialog', { name: 'Report a bug' });
    expect(box('URL').value).toBe(PAGE_URL);
    expect(box('Title').value).toBe('');
    // The popup's own form is still there, behind the modal dialog (hidden from assistive technology meanwhile).
    const popupForm = document.querySelector('form[aria-label="Save this page"]');
    expect(popupForm).toBeTruthy();
    expect(popupForm?.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  test('on a page that is not http(s) the URL starts empty', async () => {
    const { user } = renderPopup(
      new FakeBackground({ activePage: makePage({ url: 'chrome://extensions/', extract: null }) }),
    );
    await screen.findByText(/can't be saved/);
    await user.click(reportButton());
    await screen.findByRole('dialog', { name: 'Report a bug' });
    expect(box('URL').value).toBe('');
  });

  test('signed out, it sends the user to sign in instead', async () => {
    const { user, onOpenOptions } = renderPopup(new FakeBackground({ user: null }));
    await screen.findByText('Sign in to save this page as a gem.');
    await user.click(reportButton());
    await waitFor(() => expect(onOpenOptions).toHaveBeenCalledWith('account'));
    expect(queryDialog()).toBeNull();
  });

  test('Escape and Cancel close it', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    await user.click(reportButton());
    await screen.findByRole('dialog', { name: 'Report a bug' });
    await user.keyboard('{Escape}');
    expect(queryDialog()).toBeNull();

    await user.click(reportButton());
    await screen.findByRole('dialog', { name: 'Report a bug' });
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    expect(queryDialog()).toBeNull();
    screen.getByRole('form', { name: 'Save this page' });
  });

  test('Escape, Cancel and sending each put focus back on the "Report a bug" button', async () => {
    const { user } = renderPopup();
    await findSaveForm();
    const opener = reportButton();
    for (const close of ['Escape', 'Cancel', 'Submit'] as const) {
      await user.click(opener);
      await screen.findByRole('dialog', { name: 'Report a bug' });
      await waitFor(() => expect(document.activeElement).toBe(box('Title')));
      if (close === 'Escape') await user.keyboard('{Escape}');
      else if (close === 'Cancel') await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
      else {
        await user.type(box('Title'), 'Focus comes back');
        await user.click(submitButton());
      }
      await waitFor(() => expect(queryDialog()).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });

  test('after sending it closes, and opening it again shows an empty form', async () => {
    const fake = new FakeBackground();
    const { user } = renderPopup(fake);
    await findSaveForm();
    await user.click(reportButton());
    await screen.findByRole('dialog', { name: 'Report a bug' });
    await user.type(box('Title'), 'Popup flickers');
    await user.type(box('Description'), 'When it opens.');
    await user.type(inDialog().getByRole('combobox', { name: 'Feedback Tags' }), 'popup{Enter}');
    await waitFor(() => expect(chips()).toEqual(['popup']));
    await browse(pngFile('flicker.png'));
    await uploadsSettled();
    await user.click(submitButton());

    await screen.findByText(SUBMITTED);
    expect(queryDialog()).toBeNull();
    expect(fake.state.feedbacks.map((f) => [f.title, f.url, f.tags.map((t) => t.tag), f.imageLinks])).toEqual([
      ['Popup flickers', PAGE_URL, ['popup'], ['https://trove.test/uploads/1.png']],
    ]);

    await user.click(reportButton());
    await screen.findByRole('dialog', { name: 'Report a bug' });
    expect(box('Title').value).toBe('');
    expect(box('Description').value).toBe('');
    expect(box('URL').value).toBe(PAGE_URL);
    expect(chips()).toEqual([]);
    expect(previews()).toEqual([]);
  });

  test('closing while an image uploads deletes it from the server once uploaded', async () => {
    const fake = new FakeBackground();
    const hold = fake.holdNext('uploadFeedbackImage');
    const { user } = renderPopup(fake);
    await findSaveForm();
    await user.click(reportButton());
    await screen.findByRole('dialog', { name: 'Report a bug' });
    await browse(pngFile('late.png'));
    expect(uploadingSpinner('late.png')).toBeTruthy();
    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    hold.release();
    await waitFor(() => expect(fake.client.deleteUploadedImage).toHaveBeenCalledTimes(1));
    expect(fake.state.uploads).toEqual([]);
  });
});

describe('Report a bug from the options page', () => {
  const start = location.href;
  beforeEach(() => history.replaceState(null, '', '/options.html'));
  afterEach(() => history.replaceState(null, '', start));

  test('a "Report a bug" button opens the dialog, with an empty URL', async () => {
    const { user } = renderWithBackground(<OptionsApp />);
    await user.click(await screen.findByRole('button', { name: 'Report a bug' }));
    expect(dialog()).toBeTruthy();
    expect(box('URL').value).toBe('');
  });

  test('Escape closes it and puts focus back on the button', async () => {
    const { user } = renderWithBackground(<OptionsApp />);
    const opener = await screen.findByRole('button', { name: 'Report a bug' });
    await user.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(box('Title')));
    await user.keyboard('{Escape}');
    expect(queryDialog()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  test('#report-bug with ?reportUrl= opens it at once, about that URL', async () => {
    const reported = 'https://shop.example.com/cart?item=42';
    history.replaceState(null, '', `/options.html?reportUrl=${encodeURIComponent(reported)}#report-bug`);
    const { user } = renderWithBackground(<OptionsApp />);
    await screen.findByRole('dialog', { name: 'Report a bug' });
    expect(box('URL').value).toBe(reported);

    await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    expect(queryDialog()).toBeNull();
    // Closing forgets the request, so a reload does not open it again.
    expect(location.hash).toBe('');
    expect(location.search).toBe('');
  });

  test('#report-bug alone opens it with an empty URL', async () => {
    location.hash = '#report-bug';
    renderWithBackground(<OptionsApp />);
    await screen.findByRole('dialog', { name: 'Report a bug' });
    expect(box('URL').value).toBe('');
  });

  test('without the hash, ?reportUrl= alone does not open it', async () => {
    history.replaceState(null, '', '/options.html?reportUrl=https%3A%2F%2Fexample.com%2F');
    renderWithBackground(<OptionsApp />);
    await screen.findByRole('button', { name: 'Report a bug' });
    expect(queryDialog()).toBeNull();
  });

  test('signed out, there is no Report a bug (reports need an author)', async () => {
    location.hash = '#report-bug';
    renderWithBackground(<OptionsApp />, new FakeBackground({ user: null }));
    await screen.findByRole('tab', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Report a bug' })).toBeNull();
    expect(queryDialog()).toBeNull();
  });

  test('sending closes it; opening it again shows an empty form', async () => {
    const fake = new FakeBackground();
    history.replaceState(null, '', `/options.html?reportUrl=${encodeURIComponent(PAGE_URL)}#report-bug`);
    const { user } = renderWithBackground(<OptionsApp />, fake);
    await screen.findByRole('dialog', { name: 'Report a bug' });
    await user.type(box('Title'), 'Context menu report');
    await user.click(submitButton());
    await screen.findByText(SUBMITTED);
    expect(queryDialog()).toBeNull();
    expect(fake.calls('submitFeedback').map((c) => [c.title, c.url])).toEqual([['Context menu report', PAGE_URL]]);

    await user.click(reportButton());
    expect(box('Title').value).toBe('');
    expect(box('URL').value).toBe('');
  });
});
