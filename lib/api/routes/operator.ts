import { z } from 'zod';
import {
  forgotPasswordBody,
  forgotPasswordResponse,
  resetPasswordForm,
  signInOptionsSchema,
} from '../operator-contract';
import { defineRoute } from '../route';

/** The signed-out side of the operator's flows: what sign-in offers, "Forgot password?" and its page. */
export const operatorApi = {
  signInOptions: defineRoute({
    method: 'get',
    path: '/api/auth/options',
    tag: 'Auth',
    summary: 'What this server offers a signed-out user: registration mode, password reset, single sign-on',
    auth: 'none',
    responses: { 200: { description: 'The sign-in options', schema: signInOptionsSchema } },
    errors: [],
  }),
  forgotPassword: defineRoute({
    method: 'post',
    path: '/api/auth/forgot-password',
    tag: 'Auth',
    summary: 'Mail a one-time link to reset the password of an account (by username or email)',
    description:
      'Always the same 202, whether or not an account matched and whether or not SMTP is configured (the sign-in ' +
      'options say which). The link works once, for 30 minutes. Limited per address and per account (429).',
    auth: 'none',
    body: { type: 'json', schema: forgotPasswordBody },
    responses: { 202: { description: 'Accepted', schema: forgotPasswordResponse } },
    errors: [429],
  }),
  resetPage: defineRoute({
    method: 'get',
    path: '/reset-password/{token}',
    tag: 'Auth',
    summary: 'The page of a password-reset link: a form for the new password (plain HTML, no script)',
    auth: 'none',
    params: z.object({ token: z.string() }),
    responses: { 200: { description: 'The form, or why the link no longer works', content: 'text/html' } },
    errors: [],
  }),
  resetSubmit: defineRoute({
    method: 'post',
    path: '/reset-password/{token}',
    tag: 'Auth',
    summary: 'Set the new password of a reset link; every sign-in of the account is signed out',
    description: 'The page’s form (`password`, `confirm`); a refused password shows the form again with why (400).',
    auth: 'none',
    params: z.object({ token: z.string() }),
    body: { type: 'multipart', schema: resetPasswordForm, files: [] },
    responses: {
      200: { description: 'Done, or why the link no longer works', content: 'text/html' },
      400: { description: 'The form again, saying what to change', content: 'text/html' },
    },
    errors: [429],
  }),
  invitationPage: defineRoute({
    method: 'get',
    path: '/invitation/{code}',
    tag: 'Auth',
    summary: 'The page of an invitation link: the code to paste in the extension’s sign-up form',
    auth: 'none',
    params: z.object({ code: z.string() }),
    responses: { 200: { description: 'The code and what to do with it', content: 'text/html' } },
    errors: [],
  }),
};
