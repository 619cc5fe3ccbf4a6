import { z } from 'zod';
import { authResponseSchema, loginBody, refreshBody, registerBody } from '../core-contract';
import { defineRoute } from '../route';

/** Sign-up and sign-in on Strapi's paths and shapes; refresh tokens rotate on every use. */
export const authApi = {
  register: defineRoute({
    method: 'post',
    path: '/api/auth/local/register',
    tag: 'Auth',
    summary: 'Create an account and sign in',
    description:
      'A username or email already taken (any case) is a 400 `Username or email is already taken` on both fields, the ' +
      'same answer for either. Sign-ups are limited per address (429). Registration closed: 403; by invitation: 403 ' +
      'without `invitation`, 400 naming `invitation` for a used, withdrawn or expired one. The first account of an ' +
      'empty server is its admin.',
    auth: 'none',
    body: { type: 'json', schema: registerBody },
    responses: {
      201: { description: 'The new sign-in: access token, refresh token and user', schema: authResponseSchema },
    },
    errors: [403, 429],
  }),
  signIn: defineRoute({
    method: 'post',
    path: '/api/auth/local',
    tag: 'Auth',
    summary: 'Sign in with an email or username',
    description:
      'A wrong identifier or password is the same 400 `Invalid identifier or password`. Failed sign-ins are slowed ' +
      'down per account and address (429 with Retry-After); see the README, "Sign-in protection and rate limits". ' +
      'An account an admin disabled: 403 (after a right password only).',
    auth: 'none',
    body: { type: 'json', schema: loginBody },
    responses: {
      200: { description: 'The sign-in: access token, refresh token and user', schema: authResponseSchema },
    },
    errors: [403, 429],
  }),
  refresh: defineRoute({
    method: 'post',
    path: '/api/auth/refresh',
    tag: 'Auth',
    summary: 'Exchange a refresh token for new tokens',
    description:
      'The old refresh token is spent. Presented again within 10 s (a retry after a lost answer, two refreshes at ' +
      'once) it answers the same new refresh token, as long as that one is unused; any other reuse revokes that whole ' +
      'sign-in (401). Limited per address (429; the token is then not spent).',
    auth: 'none',
    body: { type: 'json', schema: refreshBody },
    responses: { 200: { description: 'New tokens and the user', schema: authResponseSchema } },
    errors: [401, 429],
  }),
  signOut: defineRoute({
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Auth',
    summary: 'Sign out: revoke the sign-in of this refresh token',
    description:
      'Revokes its refresh tokens, and its access tokens from the next request on (401 `This sign-in has ended ' +
      '(signed out); sign in again`; on another server copy within 2 s).',
    auth: 'none',
    body: { type: 'json', schema: refreshBody },
    responses: {
      200: { description: 'Signed out', schema: z.object({ data: z.object({ signedOut: z.literal(true) }) }) },
    },
    errors: [],
  }),
};
