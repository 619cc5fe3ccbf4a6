import type { Owner } from '../services/gems';

/** How long a user's row, once seen, is taken as still there: a deleted account's token works this much longer. */
export const OWNER_TTL_MS = 2_000;
/** The most users remembered at once; the oldest seen goes first. */
export const OWNER_LIMIT = 10_000;

/**
 * The gem-owner fields of users whose row was seen in the last OWNER_TTL_MS. A signed-in client sends
 * its requests in bursts (the popup: session, lookup, save), and looking the row up for each was 3
 * of the 7 queries of a save → list → lookup round. The fields cached never change after sign-up;
 * only the row's existence can, and an access token already outlives a deleted account by its TTL
 * (15 minutes by default), so two seconds more changes nothing a user could notice.
 */
export class RecentOwners {
  private readonly seen = new Map<number, { owner: Owner; until: number }>();

  constructor(
    private readonly ttlMs = OWNER_TTL_MS,
    private readonly limit = OWNER_LIMIT,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(userId: number): Owner | undefined {
    const entry = this.seen.get(userId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.owner;
    this.seen.delete(userId);
    return undefined;
  }

  remember(owner: Owner) {
    this.seen.delete(owner.id);
    this.seen.set(owner.id, { owner, until: this.now() + this.ttlMs });
    if (this.seen.size > this.limit) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
  }

  get size() {
    return this.seen.size;
  }
}
