import { z } from 'zod';
import { emailSchema, messages, passwordSchema } from './validators';

/** The operator's flows (README, "Running Trove for a group"): registration modes, password reset, the admin page. */

export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const registrationModeSchema = z.enum(REGISTRATION_MODES);

/** What a signed-out extension needs to know to draw its sign-in and sign-up forms. */
export const signInOptionsSchema = z.object({
  data: z.object({
    registration: registrationModeSchema,
    /** `mail`: "Forgot password?" mails a link; `operator`: ask the server's operator (no SMTP configured). */
    passwordReset: z.enum(['mail', 'operator']),
    /** The single sign-on provider, when configured. */
    oidc: z.object({ name: z.string() }).nullable(),
  }),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>['data'];

export const forgotPasswordBody = z.object({
  identifier: z.string({ error: messages.required }).trim().min(1, messages.required).max(320),
});
export const forgotPasswordResponse = z.object({ data: z.object({ message: z.string() }) });
/** The one answer of "Forgot password?", whether or not an account matched (no account enumeration). */
export const FORGOT_PASSWORD_ANSWER = 'If an account matches, a link to reset its password has been sent to its email.';

export const resetPasswordForm = z.object({ password: passwordSchema, confirm: z.string() });

export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  gemsCount: z.number(),
  storageBytes: z.number(),
  credits: z.number().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  status: z.enum(['pending', 'used', 'expired']),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A new or resent invitation: its code and link are shown once (only a hash is kept), and whether it was mailed. */
export const issuedInvitationSchema = z.object({
  data: invitationSchema.extend({ code: z.string(), link: z.string(), mailed: z.boolean() }),
});

export const createInvitationBody = z.object({ email: emailSchema.optional() });
export const setCreditsBody = z.object({ credits: z.number().int().min(0).max(1_000_000_000) });
export const setRegistrationBody = z.object({ mode: registrationModeSchema });
export const registrationResponse = z.object({ data: z.object({ mode: registrationModeSchema }) });
