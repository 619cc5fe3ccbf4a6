import { z } from 'zod';
import { queryInteger } from './integers';
import { shareKinds, shareRoleSchema } from './sharing-contract';

/**
 * `GET /api/access-events`: a signed-in client is told when what it can read through shares changed (a share or a
 * team membership removed, added or given another role), so an open library leaves what it may no longer read, and
 * when what it reads changed (its own library, or what is shared with it), so it reads them again.
 */

/** The longest a stream stays open: the client opens the next one at once (a token that expired is renewed then). */
export const ACCESS_EVENTS_MAX_SECONDS = 300;

export const accessEventsQuery = z.object({
  /** How long the stream stays open; 0 sends `ready` and ends (a check that the route answers). */
  seconds: queryInteger(0, ACCESS_EVENTS_MAX_SECONDS),
});

/** A collection or tag shared with the user, as the event names it. */
export const accessResourceSchema = z.object({
  kind: z.enum(shareKinds),
  id: z.number(),
  name: z.string(),
  owner: z.object({ id: z.number(), username: z.string() }),
  /** The user's highest role there (by any share: their own or a team's). */
  role: shareRoleSchema,
});
export type AccessResource = z.infer<typeof accessResourceSchema>;

/** The stream's events, by name. */
export const accessStreamEvents = {
  /** The user's shares are read: any change from now on is sent. */
  ready: z.object({}),
  /** What changed since the last event (or `ready`): collections and tags no longer readable, given, or re-roled. */
  access: z.object({
    lost: z.array(accessResourceSchema),
    gained: z.array(accessResourceSchema),
    changed: z.array(accessResourceSchema),
  }),
  /**
   * The user's gems, collections or tags changed, or what is shared with them (the collections, never the rest of the
   * sharer's library), by anyone from anywhere (another device, a member of a shared collection, the user in this very
   * tab): what a library shows may be stale.
   */
  library: z.object({}),
};
export type AccessChange = z.infer<(typeof accessStreamEvents)['access']>;
