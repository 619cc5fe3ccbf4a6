import type { AccessChange } from '../../../lib/api/access-events-contract';
import type { Db } from '../../db/client';
import { accessChange, type ReadableShares, readableShares } from './readable-shares';

/**
 * How often an open stream's user's shares are read again. Comparing reads (rather than PostgreSQL's LISTEN/NOTIFY)
 * sees a change made by any copy of the server, on PGlite as on PostgreSQL, and needs no connection of its own; at
 * 500 ms a removal reaches an open tab within a second.
 */
export const ACCESS_EVENTS_POLL_MS = 500;

type Listener = (change: AccessChange) => void;

interface Watch {
  listeners: Set<Listener>;
  shares: ReadableShares;
  /** The first read: a listener hears the changes made after it. */
  first: Promise<void>;
  timer?: NodeJS.Timeout;
}

/**
 * One watch per user with open streams in this process, whatever the number of their tabs: a read every
 * ACCESS_EVENTS_POLL_MS while someone listens, none once the last listener is gone.
 */
export function accessWatchers(db: Db, pollMs = ACCESS_EVENTS_POLL_MS) {
  const watches = new Map<number, Watch>();

  const poll = async (userId: number, watch: Watch) => {
    try {
      const shares = await readableShares(db, userId);
      const change = accessChange(watch.shares, shares);
      watch.shares = shares;
      if (change) for (const listener of watch.listeners) listener(change);
    } catch (error) {
      console.error(`[trove] reading the shares of user ${userId} for their access events failed:`, error);
    }
    schedule(userId, watch);
  };
  const schedule = (userId: number, watch: Watch) => {
    if (watches.get(userId) !== watch || !watch.listeners.size) return;
    watch.timer = setTimeout(() => void poll(userId, watch), pollMs);
    watch.timer.unref();
  };

  return {
    /** Calls `listener` with each change of the user's shares from now on; resolves once they are read. */
    async subscribe(userId: number, listener: Listener): Promise<() => void> {
      let watch = watches.get(userId);
      if (!watch) {
        const created: Watch = { listeners: new Set(), shares: new Map(), first: Promise.resolve() };
        created.first = readableShares(db, userId).then((shares) => {
          created.shares = shares;
          schedule(userId, created);
        });
        watches.set(userId, created);
        watch = created;
      }
      const joined = watch;
      joined.listeners.add(listener);
      const leave = () => {
        joined.listeners.delete(listener);
        if (joined.listeners.size || watches.get(userId) !== joined) return;
        clearTimeout(joined.timer);
        watches.delete(userId);
      };
      try {
        await joined.first;
      } catch (error) {
        leave();
        if (watches.get(userId) === joined) watches.delete(userId);
        throw error;
      }
      return leave;
    },
  };
}

export type AccessWatchers = ReturnType<typeof accessWatchers>;
