import { passwordStrength } from '../../../lib/api/validators';
import { escapeHtml } from '../../http/html';
import { htmlPage } from './page-shell';
import { RESET_MINUTES } from './password-resets';

/** The pages of a password-reset link (plain HTML forms, no script; headers in http/html.ts). */

const RULES: [keyof ReturnType<typeof passwordStrength>, string][] = [
  ['hasMinLength', 'at least 8 characters'],
  ['hasLowerCase', 'a lower-case letter'],
  ['hasUpperCase', 'an upper-case letter'],
  ['hasDigit', 'a digit'],
  ['hasSpecialCharacter', 'a character other than a letter or digit'],
];

/** What a new password lacks, by the spec's "resetpass" rules (all five must hold), or null when it is strong enough. */
export function weakPasswordMessage(password: string, confirm: string): string | null {
  if (password.length > 128) return 'The password must be at most 128 characters.';
  const strength = passwordStrength(password);
  const missing = RULES.filter(([rule]) => !strength[rule]).map(([, words]) => words);
  if (missing.length) return `The password needs ${missing.join(', ')}.`;
  if (password !== confirm) return 'The two passwords are not the same.';
  return null;
}

export function resetFormPage(username: string, error?: string): string {
  return htmlPage(
    'Choose a new password',
    [
      `<p>For the Trove account <strong>${escapeHtml(username)}</strong>. Every device signed in to it will be signed out.</p>`,
      error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '',
      '<form method="post" enctype="multipart/form-data">',
      '<label for="password">New password</label>',
      '<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="128">',
      `<p>${escapeHtml(`It needs ${RULES.map(([, words]) => words).join(', ')}.`)}</p>`,
      '<label for="confirm">The same again</label>',
      '<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>',
      '<button type="submit">Set the password</button>',
      '</form>',
    ].join(''),
  );
}

export const resetDonePage = () =>
  htmlPage(
    'Your password is changed',
    '<p>Sign in again from the Trove extension (its options page) with the new password.</p>',
  );

export const resetDeadPage = () =>
  htmlPage(
    'This link no longer works',
    `<p>A reset link works once, for ${RESET_MINUTES} minutes. Ask for a new one with “Forgot password?” on the extension’s sign-in form.</p>`,
  );

export const invitationPage = (code: string) =>
  htmlPage(
    'You are invited to Trove',
    [
      '<p>Install the Trove extension, open its options page, choose <strong>Create account</strong> and enter this invitation code:</p>',
      `<p><code>${escapeHtml(code)}</code></p>`,
      '<p>The code works once.</p>',
    ].join(''),
  );
