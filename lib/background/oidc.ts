import { browser } from 'wxt/browser';
import { CallError } from '../api/call-error';

/**
 * Single sign-on in the browser's own sign-in window (`identity.launchWebAuthFlow`, README "Running Trove for a
 * group"): the server talks to the provider (its client secret and the one redirect address the provider knows stay
 * there) and ends the flow at this extension's identity redirect URL with a one-time code. The code is worth nothing
 * without the verifier kept here, whose hash started the flow, so a code seen elsewhere cannot sign anyone in.
 */

const stopped = (message: string) => new CallError({ kind: 'invalid', status: 0, message });

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export async function singleSignOn(serverUrl: string): Promise<{ code: string; verifier: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
  );
  const start = new URL('/auth/oidc/start', serverUrl);
  start.search = new URLSearchParams({ challenge, return_to: browser.identity.getRedirectURL('oidc') }).toString();
  let finished: string | undefined;
  try {
    finished = await browser.identity.launchWebAuthFlow({ url: start.href, interactive: true });
  } catch {
    throw stopped('The sign-in window was closed before the sign-in finished (it said why, if it failed).');
  }
  const code = finished ? new URL(finished).searchParams.get('code') : null;
  if (!code) throw stopped('The sign-in did not finish: try again.');
  return { code, verifier };
}
