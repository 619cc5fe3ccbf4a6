import { eq, sql } from 'drizzle-orm';
import { gems, rateLimits, refreshTokens, uploads, users } from '../../db/schema';
import type { Deps } from '../../http/env';
import { recentOwnersOf } from '../../http/recent-owners';
import { fileNameOf } from '../uploads/upload-files';

/**
 * Deletes a user and everything of theirs. Every table that holds a user's rows references `users` with ON DELETE
 * CASCADE (gems, collections, tags, chats and messages, uploads, keys and AI settings, sign-ins, feedback…), so one
 * delete of the user's row removes them in one transaction, with the rate-limit counters kept under the user's id.
 * Their files are then removed from storage (a folder or a bucket); one that fails to go is logged, not fatal: its
 * row is gone, so nothing links to it any more. tests/server/account.test.ts checks every table afterwards.
 */
export async function deleteUserData(deps: Deps, userId: number) {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    const families = await tx
      .selectDistinct({ id: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId));
    const files = await tx
      .select({ key: uploads.key, mime: uploads.mime })
      .from(uploads)
      .where(eq(uploads.ownerId, userId));
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(gems).where(eq(gems.ownerId, userId));
    // keys such as `upload:user:7` and `sign-in:pair:user:7:<address>` (server/auth/sign-in-guard.ts)
    await tx.delete(rateLimits).where(sql`${rateLimits.key} ~ ${`(^|:)user:${userId}(:|$)`}`);
    await tx.delete(users).where(eq(users.id, userId));
    return { families, files, gems: counted?.n ?? 0 };
  });
  const recent = recentOwnersOf(deps);
  for (const family of result.families) recent.forget(family.id);
  const removals = await Promise.allSettled(result.files.map((file) => deps.files.store.delete(fileNameOf(file))));
  const failed = removals.filter((removal) => removal.status === 'rejected').length;
  if (failed) console.error(`[trove] deleting user ${userId}: ${failed} stored file(s) could not be removed`);
  return { gems: result.gems, files: result.files.length };
}
