import { eq, or, sql } from 'drizzle-orm';
import type { User } from '../../../lib/api/contract';
import type { RegistrationMode } from '../../../lib/api/operator-contract';
import { checkPassword, hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { collections, users } from '../../db/schema';
import type { TagRow, UserRow } from '../../db/types';
import { ApiError, fieldErrors } from '../../http/errors';
import { CLOSED_MESSAGE, claimInvitation, markInvitationUsed } from '../operator/registration';
import { toTag } from '../tags/tags';

/** The password hash of accounts no one signs in to (the starter prompts' author). */
export const NO_PASSWORD = '!';

/** The advisory lock sign-ups take to decide the first admin (any fixed number; only this code takes it). */
const FIRST_ADMIN_LOCK = 7_301_032;

export const toUser = (row: UserRow, userTags?: TagRow[]): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  display_name: row.displayName,
  unfiltered_collection_id: row.unfilteredCollectionId,
  ai_chats_collection_id: row.aiChatsCollectionId,
  is_admin: row.isAdmin,
  createdAt: row.createdAt.toISOString(),
  ...(userTags ? { tags: userTags.map(toTag) } : {}),
});

export const DEFAULT_COLLECTIONS = { unfiltered: 'Unfiltered', aiChats: 'AI Chats' } as const;

/**
 * A sign-up whose username or email is taken: one answer for both, naming both fields, so it never says
 * which of them is someone's (an email is private; Strapi answers the same way). See README, Sign-in protection.
 */
export const TAKEN = 'Username or email is already taken';
const taken = () =>
  fieldErrors(
    400,
    [
      { path: 'username', message: TAKEN },
      { path: 'email', message: TAKEN },
    ],
    TAKEN,
  );

/** Throws `taken()` when the username or email (any case) already belongs to someone. */
async function assertAvailable(db: Db, input: { username: string; email: string }) {
  // Folded by the database only, as its unique indexes fold them (JavaScript folds some letters otherwise).
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = lower(${input.username})`, sql`lower(${users.email}) = lower(${input.email})`),
    )
    .limit(1);
  if (found) throw taken();
}

/**
 * Creates an account under the registration mode (`open` when not given: the operator's command and tests): in
 * `invite` mode its invitation is spent in the same transaction. The first account of an empty server is its admin;
 * sign-ups take one lock for that check, so two first sign-ups at once cannot both be.
 */
export async function registerUser(
  db: Db,
  input: { username: string; email: string; password: string; invitation?: string },
  mode: RegistrationMode = 'open',
) {
  if (mode === 'closed') throw new ApiError(403, CLOSED_MESSAGE);
  // hashed first, so a taken sign-up takes as long to answer as one that goes on
  const passwordHash = await hashPassword(input.password);
  await assertAvailable(db, input);
  return createAccount(db, { username: input.username, email: input.email, passwordHash }, (tx) =>
    claimInvitation(tx, mode, input.invitation),
  );
}

/**
 * Inserts an account with its Unfiltered and AI Chats collections, in one transaction with `claim` (which spends the
 * invitation it needs, answering its id, or null): the first account of an empty server is its admin, decided under
 * one lock, so two first sign-ups at once cannot both be.
 */
export async function createAccount(
  db: Db,
  input: { username: string; email: string; passwordHash: string; passwordSet?: boolean },
  claim: (tx: Db) => Promise<number | null>,
) {
  const { passwordHash } = input;
  try {
    return await db.transaction(async (tx) => {
      const invite = await claim(tx as unknown as Db);
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          passwordSet: input.passwordSet ?? true,
          // the starter prompts' author (password hash '!') signs in never and counts for nothing here
          isAdmin: sql`not exists (select 1 from ${users} where ${users.passwordHash} <> ${NO_PASSWORD})`,
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      if (invite !== null) await markInvitationUsed(tx as unknown as Db, invite, user.id);
      const [unfiltered, aiChats] = await tx
        .insert(collections)
        .values([
          { ownerId: user.id, name: DEFAULT_COLLECTIONS.unfiltered, isUnfiltered: true },
          { ownerId: user.id, name: DEFAULT_COLLECTIONS.aiChats },
        ])
        .returning();
      const [updated] = await tx
        .update(users)
        .set({ unfilteredCollectionId: unfiltered?.id, aiChatsCollectionId: aiChats?.id })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new Error('update returned no row');
      return updated;
    });
  } catch (error) {
    // a concurrent sign-up took the name or email meanwhile
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The user whose username or email (any case) is `identifier`, or undefined. */
export async function findUserByIdentifier(db: Db, identifier: string) {
  const lower = identifier.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, sql`lower(${users.email}) = ${lower}`));
  return user;
}

/**
 * The user if the password is theirs, else null. An unknown user costs the same one hash computation
 * (against a dummy hash), so neither the answer nor its time tells who has an account.
 */
export async function authenticate(user: Awaited<ReturnType<typeof findUserByIdentifier>>, password: string) {
  return (await checkPassword(user?.passwordHash, password)) && user ? user : null;
}

export async function getUser(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new ApiError(401, 'User no longer exists');
  return user;
}
