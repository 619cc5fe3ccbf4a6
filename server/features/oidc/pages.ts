import { escapeHtml } from '../../http/html';
import { htmlPage } from '../operator/page-shell';
import type { Refusal } from './accounts';

/** The pages a sign-in through the provider can end on in the extension's sign-in window (plain HTML, no script). */

const again = '<p>Close this window and try again from the Trove extension’s options page.</p>';

export const staleLoginPage = () =>
  htmlPage(
    'This sign-in cannot go on',
    `<p>It was already used, took more than 10 minutes, or was not started by this server.</p>${again}`,
  );

export const providerRefusedPage = (provider: string, why: string) =>
  htmlPage('The sign-in did not succeed', `<p>${escapeHtml(provider)} answered: ${escapeHtml(why)}</p>${again}`);

const REFUSALS: Record<Refusal | 'disabled', (provider: string) => string> = {
  unverified: (p) =>
    `${p} did not say that your email address is verified, and Trove links accounts by verified addresses only. Verify it with ${p}, then sign in again.`,
  'no-email': (p) => `${p} did not tell Trove your email address, which Trove needs to find or make your account.`,
  closed: () =>
    'There is no Trove account with your email address, and this server does not take new accounts. Ask its administrator.',
  'not-invited': () =>
    'There is no Trove account with your email address, and this server takes new accounts by invitation only: ask its administrator for an invitation to this address.',
  disabled: () => 'This account is disabled by the server’s administrator.',
};

export const refusedPage = (provider: string, reason: Refusal | 'disabled') =>
  htmlPage('You cannot sign in to Trove this way', `<p>${escapeHtml(REFUSALS[reason](provider))}</p>`);
