import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { REGISTRATION_MODES, type RegistrationMode } from '../../../lib/api/operator-contract';
import type { Db } from '../../db/client';
import { registrationInvites, serverSettings } from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';

/**
 * Who may register (README, "Running Trove for a group"): TROVE_REGISTRATION sets the default; an admin's choice on
 * the admin page is stored and overrides it, so an operator can close sign-ups without a restart.
 */

export const INVITE_DAYS = 14;
const SETTING = 'registration';

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
/** 128 random bits, URL-safe. */
export const newSecret = () => randomBytes(16).toString('base64url');

export async function registrationMode(db: Db, fallback: RegistrationMode): Promise<RegistrationMode> {
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING));
  const stored = row?.value;
  return REGISTRATION_MODES.includes(stored as RegistrationMode) ? (stored as RegistrationMode) : fallback;
}

export async function setRegistrationMode(db: Db, mode: RegistrationMode): Promise<void> {
  await db
    .insert(serverSettings)
    .values({ key: SETTING, value: mode })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: mode, updatedAt: sql`now()` } });
}

export const CLOSED_MESSAGE = 'Registration is closed on this server: ask its administrator for an account';
export const INVITE_ONLY_MESSAGE = 'Registration on this server is by invitation: enter the code of your invitation';
export const BAD_INVITE_MESSAGE = 'This invitation is not valid: it was used, withdrawn or has expired';

/**
 * Checks that a sign-up may go on under `mode`; in `invite` mode, claims the invitation (one use) inside the
 * caller's transaction, answering its id to mark who used it.
 */
export async function claimInvitation(tx: Db, mode: RegistrationMode, code: string | undefined) {
  if (mode === 'closed') throw new ApiError(403, CLOSED_MESSAGE);
  if (mode === 'open') return null;
  if (!code) throw new ApiError(403, INVITE_ONLY_MESSAGE);
  const [claimed] = await tx
    .update(registrationInvites)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(registrationInvites.codeHash, hashCode(code)),
        isNull(registrationInvites.usedAt),
        gt(registrationInvites.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: registrationInvites.id });
  if (!claimed) throw fieldError(400, 'invitation', BAD_INVITE_MESSAGE);
  return claimed.id;
}

export async function markInvitationUsed(tx: Db, inviteId: number, userId: number) {
  await tx.update(registrationInvites).set({ usedBy: userId }).where(eq(registrationInvites.id, inviteId));
}

/** A new invitation (or a new code for invitation `id`, the old code dying): its row and the code, shown once. */
export async function issueInvitation(db: Db, input: { email: string | null; createdBy: number | null; id?: number }) {
  const code = newSecret();
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 3600 * 1000);
  if (input.id !== undefined) {
    const [row] = await db
      .update(registrationInvites)
      .set({ codeHash: hashCode(code), expiresAt })
      .where(and(eq(registrationInvites.id, input.id), isNull(registrationInvites.usedAt)))
      .returning();
    if (!row) throw new ApiError(404, 'Invitation not found (or already used)');
    return { row, code };
  }
  const [row] = await db
    .insert(registrationInvites)
    .values({ email: input.email, createdBy: input.createdBy, codeHash: hashCode(code), expiresAt })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { row, code };
}

export const listInvitations = (db: Db) =>
  db.select().from(registrationInvites).orderBy(desc(registrationInvites.id)).limit(500);

export async function withdrawInvitation(db: Db, id: number) {
  const [row] = await db.delete(registrationInvites).where(eq(registrationInvites.id, id)).returning();
  if (!row) throw new ApiError(404, 'Invitation not found');
}
