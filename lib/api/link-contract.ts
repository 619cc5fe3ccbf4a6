import { z } from 'zod';
import { idSchema } from './integers';

/**
 * The dead-link check (lib/api/routes/links.ts): what the server found at a gem's address the last time it looked.
 * Plain zod: the extension bundles it.
 *
 * - `ok`: the page answered (2xx, or 401/403: it is there, behind a sign-in).
 * - `broken`: it is gone (404, 410 and other client errors, a name that no longer resolves, endless redirects), or
 *   it failed LINK_FAILURES_BROKEN checks in a row (5xx, 429, timeouts). `is:broken` finds these.
 * - `failing`: it failed for now (5xx, 429, timeout, connection refused); checked again sooner.
 * - `refused`: the address, or a redirect on the way, points at a loopback, private or other non-public address,
 *   which the server never calls.
 */
export const LINK_STATUSES = ['ok', 'broken', 'failing', 'refused'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Temporary failures in a row after which a link counts as broken. */
export const LINK_FAILURES_BROKEN = 3;

/** How many gems one "Check now" may name. */
export const MAX_LINK_CHECK_IDS = 1000;

export const linkCheckSchema = z.object({
  gemId: z.number(),
  /** Null: not checked yet. */
  status: z.enum(LINK_STATUSES).nullable(),
  /** The HTTP status of the last answer, or null when none came. */
  code: z.number().nullable(),
  detail: z.string(),
  /** ISO time of the last check, or null. */
  checkedAt: z.string().nullable(),
  /** A check asked for with "Check now" and not done yet. */
  requested: z.boolean(),
});
export type LinkCheck = z.infer<typeof linkCheckSchema>;

export const checkNowBody = z
  .object({
    gemIds: z
      .array(idSchema, { error: 'gemIds must be a list of gem ids' })
      .min(1, 'Name at least one gem')
      .max(MAX_LINK_CHECK_IDS, `At most ${MAX_LINK_CHECK_IDS} gems at once`),
  })
  .strict();

export const checkNowResultSchema = z.object({
  /** How many of the gems named are the user's and queued (the others are left out). */
  queued: z.number(),
});
