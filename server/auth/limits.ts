import type { Backoff, WindowLimit } from './rate-limit';

/**
 * Every rate limit of the server, each replaceable through `ServerConfig.rateLimits` (null turns one off,
 * which only the test harness does). See sign-in-guard.ts for how the sign-in limits fit together.
 */
export interface RateLimitSettings {
  /** Failed sign-ins per (account, address): the strict part. */
  signIn: Backoff;
  /** Failed sign-ins per address, across accounts (one address trying many accounts). */
  signInPerAddress: Backoff | null;
  /**
   * Failed sign-ins per account from all the addresses it has not signed in from (known-addresses.ts): one budget
   * however many addresses share it. The addresses the owner signed in from stay outside it, so no one can lock
   * the owner out of them.
   */
  signInPerAccount: Backoff | null;
  /** Sign-ups per address. */
  register: WindowLimit | null;
  /** Token refreshes per address (every signed-in extension refreshes every 15 minutes; generous). */
  refresh: WindowLimit | null;
  /** "Forgot password?" requests and reset-page submissions per address (features/operator/routes.ts). */
  passwordResetPerAddress: WindowLimit | null;
  /** Upload requests per user (`POST /api/upload`, `POST /api/upload-all-file`, `POST /api/gems/upload-screenshot`). */
  upload: WindowLimit | null;
  /** Gems offered to public collections per user (`POST /api/offered-gems`). */
  offer: WindowLimit | null;
}

const MINUTE = 60;
const HOUR = 3600;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signIn: { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE * 1000, forgetAfterSeconds: HOUR },
  signInPerAddress: { freeFailures: 20, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE * 1000, forgetAfterSeconds: HOUR },
  signInPerAccount: { freeFailures: 10, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE * 1000, forgetAfterSeconds: HOUR },
  register: { max: 20, windowSeconds: HOUR },
  refresh: { max: 300, windowSeconds: MINUTE },
  upload: { max: 120, windowSeconds: MINUTE },
  passwordResetPerAddress: { max: 20, windowSeconds: HOUR },
  offer: { max: 30, windowSeconds: HOUR },
};

export const rateLimitSettings = (overrides: Partial<RateLimitSettings> = {}): RateLimitSettings => ({
  ...DEFAULT_RATE_LIMITS,
  ...overrides,
});

/**
 * The limits counted per client address, turned off: for test runs, where every client is 127.0.0.1 and
 * (on PostgreSQL) every server shares the counters (TROVE_PER_ADDRESS_LIMITS=0). Per-account and
 * per-user limits stay on.
 */
export const PER_ADDRESS_LIMITS_OFF: Partial<RateLimitSettings> = {
  signInPerAddress: null,
  register: null,
  refresh: null,
  passwordResetPerAddress: null,
};
