import type { Share } from '../../../lib/api/sharing-contract';
import type { Db } from '../../db/client';

/**
 * Where an invitation becomes an email, once the mail module exists (sendMail, built with the operator's SMTP
 * settings): to the invitee's address, with a link to the library's "Shared with me". Until then, and whenever SMTP is
 * not configured, the invitation works in the app alone: it shows in the invitee's `GET /api/share-invitations`.
 */
export async function sendInvitationMail(_db: Db, _share: Share): Promise<void> {}
