import { z } from 'zod';
import { authResponseSchema } from '../core-contract';
import { defineRoute } from '../route';

/** Sign-in with the server's OpenID Connect provider (README, "Running Trove for a group": single sign-on). */

const HTML = 'text/html';
/** base64url of 32 bytes or more, as PKCE's S256 challenge and the extension's verifier are. */
const base64url = (min: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url text')
    .min(min)
    .max(128);

/** Where the extension's browser catches the end of the flow (`identity.getRedirectURL()`), Chrome's or Firefox's. */
export const OIDC_RETURN_TO =
  /^https:\/\/(?:[a-p]{32}\.chromiumapp\.org|[0-9a-f]{40}\.extensions\.allizom\.org)\/[A-Za-z0-9/_-]*$/;

export const oidcApi = {
  start: defineRoute({
    method: 'get',
    path: '/auth/oidc/start',
    tag: 'Auth',
    summary: 'Start signing in with the single sign-on provider: a redirect to it (in the extension’s sign-in window)',
    description:
      'The extension opens this with `identity.launchWebAuthFlow`: `challenge` is the S256 hash of a verifier only ' +
      'its background holds, `return_to` its `identity.getRedirectURL()`. The server sends the browser to the ' +
      'provider with its own state, nonce and PKCE challenge. 404 when no provider is configured.',
    auth: 'none',
    query: z.object({
      challenge: base64url(43),
      return_to: z.string().max(200).regex(OIDC_RETURN_TO, 'Expected the extension’s identity redirect URL'),
    }),
    responses: { 302: { description: 'To the provider’s sign-in', content: HTML } },
    errors: [404, 429],
  }),
  callback: defineRoute({
    method: 'get',
    path: '/auth/oidc/callback',
    tag: 'Auth',
    summary:
      'Where the provider sends the browser back: the account is found, linked or made, and the extension gets a code',
    description:
      'The state is spent once (a replayed or unknown one is refused), the code redeemed with PKCE and the ID token ' +
      'checked (signature, issuer, audience, nonce). Accounts are linked by a verified email only. Success: a ' +
      'redirect to the extension’s `return_to` with `code`, one use, which only the holder of the verifier can ' +
      'exchange. Otherwise a page saying why (400, 403).',
    auth: 'none',
    query: z.object({
      code: z.string().max(2048).optional(),
      state: z.string().max(512).optional(),
      error: z.string().max(256).optional(),
      error_description: z.string().max(1024).optional(),
    }),
    responses: {
      302: { description: 'To the extension, with the one-time code', content: HTML },
      400: {
        description: 'The sign-in cannot go on (a state used, expired or unknown; the provider refused)',
        content: HTML,
      },
      403: {
        description: 'No account may be signed in (an unverified email, registration closed, disabled)',
        content: HTML,
      },
    },
    errors: [404, 429],
  }),
  exchange: defineRoute({
    method: 'post',
    path: '/api/auth/oidc/token',
    tag: 'Auth',
    summary: 'Exchange the one-time code of a single sign-on for the usual tokens',
    description:
      'With the verifier whose hash started the sign-in. A code is spent by its first exchange, right or wrong; an ' +
      'unknown, spent or expired code, or the wrong verifier, is a 400 naming `code`.',
    auth: 'none',
    body: { type: 'json', schema: z.object({ code: base64url(20), verifier: base64url(43) }) },
    responses: {
      200: { description: 'The sign-in: access token, refresh token and user', schema: authResponseSchema },
    },
    errors: [403, 429],
  }),
};
