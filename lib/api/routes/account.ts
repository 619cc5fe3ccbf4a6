import { z } from 'zod';
import {
  blockedHostBody,
  blockedSitesSchema,
  changePasswordBody,
  confirmEmailForm,
  deleteAccountBody,
  passwordStateSchema,
  profileBody,
  profileResponseSchema,
  sessionSchema,
  setPasswordBody,
  usernameCheckSchema,
} from '../account-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

const PASSWORD_LIMITED =
  'A wrong password is a 400 naming `currentPassword`; wrong ones are slowed down like failed sign-ins (429).';

/** The signed-in user's own account: password, where they are signed in, profile, blocked sites, deletion. */
export const accountApi = {
  changePassword: defineRoute({
    method: 'post',
    path: '/api/auth/change-password',
    tag: 'Account',
    summary: 'Change the password; every other sign-in is signed out',
    description: `The new password must meet every strength rule. ${PASSWORD_LIMITED} The sign-in making the request stays.`,
    auth: 'user',
    body: { type: 'json', schema: changePasswordBody },
    responses: {
      200: {
        description: 'Changed; how many other sign-ins were signed out',
        schema: z.object({ data: z.object({ changed: z.literal(true), signedOut: z.number() }) }),
      },
    },
    errors: [429],
  }),
  passwordState: defineRoute({
    method: 'get',
    path: '/api/auth/password',
    tag: 'Account',
    summary: 'Whether the account has a password',
    description:
      'An account made by signing in with OpenID Connect has none until it sets one (`POST /api/auth/set-password`, ' +
      'or a reset link).',
    auth: 'user',
    responses: { 200: { description: 'The password state', schema: passwordStateSchema } },
    errors: [],
  }),
  setPassword: defineRoute({
    method: 'post',
    path: '/api/auth/set-password',
    tag: 'Account',
    summary: 'Set a first password (accounts without one)',
    description:
      'Only for an account with no password (made by signing in with OpenID Connect): no current password is asked. ' +
      'The new password must meet every strength rule. An account with a password gets a 409: it changes it with ' +
      '`POST /api/auth/change-password`. Sign-ins stay.',
    auth: 'user',
    body: { type: 'json', schema: setPasswordBody },
    responses: { 200: { description: 'Set', schema: passwordStateSchema } },
    errors: [409],
  }),
  sessions: defineRoute({
    method: 'get',
    path: '/api/sessions',
    tag: 'Account',
    summary: 'Where you are signed in',
    description: 'Each live sign-in (refresh-token family), the most recently used first; `current` marks this one.',
    auth: 'user',
    responses: { 200: { description: 'The sign-ins', schema: z.object({ data: z.array(sessionSchema) }) } },
    errors: [],
  }),
  signOutSession: defineRoute({
    method: 'delete',
    path: '/api/sessions/{id}',
    tag: 'Account',
    summary: 'Sign out one sign-in',
    description:
      'Its next refresh fails and its access tokens are refused. Another user’s, or an unknown id, is a 404.',
    auth: 'user',
    params: z.object({ id: z.uuid() }),
    responses: {
      200: { description: 'Signed out', schema: z.object({ data: z.object({ signedOut: z.number() }) }) },
    },
    errors: [404],
  }),
  signOutOthers: defineRoute({
    method: 'delete',
    path: '/api/sessions',
    tag: 'Account',
    summary: 'Sign out every other sign-in',
    auth: 'user',
    responses: {
      200: {
        description: 'How many were signed out',
        schema: z.object({ data: z.object({ signedOut: z.number() }) }),
      },
    },
    errors: [],
  }),
  checkUsername: defineRoute({
    method: 'get',
    path: '/api/username',
    tag: 'Account',
    summary: 'Whether a username is available',
    description:
      '`invalid` (with the rule it breaks), `taken` (by someone else, in any case), `yours` or `available`. Always a 200.',
    auth: 'user',
    query: z.object({ username: z.string().max(1024) }),
    responses: { 200: { description: 'The verdict', schema: z.object({ data: usernameCheckSchema }) } },
    errors: [],
  }),
  updateProfile: defineRoute({
    method: 'put',
    path: '/api/users/{id}',
    tag: 'Account',
    summary: 'Change your username, display name or email',
    description:
      `Only your own id (another is a 404). A taken username is a 400 naming \`username\`. A new email needs \`currentPassword\`; ${PASSWORD_LIMITED} ` +
      'A taken email (checked after the password) is a 400 naming `email`. With SMTP configured the email changes ' +
      'only when the link mailed to the new address is confirmed (`pending_email` says which; the old address gets a ' +
      'notice); without SMTP it changes at once.',
    auth: 'user',
    params: z.object({ id: idParamSchema }),
    body: { type: 'json', schema: profileBody },
    responses: { 200: { description: 'The user', schema: profileResponseSchema } },
    errors: [404, 429],
  }),
  confirmEmailPage: defineRoute({
    method: 'get',
    path: '/confirm-email/{token}',
    tag: 'Account',
    summary: 'The page of an email-change link: the new address and a button to confirm it (plain HTML, no script)',
    description: 'Opening the link changes nothing (mail scanners open links too); the button does.',
    auth: 'none',
    params: z.object({ token: z.string() }),
    responses: { 200: { description: 'The confirm button, or why the link no longer works', content: 'text/html' } },
    errors: [],
  }),
  confirmEmailSubmit: defineRoute({
    method: 'post',
    path: '/confirm-email/{token}',
    tag: 'Account',
    summary: 'Confirm an email change: the account takes the new address; the link is spent',
    description:
      'A link used, replaced by a newer one or older than 24 hours changes nothing; an address another account took ' +
      'meanwhile is refused (409) and the email stays as it was.',
    auth: 'none',
    params: z.object({ token: z.string() }),
    body: { type: 'multipart', schema: confirmEmailForm, files: [] },
    responses: {
      200: { description: 'Done, or why the link no longer works', content: 'text/html' },
      409: { description: 'The address is taken by another account now', content: 'text/html' },
    },
    errors: [429],
  }),
  blockedSites: defineRoute({
    method: 'get',
    path: '/api/blocked-sites',
    tag: 'Account',
    summary: 'Your blocked sites',
    description: 'Hosts and `*.domain` patterns, sorted: the extension neither reads nor offers to save pages on them.',
    auth: 'user',
    responses: { 200: { description: 'The blocked sites', schema: blockedSitesSchema } },
    errors: [],
  }),
  blockSite: defineRoute({
    method: 'post',
    path: '/api/blocked-sites',
    tag: 'Account',
    summary: 'Block a site',
    description:
      'A host (`example.com`) or `*.example.com` (the domain and its sub-domains); adding one twice is kept once.',
    auth: 'user',
    body: { type: 'json', schema: z.object({ data: blockedHostBody }) },
    responses: { 200: { description: 'The blocked sites', schema: blockedSitesSchema } },
    errors: [],
  }),
  unblockSite: defineRoute({
    method: 'post',
    path: '/api/remove-block-sites',
    tag: 'Account',
    summary: 'Unblock a site',
    description: 'A site not in the list is a 404.',
    auth: 'user',
    body: { type: 'json', schema: z.object({ data: blockedHostBody }) },
    responses: { 200: { description: 'The blocked sites', schema: blockedSitesSchema } },
    errors: [404],
  }),
  deleteAccount: defineRoute({
    method: 'delete',
    path: '/api/delete-userdata',
    tag: 'Account',
    summary: 'Delete your account and everything in it',
    description:
      'Gems, collections, tags, chats, files (removed from storage), keys, settings and sign-ins. ' +
      `${PASSWORD_LIMITED.replace('`currentPassword`', '`data.password`')} An account made through OpenID Connect ` +
      'that never set a password confirms with `data.username` (its username, exactly) instead: anything else is a ' +
      '400 naming `data.username`.',
    auth: 'user',
    body: { type: 'json', schema: z.object({ data: deleteAccountBody }) },
    responses: {
      200: {
        description: 'Deleted; how many gems and files went with it',
        schema: z.object({ data: z.object({ deleted: z.literal(true), gems: z.number(), files: z.number() }) }),
      },
    },
    errors: [429],
  }),
};
