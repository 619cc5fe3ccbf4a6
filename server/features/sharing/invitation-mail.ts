import { eq } from 'drizzle-orm';
import type { Share } from '../../../lib/api/sharing-contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { composeMail } from '../../mail/compose';
import type { Mailer } from '../../mail/mail';

/**
 * An invitation as an email, when the operator configured SMTP (README, "Mail"): to the invitee's address (the one
 * invited, or their account's). Without SMTP, or when the mail fails, the invitation works in the app alone: it shows
 * in the invitee's `GET /api/share-invitations` and the library's Shared with me. Not awaited by the route.
 */
export async function mailInvitation(db: Db, mail: Mailer | undefined, share: Share, server: string): Promise<void> {
  if (!mail?.configured) return;
  const to =
    share.invitee.email ??
    (share.invitee.id === null
      ? null
      : ((await db.select({ email: users.email }).from(users).where(eq(users.id, share.invitee.id)))[0]?.email ??
        null));
  if (!to) return;
  const who = share.invitedBy?.username ?? 'Someone';
  const what = `the ${share.kind} "${share.resourceName}"`;
  const message = composeMail({
    subject:
      share.kind === 'team' ? `${who} invited you to ${what} on Trove` : `${who} shared ${what} with you on Trove`,
    paragraphs: [
      `${who} invited you to ${what} as ${share.role} on the Trove server at ${server}.`,
      share.invitee.id === null
        ? `To accept, sign up on that server with this address (${to}) in the Trove browser extension, then open the library's Shared with me.`
        : share.kind === 'team'
          ? "To accept or decline, open the Trove browser extension's options page: the invitation is under Teams."
          : 'To accept or decline, open the library of the Trove browser extension: the invitation is under Shared with me.',
    ],
  });
  await mail.sendMail({ to, ...message });
}
