import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { gems, rateLimits, refreshTokens, uploads, users } from '../../db/schema';
import type { Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { recentOwnersOf } from '../../http/recent-owners';
import { fileNameOf } from '../uploads/upload-files';
import { getUser } from '../users/users';
import { checkOwnPassword } from './password-check';

/**
 * The confirmation `delete-userdata` needs: the password typed again, like every other change a stolen session must
 * not make alone. An account made through OpenID Connect that never set a password has none to type; it types its
 * username instead. Signing in again with the provider was the other choice, but it would prove little more (the
 * provider usually signs the same browser in again without asking) while adding a second redirect flow to the options
 * page; the typed name guards against the real risk, a delete by mistake. Such an account can set a password first
 * (Options → Account) to have it asked.
 */
export async function confirmDeletion(
  deps: Deps,
  c: Context,
  userId: number,
  input: { password?: string; username?: string },
) {
  const user = await getUser(deps.db, userId);
  if (user.passwordSet) {
    if (input.password === undefined)
      throw fieldError(400, 'data.password', 'Type your password to delete your account');
    await checkOwnPassword(deps, c, userId, input.password, 'data.password');
    return;
  }
  if (input.username !== user.username)
    throw fieldError(400, 'data.username', 'Type your username exactly as it is shown to delete your account');
}

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
