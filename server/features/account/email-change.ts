import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { emailChanges, users } from '../../db/schema';
import type { Deps } from '../../http/env';
import { composeMail, publicLink } from '../../mail/compose';
import { hashCode, newSecret } from '../operator/registration';
import { baseUrlOf } from '../uploads/upload-files';

/**
 * A new email waits for its confirmation when SMTP is set (README, "Your account"): a one-time link (128 random bits,
 * only its hash kept, EMAIL_CHANGE_HOURS) goes to the new address, a notice to the old one, and the email changes only
 * when the link's page is confirmed. Without SMTP no link could reach anyone, so the email changes at once, as before.
 */

export const EMAIL_CHANGE_HOURS = 24;

export const confirmEmailPath = (token: string) => `confirm-email/${encodeURIComponent(token)}`;

/** Starts a change of `userId`'s email to `newEmail`: earlier unconfirmed changes of theirs die. */
export async function createEmailChange(db: Db, userId: number, newEmail: string): Promise<string> {
  const token = newSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      userId,
      newEmail,
      tokenHash: hashCode(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3600 * 1000),
    });
  });
  return token;
}

const live = (token: string) =>
  and(eq(emailChanges.tokenHash, hashCode(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`));

/** The account and new address of a live (unused, unexpired) link, or undefined. */
export async function emailChangeTarget(db: Db, token: string) {
  const [row] = await db
    .select({ username: users.username, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(live(token));
  return row;
}

export type EmailChangeOutcome = { done: true; newEmail: string } | { done: false; reason: 'dead' | 'taken' };

/**
 * Spends the link and sets the email, in one transaction: two confirmations at once cannot both spend it, and an
 * address another account took meanwhile leaves the link unspent and the email as it was.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<EmailChangeOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(emailChanges)
        .set({ usedAt: sql`now()` })
        .where(live(token))
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!spent) return { done: false, reason: 'dead' } as const;
      await tx.update(users).set({ email: spent.newEmail, updatedAt: new Date() }).where(eq(users.id, spent.userId));
      return { done: true, newEmail: spent.newEmail } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { done: false, reason: 'taken' };
    throw error;
  }
}

/** Mails the link to the new address and a notice to the old one; the answer does not wait for either. */
export async function mailEmailChange(
  deps: Pick<Deps, 'db' | 'mail' | 'files'>,
  requestUrl: string,
  user: { id: number; username: string; email: string },
  newEmail: string,
) {
  const { mail } = deps;
  if (!mail?.configured) return;
  const token = await createEmailChange(deps.db, user.id, newEmail);
  const link = publicLink(baseUrlOf(deps.files.publicUrl, requestUrl), confirmEmailPath(token));
  const confirm = composeMail({
    subject: 'Confirm your new email for Trove',
    paragraphs: [
      `The Trove account ${user.username} asked to use this address from now on.`,
      `Open the link below and confirm, within ${EMAIL_CHANGE_HOURS} hours; until then the account keeps its old address. If you did not ask, ignore this mail.`,
    ],
    link: { href: link, label: 'Confirm this address' },
  });
  const notice = composeMail({
    subject: 'Your Trove email is about to change',
    paragraphs: [
      `Someone signed in to the Trove account ${user.username} asked to change its email from this address to ${newEmail}.`,
      'It changes only when the link mailed to the new address is opened and confirmed. If this was not you, change your password now (options page → Account), which also signs out every other sign-in.',
    ],
  });
  void mail.sendMail({ to: newEmail, ...confirm });
  void mail.sendMail({ to: user.email, ...notice });
}
