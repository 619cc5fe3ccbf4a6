import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { profileBody, UsernameCheck } from '../../../lib/api/account-contract';
import { usernameSchema } from '../../../lib/api/validators';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import type { Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { getUser } from '../users/users';
import { mailEmailChange } from './email-change';
import { checkOwnPassword } from './password-check';
import { forgetCachedOwner } from './sessions';

const USERNAME_TAKEN = 'This username is taken';

/** Whether someone other than `userId` has `column` equal to `value` in any case (as the unique indexes fold it). */
async function takenByOther(db: Db, userId: number, column: typeof users.username | typeof users.email, value: string) {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${column}) = lower(${value})`, ne(users.id, userId)))
    .limit(1);
  return Boolean(found);
}

/** A username's fate if `userId` asked for it: invalid (by the spec's rules), taken by another, theirs, or available. */
export async function checkUsername(db: Db, userId: number, username: string): Promise<UsernameCheck> {
  const valid = usernameSchema.safeParse(username);
  if (!valid.success)
    return { username, status: 'invalid', message: valid.error.issues[0]?.message ?? 'Invalid value' };
  if (await takenByOther(db, userId, users.username, username))
    return { username, status: 'taken', message: `${username} is taken` };
  const own = await getUser(db, userId);
  if (own.username === username) return { username, status: 'yours', message: `${username} is your username` };
  return { username, status: 'available', message: `${username} is available` };
}

/**
 * Changes what `input` sends. A new email needs the current password (checked like a sign-in) and, when taken,
 * answers as a wrong password does, so it never tells whose an address is. With SMTP the new email waits for the link
 * mailed to it (email-change.ts) and is answered as `pendingEmail`; without, it changes at once.
 */
export async function updateProfile(deps: Deps, c: Context, userId: number, input: z.output<typeof profileBody>) {
  const { db } = deps;
  const user = await getUser(db, userId);
  let pendingEmail: string | undefined;
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.username !== undefined && input.username !== user.username) {
    if (await takenByOther(db, userId, users.username, input.username))
      throw fieldError(400, 'username', USERNAME_TAKEN);
    changes.username = input.username;
  }
  if (input.email !== undefined && input.email !== user.email) {
    if (!input.currentPassword)
      throw fieldError(400, 'currentPassword', 'Type your current password to change your email');
    await checkOwnPassword(deps, c, userId, input.currentPassword, 'currentPassword');
    if (await takenByOther(db, userId, users.email, input.email))
      throw fieldError(400, 'email', 'This email cannot be used');
    if (deps.mail?.configured) pendingEmail = input.email;
    else changes.email = input.email;
  }
  // mailed once the rest is saved, under the username it now has
  const done = async (row: typeof user) => {
    if (pendingEmail) await mailEmailChange(deps, c.req.url, row, pendingEmail);
    return { user: row, pendingEmail };
  };
  if (!Object.keys(changes).length) return done(user);
  try {
    const [updated] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (changes.username) await forgetCachedOwner(deps, userId);
    return done(updated ?? (await getUser(db, userId)));
  } catch (error) {
    // another account took the name or address meanwhile
    if (isUniqueViolation(error))
      throw fieldError(
        400,
        changes.username ? 'username' : 'email',
        changes.username ? USERNAME_TAKEN : 'This email cannot be used',
      );
    throw error;
  }
}
