import { escapeHtml } from '../../http/html';
import { htmlPage } from '../operator/page-shell';
import { EMAIL_CHANGE_HOURS } from './email-change';

/** The pages of an email-change link (plain HTML, no script; the operator's page shell and headers). */

export const confirmEmailPage = (username: string, newEmail: string) =>
  htmlPage(
    'Confirm your new email',
    [
      `<p>The Trove account <strong>${escapeHtml(username)}</strong> will use <strong>${escapeHtml(newEmail)}</strong> from now on.</p>`,
      '<form method="post" enctype="multipart/form-data">',
      '<input type="hidden" name="confirm" value="yes">',
      '<button type="submit">Confirm this address</button>',
      '</form>',
    ].join(''),
  );

export const emailChangedPage = (newEmail: string) =>
  htmlPage(
    'Your email is changed',
    `<p>Your Trove account now uses <strong>${escapeHtml(newEmail)}</strong>: sign in with it, and mails go there.</p>`,
  );

export const emailChangeDeadPage = () =>
  htmlPage(
    'This link no longer works',
    `<p>An email-change link works once, for ${EMAIL_CHANGE_HOURS} hours, and only the newest one asked for. Change the email again from the extension’s options page (Account → Profile).</p>`,
  );

export const emailTakenPage = () =>
  htmlPage(
    'This email cannot be used',
    '<p>Another account uses this address now, so your email stays as it was. Choose another one from the extension’s options page.</p>',
  );
