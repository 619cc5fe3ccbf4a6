import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { ReportBugDialog } from '@/components/feedback/ReportBugDialog';
import { FakeBackground } from './fake-background';
import { makePage } from './fixtures';
import { renderWithBackground } from './render';

/** Shared by the Report Bug dialog's test files. */

export const PAGE_URL = makePage().url;
export const URL_INVALID = 'Please provide valid url. Ensure it has protocol (https) and hostname (example.com).';
export const REQUIRED = 'This field is required.';

/** A 1×1 PNG's first bytes: the 8-byte signature, then the IHDR chunk. Enough for a magic-number check. */
export const pngBytes = () =>
  new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
    0, 0, 0,
  ]);
/** A real PNG; the browser types a file by its name, so a PNG called x.txt is text/plain. */
export const pngFile = (name = 'screenshot.png') =>
  new File([pngBytes()], name, { type: name.endsWith('.png') ? 'image/png' : 'text/plain' });
/** Text with an image's name (and so an image's declared type). */
export const fakePng = (name = 'notes.png') => new File(['these are notes, not pixels'], name, { type: 'image/png' });

/** The dialog on its own, about PAGE_URL, with a spy for closing. */
export function renderDialog(fake = new FakeBackground(), initialUrl = PAGE_URL) {
  const onClose = vi.fn();
  return { ...renderWithBackground(<ReportBugDialog initialUrl={initialUrl} onClose={onClose} />, fake), onClose };
}

export const dialog = () => screen.getByRole('dialog', { name: 'Report a bug' });
export const queryDialog = () => screen.queryByRole('dialog', { name: 'Report a bug' });
export const inDialog = () => within(dialog());
export const box = (label: 'Title' | 'URL' | 'Description') =>
  inDialog().getByRole('textbox', { name: label }) as HTMLInputElement;
export const category = () => inDialog().getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
export const submitButton = () =>
  dialog().querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
export const diagnosticsBox = () =>
  inDialog().getByRole('checkbox', { name: /^Include diagnostics/ }) as HTMLInputElement;

/** The names on the dialog's tag chips. */
export const chips = () =>
  within(inDialog().getByRole('list', { name: 'Tags' }))
    .queryAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);

/** The attached images' names, in order (their previews' alt text). */
export const previews = () => {
  const list = inDialog().queryByRole('list', { name: 'Attached images' });
  return list
    ? within(list)
        .queryAllByRole('img')
        .map((img) => img.getAttribute('alt'))
    : [];
};

export const uploadingSpinner = (name: string) => screen.queryByRole('status', { name: `Uploading ${name}` });

/**
 * Picks files through the browse input. `applyAccept: false` lets files the `accept` filter would hide reach the
 * handler.
 */
export async function browse(...files: File[]) {
  const input = document.getElementById('report-attachments') as HTMLInputElement;
  await userEvent.setup({ applyAccept: false }).upload(input, files);
}

export function drop(...files: File[]) {
  fireEvent.drop(inDialog().getByRole('region', { name: 'Attachment drop zone' }), {
    dataTransfer: { files, types: ['Files'] },
  });
}

/** Waits until no image is uploading. */
export const uploadsSettled = () =>
  waitFor(() => expect(dialog().querySelector('[aria-label^="Uploading "]')).toBeNull());

/** The tags field is a combobox (the popup's tags field): its suggestions are a listbox of options. */
export const tagsBox = () => inDialog().getByRole('combobox', { name: 'Feedback Tags' }) as HTMLInputElement;
/**
 * Waits for the dialog as a user first meets it: focus in its first field. The Dialog part (floating-ui's
 * focus manager) moves focus there in a requestAnimationFrame, which a browser runs before it first paints the
 * dialog, so no click can come before it. jsdom runs that frame on a timer instead: a click in the tags box
 * before it fires loses its focus to Title, and the keys typed next go there, an Enter submitting the report.
 * (Waiting for listTags to be called waits for nothing: the dialog asks for the tags as it renders.)
 */
export const opened = () => waitFor(() => expect(document.activeElement).toBe(box('Title')));
