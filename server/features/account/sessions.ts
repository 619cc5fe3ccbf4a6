import Bowser from 'bowser';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../lib/api/account-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { refreshTokens } from '../../db/schema';
import type { Deps } from '../../http/env';
import { recentOwnersOf } from '../../http/recent-owners';

/** "Chrome 131 on Linux" from a User-Agent, or null when it names no browser. */
export function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  if (!name) return null;
  const version = parsed.browser.version?.split('.')[0];
  const system = parsed.os.name;
  return `${name}${version ? ` ${version}` : ''}${system ? ` on ${system}` : ''}`;
}

/**
 * The user's live sign-ins: refresh-token families whose latest token is neither spent, revoked nor expired. Each
 * sign-in or refresh adds a token, so the family's first token is when it signed in and its last when it was last
 * used, with the client it was used from.
 */
export async function listSessions(db: Db, userId: number, currentId: string): Promise<SessionInfo[]> {
  const rows = await selectRows<{
    family_id: string;
    created_at: string | Date;
    last_used_at: string | Date;
    user_agent: string | null;
    address: string | null;
  }>(
    db,
    sql`
    select distinct on (family_id) family_id, user_agent, address,
      min(created_at) over (partition by family_id) as created_at, created_at as last_used_at
    from ${refreshTokens}
    where user_id = ${userId}
      and family_id in (
        select family_id from ${refreshTokens}
        where user_id = ${userId} and revoked_at is null and used_at is null and expires_at > now()
      )
    order by family_id, created_at desc, id desc`,
  );
  return rows
    .map((row) => ({
      id: row.family_id,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.last_used_at).toISOString(),
      address: row.address,
      browser: browserOf(row.user_agent),
      current: row.family_id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/**
 * Revokes sign-ins of the user: one (`only`) or every one but `except`. Their next refresh fails, and their access
 * tokens are refused from the next request (require-user.ts). Answers the families revoked.
 */
export async function revokeSessions(
  deps: Deps,
  userId: number,
  which: { only: string } | { except: string },
): Promise<string[]> {
  const family = 'only' in which ? eq(refreshTokens.familyId, which.only) : ne(refreshTokens.familyId, which.except);
  const revoked = await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), family, isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  const families = [...new Set(revoked.map((row) => row.familyId))];
  const recent = recentOwnersOf(deps);
  for (const id of families) recent.forget(id);
  return families;
}

/** Forgets every sign-in of the user in this copy's cache of owners (after a change to what it caches: the username). */
export async function forgetCachedOwner(deps: Deps, userId: number) {
  const rows = await deps.db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const recent = recentOwnersOf(deps);
  for (const row of rows) recent.forget(row.familyId);
}
