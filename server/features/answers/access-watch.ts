import type { Db } from '../../db/client';
import { readableGemIds } from '../sharing/access';
import type { Generation } from './generations';

/**
 * An answer whose context holds gems of others (shared with the asker) stops once the asker may no longer read one of
 * them (the share removed, the member left, the gem trashed by its owner): the one rule (sharing/access.ts) is asked
 * again every ACCESS_WATCH_MS while the provider is read, so an open stream loses access within a second of removal.
 * Answers on one's own gems are never watched.
 */
export const ACCESS_WATCH_MS = 250;

/** The gems of others an answer was asked with, and whose access is checked. */
export interface AccessWatch {
  db: Db;
  userId: number;
  gems: { id: number; title: string }[];
}

export const accessRemoved = (title: string) =>
  `Your access to the shared gem "${title}" was removed, so the answer stopped here`;

/** Checks `watch` until the returned stop is called (it waits for a check under way); a lost gem cuts `generation`. */
export function watchAccess(generation: Generation, { db, userId, gems }: AccessWatch): () => Promise<void> {
  const ids = gems.map((gem) => gem.id);
  let over = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> = Promise.resolve();
  const check = async () => {
    try {
      const readable = new Set(await readableGemIds(db, userId, ids));
      const lost = gems.find((gem) => !readable.has(gem.id));
      if (lost && !over) generation.cut(accessRemoved(lost.title));
    } catch (error) {
      console.error(`[trove] checking the access of user ${userId} to an answer's gems failed:`, error);
    }
    if (!over && !generation.controller.signal.aborted) schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => {
      checking = check();
    }, ACCESS_WATCH_MS);
    timer.unref();
  };
  schedule();
  return async () => {
    over = true;
    clearTimeout(timer);
    await checking;
  };
}
