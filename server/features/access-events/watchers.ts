import type { AccessChange } from '../../../lib/api/access-events-contract';
import type { Db } from '../../db/client';
import { type LibraryMarks, librariesChanged, libraryMarks } from './library-changes';
import { accessChange, type ReadableShares, readableShares } from './readable-shares';

/**
 * How often an open stream's user's shares, and the marks of the libraries they read, are read again. Comparing reads
 * (rather than PostgreSQL's LISTEN/NOTIFY) sees a change made by any copy of the server, on PGlite as on PostgreSQL,
 * and needs no connection of its own; at 500 ms a removal reaches an open tab within a second.
 */
export const ACCESS_EVENTS_POLL_MS = 500;

/** What a stream sends: a change of access, or that a library the user reads changed (library-changes.ts). */
export type WatchEvent = { name: 'access'; change: AccessChange } | { name: 'library' };
type Listener = (event: WatchEvent) => void;

interface Seen {
  shares: ReadableShares;
  marks: LibraryMarks;
}

interface Watch extends Seen {
  listeners: Set<Listener>;
  /** The first read: a listener hears the changes made after it. */
  first: Promise<void>;
  timer?: NodeJS.Timeout;
}

/** The user's shares, and the marks of what they read (library-changes.ts). */
async function read(db: Db, userId: number): Promise<Seen> {
  const shares = await readableShares(db, userId);
  const tagOwners = [...shares.values()].filter((resource) => resource.kind === 'tag').map((tag) => tag.owner.id);
  return { shares, marks: await libraryMarks(db, userId, tagOwners) };
}

/**
 * One watch per user with open streams in this process, whatever the number of their tabs: a read every
 * ACCESS_EVENTS_POLL_MS while someone listens, none once the last listener is gone.
 */
export function accessWatchers(db: Db, pollMs = ACCESS_EVENTS_POLL_MS) {
  const watches = new Map<number, Watch>();

  const poll = async (userId: number, watch: Watch) => {
    try {
      const now = await read(db, userId);
      const change = accessChange(watch.shares, now.shares);
      const events: WatchEvent[] = [];
      if (change) events.push({ name: 'access', change });
      if (librariesChanged(watch.marks, now.marks)) events.push({ name: 'library' });
      Object.assign(watch, now);
      for (const event of events) for (const listener of watch.listeners) listener(event);
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
    /** Calls `listener` with each change from now on; resolves once the user's shares and libraries are read. */
    async subscribe(userId: number, listener: Listener): Promise<() => void> {
      let watch = watches.get(userId);
      if (!watch) {
        const created: Watch = { listeners: new Set(), shares: new Map(), marks: new Map(), first: Promise.resolve() };
        created.first = read(db, userId).then((seen) => {
          Object.assign(created, seen);
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
