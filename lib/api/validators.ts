import { z } from 'zod';
import { canonicalizeUrl } from './canonical-url';

/** The forms' validators and their exact messages (the API answers with them). Shared by the server and the extension's forms. */
export const messages = {
  required: 'This field is required.',
  emailInvalid: 'Email is not valid',
  tooShort: 'Given value is too short',
  tooLong: 'Given value is too long',
  spaces: 'Spaces are not allowed.',
  specialCharacters: 'Special Characters are not allowed.',
  usernameLength: 'Username must be less than 15 Characters.',
  invalidValue: 'Invalid value',
  usernameReserved: 'This username is reserved.',
  nameWithoutSpace: 'Name must not contain space or any symbols',
  confirmPassword: 'Confirm password needs to match password',
  urlRequired: 'Please provide url',
  urlInvalid: (host = 'example.com') =>
    `Please provide valid url. Ensure it has protocol (https) and hostname (${host}).`,
  urlTooLong: 'Please provide a url of at most 2048 characters',
  blockedHost: 'Enter a host such as example.com, or *.example.com for a domain and its sub-domains',
} as const;

export const limits = {
  usernameMaxExclusive: 15,
  emailMin: 3,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  titleMin: 1,
  titleMax: 500,
  /**
   * A saved page's address, and its matching key (lib/api/canonical-url.ts, which may percent-encode
   * query characters): the browser-safe bound, well inside what a Postgres btree index row can hold.
   */
  urlMax: 2048,
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;

const requiredString = z.string({ error: messages.required }).min(1, messages.required);

export const emailSchema = requiredString
  .pipe(z.string().trim().regex(EMAIL_PATTERN, messages.emailInvalid))
  .pipe(z.string().min(limits.emailMin, messages.tooShort).max(limits.emailMax, messages.tooLong))
  .transform((email) => email.toLowerCase());

export const passwordSchema = requiredString.pipe(
  z.string().min(limits.passwordMin, messages.tooShort).max(limits.passwordMax, messages.tooLong),
);

/**
 * Names a user cannot take: the server's own top-level paths (and a few that read as the product's), since a user's
 * public collections live at `/{username}/…` (server/features/public-pages/).
 */
const RESERVED_USERNAMES = new Set(
  'about admin api app assets docs feed feeds follow help invitation login logout prompts public register reset-password robots s settings share shared signin signup sitemap sites static support trove uploads www'.split(
    ' ',
  ),
);
export const isReservedUsername = (name: string) => RESERVED_USERNAMES.has(name.toLowerCase());

/** The spec's "name" validator, used for usernames. Checks run in the spec's order so the first problem is named. */
export const usernameSchema = requiredString.superRefine((value, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (/\s/.test(value)) return issue(messages.spaces);
  if (/[^A-Za-z0-9]/.test(value)) return issue(messages.specialCharacters);
  if (value.length >= limits.usernameMaxExclusive) return issue(messages.usernameLength);
  if (!USERNAME_PATTERN.test(value)) return issue(messages.invalidValue);
  if (isReservedUsername(value)) return issue(messages.usernameReserved);
});

/** The spec's "namewithoutspace" validator: letters, digits, '-' and '_' only. */
export const nameWithoutSpaceSchema = requiredString.regex(/^[A-Za-z0-9_-]+$/, messages.nameWithoutSpace);

export const titleSchema = z
  .string({ error: messages.required })
  .trim()
  .min(limits.titleMin, messages.required)
  .max(limits.titleMax, messages.tooLong);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A page's http(s) address, as saved on a gem (or a chat) and matched by its canonical form. */
export const urlSchema = z
  .string({ error: messages.urlRequired })
  .trim()
  .min(1, messages.urlRequired)
  .superRefine((value, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!value) return;
    if (value.length > limits.urlMax) return issue(messages.urlTooLong);
    if (!isHttpUrl(value)) return issue(messages.urlInvalid());
    if (canonicalizeUrl(value).length > limits.urlMax) return issue(messages.urlTooLong);
  });

/** The spec's "confirm" validator. */
export function confirmPasswordError(password: string, confirm: string): string | null {
  return password === confirm ? null : messages.confirmPassword;
}

/** The spec's "resetpass" validator: which strength rules the password meets. */
export function passwordStrength(password: string) {
  return {
    hasSpecialCharacter: /[^A-Za-z0-9]/.test(password),
    hasDigit: /\d/.test(password),
    hasUpperCase: /[A-Z]/.test(password),
    hasLowerCase: /[a-z]/.test(password),
    hasMinLength: password.length >= limits.passwordMin,
  };
}

/** What each of passwordStrength's rules asks for, in words (the change-password form lists them as they are met). */
export const passwordRules = [
  { rule: 'hasMinLength', message: `At least ${limits.passwordMin} characters` },
  { rule: 'hasUpperCase', message: 'An upper-case letter' },
  { rule: 'hasLowerCase', message: 'A lower-case letter' },
  { rule: 'hasDigit', message: 'A digit' },
  { rule: 'hasSpecialCharacter', message: 'A special character (not a letter or digit)' },
] as const satisfies readonly { rule: keyof ReturnType<typeof passwordStrength>; message: string }[];

/** A new password (a changed one): the password rules, and every strength rule met; the first unmet one is named. */
export const strongPasswordSchema = passwordSchema.superRefine((value, ctx) => {
  const strength = passwordStrength(value);
  const unmet = passwordRules.find(({ rule }) => !strength[rule]);
  if (unmet) ctx.addIssue({ code: 'custom', message: `The password needs: ${unmet.message.toLowerCase()}` });
});

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A blocked site as typed: a host (`example.com`, `mail.example.com`) or `*.domain` (the domain and every
 * sub-domain). Lower-cased and in its ASCII (punycode) form, as browsers report hosts.
 */
export const blockedHostSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(260, messages.tooLong)
  .transform((value, ctx) => {
    const wildcard = value.startsWith('*.');
    const host = normaliseHost(wildcard ? value.slice(2) : value);
    if (!host) {
      ctx.addIssue({ code: 'custom', message: messages.blockedHost });
      return z.NEVER;
    }
    return wildcard ? `*.${host}` : host;
  });

/** A host name in the form browsers report it (lower case, punycode), or null when `value` is not one. */
function normaliseHost(value: string): string | null {
  if (!value || /[\s/:?#@*[\]\\]/.test(value)) return null;
  let host: string;
  try {
    host = new URL(`http://${value}/`).hostname;
  } catch {
    return null;
  }
  if (host.length > 253) return null;
  return host.split('.').every((label) => HOST_LABEL.test(label)) ? host : null;
}
