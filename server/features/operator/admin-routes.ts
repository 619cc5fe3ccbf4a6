import { adminApi } from '../../../lib/api/routes/admin';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { type AdminEnv, requireAdmin } from '../../http/require-admin';
import { composeMail, publicLink } from '../../mail/compose';
import { listFeedbacks } from '../feedback/feedbacks';
import { baseUrlOf } from '../uploads/upload-files';
import { adminUser, deleteAccount, listAdminUsers, setCredits, setDisabled } from './admin-users';
import { createResetToken, resetPath } from './password-resets';
import {
  INVITE_DAYS,
  issueInvitation,
  listInvitations,
  registrationMode,
  setRegistrationMode,
  withdrawInvitation,
} from './registration';

type InviteRow = Awaited<ReturnType<typeof listInvitations>>[number];

const toInvitation = (row: InviteRow) => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
  status: row.usedAt
    ? ('used' as const)
    : row.expiresAt.getTime() <= Date.now()
      ? ('expired' as const)
      : ('pending' as const),
});

/** Mounted at /api/admin, outside the user check: the admin page's routes, for admin users and the operator's token. */
export function adminRoutes(deps: Deps) {
  const { db, files, mail } = deps;
  const routes = contractRoutes<AdminEnv>('/api/admin');
  routes.app.use(requireAdmin(deps));

  /** An invitation with its code and link, mailed when it has an address and SMTP is configured. */
  const issued = async (requestUrl: string, input: Parameters<typeof issueInvitation>[1]) => {
    const { row, code } = await issueInvitation(db, input);
    const link = publicLink(baseUrlOf(files.publicUrl, requestUrl), `invitation/${encodeURIComponent(code)}`);
    let mailed = false;
    if (row.email && mail?.configured) {
      const message = composeMail({
        subject: 'You are invited to Trove',
        paragraphs: [
          'You are invited to create an account on a Trove server: save pages, keep them in collections and chat about them.',
          `Open the link for your invitation code; it works once, within ${INVITE_DAYS} days.`,
        ],
        link: { href: link, label: 'Your invitation' },
      });
      mailed = (await mail.sendMail({ to: row.email, ...message })).sent;
    }
    return { data: { ...toInvitation(row), code, link, mailed } };
  };

  return routes
    .implement(adminApi.feedbacks, async (_, { query }) => ({ status: 200, body: await listFeedbacks(db, query) }))
    .implement(adminApi.users, async () => {
      const data = await listAdminUsers(db);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(adminApi.disableUser, async (c, { params }) => ({
      status: 200,
      body: { data: await setDisabled(deps, c.get('adminUserId'), params.id, true) },
    }))
    .implement(adminApi.enableUser, async (c, { params }) => ({
      status: 200,
      body: { data: await setDisabled(deps, c.get('adminUserId'), params.id, false) },
    }))
    .implement(adminApi.deleteUser, async (c, { params }) => {
      await deleteAccount({ db, store: files.store }, c.get('adminUserId'), params.id);
      return { status: 200, body: { data: { ok: true as const } } };
    })
    .implement(adminApi.setCredits, async (_, { params, body }) => ({
      status: 200,
      body: { data: await setCredits(db, params.id, body.credits) },
    }))
    .implement(adminApi.resetLink, async (c, { params }) => {
      await adminUser(db, params.id);
      const token = await createResetToken(db, params.id);
      return {
        status: 201,
        body: { data: { link: publicLink(baseUrlOf(files.publicUrl, c.req.url), resetPath(token)) } },
      };
    })
    .implement(adminApi.invitations, async () => {
      const rows = await listInvitations(db);
      return { status: 200, body: { data: rows.map(toInvitation), total: rows.length } };
    })
    .implement(adminApi.createInvitation, async (c, { body }) => ({
      status: 201,
      body: await issued(c.req.url, { email: body.email ?? null, createdBy: c.get('adminUserId') }),
    }))
    .implement(adminApi.resendInvitation, async (c, { params }) => ({
      status: 200,
      body: await issued(c.req.url, { email: null, createdBy: null, id: params.id }),
    }))
    .implement(adminApi.withdrawInvitation, async (_, { params }) => {
      await withdrawInvitation(db, params.id);
      return { status: 200, body: { data: { ok: true as const } } };
    })
    .implement(adminApi.registration, async () => ({
      status: 200,
      body: { data: { mode: await registrationMode(db, deps.registration ?? 'open') } },
    }))
    .implement(adminApi.setRegistration, async (_, { body }) => {
      await setRegistrationMode(db, body.mode);
      return { status: 200, body: { data: { mode: body.mode } } };
    }).app;
}
