import { z } from 'zod';
import { userSchema } from './core-contract';
import { blockedHostSchema, emailSchema, messages, strongPasswordSchema, usernameSchema } from './validators';

/** The account's own routes (lib/api/routes/account.ts): password, sign-ins, profile, blocked sites, deletion. */

const currentPassword = z.string({ error: messages.required }).min(1, messages.required).max(1024, messages.tooLong);

export const changePasswordBody = z
  .object({ currentPassword, password: strongPasswordSchema, passwordConfirmation: z.string().optional() })
  .refine((v) => v.passwordConfirmation === undefined || v.passwordConfirmation === v.password, {
    path: ['passwordConfirmation'],
    message: messages.confirmPassword,
  });

/** A first password for an account that has none (made by signing in with OpenID Connect): no current password. */
export const setPasswordBody = z
  .object({ password: strongPasswordSchema, passwordConfirmation: z.string().optional() })
  .refine((v) => v.passwordConfirmation === undefined || v.passwordConfirmation === v.password, {
    path: ['passwordConfirmation'],
    message: messages.confirmPassword,
  });

/** Whether the account has a password of its own (false: made by signing in with OpenID Connect, none set since). */
export const passwordStateSchema = z.object({ data: z.object({ hasPassword: z.boolean() }) });

export const DISPLAY_NAME_MAX = 60;

/** A profile change: only the fields sent change. A new email needs the current password. */
export const profileBody = z.object({
  username: usernameSchema.optional(),
  displayName: z.string().trim().max(DISPLAY_NAME_MAX, messages.tooLong).optional(),
  email: emailSchema.optional(),
  currentPassword: currentPassword.optional(),
});

/**
 * Deleting the account is confirmed with the password; an account made by signing in with OpenID Connect that never
 * set one confirms by typing its username instead (server/features/account/delete-account.ts says why).
 */
export const deleteAccountBody = z
  .object({ password: currentPassword.optional(), username: z.string().trim().max(100, messages.tooLong).optional() })
  .refine((v) => v.password !== undefined || v.username !== undefined, {
    path: ['password'],
    message: 'Confirm with your password (or, for an account without one, your username)',
  });

/** The user after a profile change; `pending_email`: a new email waiting for the link mailed to it (SMTP set). */
export const profileResponseSchema = userSchema.extend({ pending_email: z.string().optional() });

/** The confirm button's form on the page of an email-change link. */
export const confirmEmailForm = z.object({ confirm: z.string() });

/** A sign-in (one refresh-token family) as "Where you are signed in" lists it. */
export const sessionSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The client's address at its last sign-in or refresh, when recorded. */
  address: z.string().nullable(),
  /** The browser and system read from its User-Agent, e.g. "Chrome on Linux", when recorded. */
  browser: z.string().nullable(),
  /** The sign-in making this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const USERNAME_STATUSES = ['available', 'taken', 'invalid', 'yours'] as const;
export const usernameCheckSchema = z.object({
  username: z.string(),
  status: z.enum(USERNAME_STATUSES),
  /** The status in words: "ada is available", or the validator's message. */
  message: z.string(),
});
export type UsernameCheck = z.infer<typeof usernameCheckSchema>;

export const blockedHostBody = z.object({ host: blockedHostSchema });
export const blockedSitesSchema = z.object({ data: z.array(z.string()) });
