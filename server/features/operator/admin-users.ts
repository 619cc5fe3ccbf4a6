import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AdminUser } from '../../../lib/api/operator-contract';
import type { Db } from '../../db/client';
import { uploads, userAiSettings, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { fileNameOf } from '../uploads/upload-files';
import { NO_PASSWORD } from '../users/users';
import { signOutEverywhere } from './sessions';

/** The admin page's users: what each holds and uses, one statement (counted per user by correlated sub-queries). */
const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  // written out: drizzle leaves the table off a column inside a sub-query, where "id" would be the inner table's
  lastSignInAt: sql<string | null>`(select max(a.last_at) from sign_in_addresses a where a.user_id = "users"."id")`,
  gemsCount: sql<number>`(select count(*)::int from gems g where g.owner_id = "users"."id" and g.deleted_at is null)`,
  storageBytes: sql<number>`(select coalesce(sum(f.size), 0)::bigint from uploads f where f.owner_id = "users"."id")`,
  credits: sql<number | null>`(select s.credits from user_ai_settings s where s.user_id = "users"."id")`,
};

type AdminUserRow = { [K in keyof typeof adminUserColumns]: unknown } & {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  disabledAt: Date | null;
  createdAt: Date;
};

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  isAdmin: row.isAdmin,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: iso(row.lastSignInAt),
  gemsCount: Number(row.gemsCount),
  storageBytes: Number(row.storageBytes),
  credits: row.credits === null ? null : Number(row.credits),
});

export async function listAdminUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .where(ne(users.passwordHash, NO_PASSWORD))
    .orderBy(asc(users.id))
    .limit(10_000);
  return rows.map(toAdminUser);
}

export async function adminUser(db: Db, id: number): Promise<AdminUser> {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .where(and(eq(users.id, id), ne(users.passwordHash, NO_PASSWORD)));
  if (!row) throw new ApiError(404, 'User not found');
  return toAdminUser(row);
}

export const DISABLED_MESSAGE = 'This account is disabled by the server’s administrator';

const notSelf = (actingAdmin: number | null, id: number, what: string) => {
  if (actingAdmin === id) throw new ApiError(400, `You cannot ${what} your own account from the admin page`);
};

/** Disables (signing the user out everywhere) or enables an account. */
export async function setDisabled(deps: { db: Db }, actingAdmin: number | null, id: number, disabled: boolean) {
  if (disabled) notSelf(actingAdmin, id, 'disable');
  const [row] = await deps.db
    .update(users)
    .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (!row) throw new ApiError(404, 'User not found');
  if (disabled) await signOutEverywhere(deps, id);
  return adminUser(deps.db, id);
}

/** Sets the house-model credits (creating the AI settings row when the user never used them). */
export async function setCredits(db: Db, id: number, credits: number) {
  await adminUser(db, id);
  await db
    .insert(userAiSettings)
    .values({ userId: id, credits })
    .onConflictDoUpdate({ target: userAiSettings.userId, set: { credits, updatedAt: sql`now()` } });
  return adminUser(db, id);
}

/**
 * Deletes an account: its rows go by the foreign keys' cascades, its stored files (folder or bucket) after them,
 * so a file is never removed while a row still points at it.
 */
export async function deleteAccount(deps: { db: Db; store: FileStore }, actingAdmin: number | null, id: number) {
  notSelf(actingAdmin, id, 'delete');
  await signOutEverywhere(deps, id);
  const files = await deps.db
    .select({ key: uploads.key, mime: uploads.mime })
    .from(uploads)
    .where(eq(uploads.ownerId, id));
  const [deleted] = await deps.db
    .delete(users)
    .where(and(eq(users.id, id), ne(users.passwordHash, NO_PASSWORD)))
    .returning({ id: users.id });
  if (!deleted) throw new ApiError(404, 'User not found');
  await Promise.allSettled(files.map((file) => deps.store.delete(fileNameOf(file))));
}
