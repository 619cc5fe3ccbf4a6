import type { Owner } from '../db/types';

/**
 * How long a sign-in, once seen live with its user's row, is taken as still so: on another server copy, a deleted
 * account's or a signed-out sign-in's token works this much longer (on the copy that signed out, not at all).
 */
export const OWNER_TTL_MS = 2_000;
/** The most sign-ins remembered at once; the oldest seen goes first. */
export const OWNER_LIMIT = 10_000;

/**
 * The gem-owner fields of the users of sign-ins (access tokens' `sid`) seen live in the last OWNER_TTL_MS. A
 * signed-in client sends its requests in bursts (the popup: session, lookup, save), and looking the row up for
 * each was 3 of the 7 queries of a save → list → lookup round. The fields cached change only with a new username,
 * which forgets the user's sign-ins here (features/account/sessions.ts); otherwise only the row's existence and the
 * sign-in's revocation change: sign-out forgets its sign-in here at once
 * (`forget`), and two seconds more for a deleted account changes nothing a user could notice.
 */
export class RecentOwners {
  private readonly seen = new Map<string, { owner: Owner; until: number }>();

  constructor(
    private readonly ttlMs = OWNER_TTL_MS,
    private readonly limit = OWNER_LIMIT,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(sessionId: string): Owner | undefined {
    const entry = this.seen.get(sessionId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.owner;
    this.seen.delete(sessionId);
    return undefined;
  }

  remember(sessionId: string, owner: Owner) {
    this.seen.delete(sessionId);
    this.seen.set(sessionId, { owner, until: this.now() + this.ttlMs });
    if (this.seen.size > this.limit) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
  }

  forget(sessionId: string) {
    this.seen.delete(sessionId);
  }

  get size() {
    return this.seen.size;
  }
}

const ofApp = new WeakMap<object, RecentOwners>();

/** The one RecentOwners of an app (by its Deps): require-user.ts fills it, sign-out (features/auth/routes.ts) forgets in it. */
export function recentOwnersOf(deps: object): RecentOwners {
  let recent = ofApp.get(deps);
  if (!recent) {
    recent = new RecentOwners();
    ofApp.set(deps, recent);
  }
  return recent;
}
