import type { Context } from 'hono';
import { sharingApi } from '../../../lib/api/routes/sharing';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { baseUrlOf } from '../uploads/upload-files';
import { mailInvitation } from './invitation-mail';
import { pendingInvitations, respond, sharedWithMe } from './invitations';
import {
  changeRole,
  type InviteInput,
  invite,
  listShares,
  ownShareOf,
  removeShare,
  type ShareKind,
  setSharesInherit,
} from './shares';

/** Sharing collections and tags with people; mounted at /api. */
export function sharingRoutes({ db, mail, files }: Deps) {
  const inviteAndMail = async (c: Context<AppEnv>, kind: ShareKind, id: number, input: InviteInput) => {
    const share = await invite(db, c.get('userId'), kind, id, input);
    void mailInvitation(db, mail, share, baseUrlOf(files.publicUrl, c.req.url));
    return { status: 201 as const, body: { data: share } };
  };
  return contractRoutes<AppEnv>('/api')
    .implement(sharingApi.inviteToCollection, (c, { params, body }) =>
      inviteAndMail(c, 'collection', params.id, body.data),
    )
    .implement(sharingApi.inviteToTag, (c, { params, body }) => inviteAndMail(c, 'tag', params.id, body.data))
    .implement(sharingApi.collectionShares, async (c, { params }) => {
      const data = await listShares(db, c.get('userId'), 'collection', params.id);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(sharingApi.tagShares, async (c, { params }) => {
      const data = await listShares(db, c.get('userId'), 'tag', params.id);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(sharingApi.updateShare, async (c, { params, body }) => ({
      status: 200,
      body: { data: await changeRole(db, c.get('userId'), params.id, body.data.role) },
    }))
    .implement(sharingApi.deleteShare, async (c, { params }) => ({
      status: 200,
      body: { data: await removeShare(db, c.get('userId'), params.id) },
    }))
    .implement(sharingApi.removeAccess, async (c, { params, query }) => {
      const userId = c.get('userId');
      const shareId = query.shareId ?? (await ownShareOf(db, userId, params.id));
      return { status: 200, body: { data: await removeShare(db, userId, shareId, 'collection', params.id) } };
    })
    .implement(sharingApi.accept, async (c, { params }) => ({
      status: 200,
      body: { data: await respond(db, c.get('userId'), params.id, 'accepted') },
    }))
    .implement(sharingApi.decline, async (c, { params }) => ({
      status: 200,
      body: { data: await respond(db, c.get('userId'), params.id, 'declined') },
    }))
    .implement(sharingApi.invitations, async (c) => {
      const data = await pendingInvitations(db, c.get('userId'));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(sharingApi.sharedWithMe, async (c) => ({
      status: 200,
      body: { data: await sharedWithMe(db, c.get('userId')) },
    }))
    .implement(sharingApi.sharesInherit, async (c, { params, body }) => ({
      status: 200,
      body: { data: await setSharesInherit(db, c.get('userId'), params.id, body.data.inherit) },
    })).app;
}
