import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { recentOwnersOf } from '../../http/recent-owners';

/**
 * Signs a user out everywhere: revokes every refresh-token family, and forgets them in this copy's recent owners so
 * their access tokens are refused from the next request (on other copies within OWNER_TTL_MS).
 */
export async function signOutEverywhere(deps: { db: Db }, userId: number): Promise<number> {
  const revoked = await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  const families = new Set(revoked.map((r) => r.familyId));
  const recent = recentOwnersOf(deps);
  for (const family of families) recent.forget(family);
  return families.size;
}
