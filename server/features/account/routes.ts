import { and, eq } from 'drizzle-orm';
import { accountApi } from '../../../lib/api/routes/account';
import { hashPassword } from '../../auth/passwords';
import { users } from '../../db/schema';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { ApiError, notFound } from '../../http/errors';
import { toUser } from '../users/users';
import { blockSite, listBlockedSites, unblockSite } from './blocked-sites';
import { confirmDeletion, deleteUserData } from './delete-account';
import { checkOwnPassword } from './password-check';
import { checkUsername, updateProfile } from './profile';
import { listSessions, revokeSessions } from './sessions';

/** The signed-in user's own account (lib/api/routes/account.ts). */
export function accountRoutes(deps: Deps) {
  const { db } = deps;
  return contractRoutes<AppEnv>('/api')
    .implement(accountApi.changePassword, async (c, { body }) => {
      const userId = c.get('userId');
      await checkOwnPassword(deps, c, userId, body.currentPassword, 'currentPassword');
      const passwordHash = await hashPassword(body.password);
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      const signedOut = await revokeSessions(deps, userId, { except: c.get('sessionId') });
      return { status: 200, body: { data: { changed: true as const, signedOut: signedOut.length } } };
    })
    .implement(accountApi.passwordState, async (c) => {
      const [row] = await db
        .select({ set: users.passwordSet })
        .from(users)
        .where(eq(users.id, c.get('userId')));
      if (!row) throw notFound('User');
      return { status: 200, body: { data: { hasPassword: row.set } } };
    })
    .implement(accountApi.setPassword, async (c, { body }) => {
      const passwordHash = await hashPassword(body.password);
      // one conditional update: of two requests at once only the first sets it
      const set = await db
        .update(users)
        .set({ passwordHash, passwordSet: true, updatedAt: new Date() })
        .where(and(eq(users.id, c.get('userId')), eq(users.passwordSet, false)))
        .returning({ id: users.id });
      if (!set.length) throw new ApiError(409, 'Your account has a password: change it with your current password');
      return { status: 200, body: { data: { hasPassword: true } } };
    })
    .implement(accountApi.sessions, async (c) => ({
      status: 200,
      body: { data: await listSessions(db, c.get('userId'), c.get('sessionId')) },
    }))
    .implement(accountApi.signOutSession, async (c, { params: { id } }) => {
      const signedOut = await revokeSessions(deps, c.get('userId'), { only: id });
      if (!signedOut.length) throw notFound('Sign-in');
      return { status: 200, body: { data: { signedOut: signedOut.length } } };
    })
    .implement(accountApi.signOutOthers, async (c) => {
      const signedOut = await revokeSessions(deps, c.get('userId'), { except: c.get('sessionId') });
      return { status: 200, body: { data: { signedOut: signedOut.length } } };
    })
    .implement(accountApi.checkUsername, async (c, { query: { username } }) => ({
      status: 200,
      body: { data: await checkUsername(db, c.get('userId'), username) },
    }))
    .implement(accountApi.updateProfile, async (c, { params: { id }, body }) => {
      if (id !== c.get('userId')) throw notFound('User');
      const { user, pendingEmail } = await updateProfile(deps, c, id, body);
      return { status: 200, body: { ...toUser(user), ...(pendingEmail ? { pending_email: pendingEmail } : {}) } };
    })
    .implement(accountApi.blockedSites, async (c) => ({
      status: 200,
      body: { data: await listBlockedSites(db, c.get('userId')) },
    }))
    .implement(accountApi.blockSite, async (c, { body }) => ({
      status: 200,
      body: { data: await blockSite(db, c.get('userId'), body.data.host) },
    }))
    .implement(accountApi.unblockSite, async (c, { body }) => ({
      status: 200,
      body: { data: await unblockSite(db, c.get('userId'), body.data.host) },
    }))
    .implement(accountApi.deleteAccount, async (c, { body }) => {
      const userId = c.get('userId');
      await confirmDeletion(deps, c, userId, body.data);
      const deleted = await deleteUserData(deps, userId);
      return { status: 200, body: { data: { deleted: true as const, ...deleted } } };
    }).app;
}
