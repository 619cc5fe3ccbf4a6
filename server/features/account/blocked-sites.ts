import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blockedSites } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The user's blocked sites (hosts and `*.domain` patterns, already normalised by the contract), sorted. */
export async function listBlockedSites(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ host: blockedSites.host })
    .from(blockedSites)
    .where(eq(blockedSites.userId, userId))
    .orderBy(asc(blockedSites.host));
  return rows.map((row) => row.host);
}

export async function blockSite(db: Db, userId: number, host: string) {
  await db.insert(blockedSites).values({ userId, host }).onConflictDoNothing();
  return listBlockedSites(db, userId);
}

export async function unblockSite(db: Db, userId: number, host: string) {
  const removed = await db
    .delete(blockedSites)
    .where(and(eq(blockedSites.userId, userId), eq(blockedSites.host, host)))
    .returning({ host: blockedSites.host });
  if (!removed.length) throw notFound(`Blocked site ${host}`);
  return listBlockedSites(db, userId);
}
