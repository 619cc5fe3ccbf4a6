import { FORGOT_PASSWORD_ANSWER } from '../../../lib/api/operator-contract';
import { operatorApi } from '../../../lib/api/routes/operator';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { readPlainForm } from '../../http/form';
import { clientAddress, enforceLimit } from '../../http/rate-limit';
import { composeMail, publicLink } from '../../mail/compose';
import { baseUrlOf } from '../uploads/upload-files';
import { findUserByIdentifier } from '../users/users';
import { OPERATOR_PAGE_HEADERS } from './page-shell';
import { createResetToken, RESET_MINUTES, resetPassword, resetPath, resetTarget } from './password-resets';
import { registrationMode } from './registration';
import { invitationPage, resetDeadPage, resetDonePage, resetFormPage, weakPasswordMessage } from './reset-page';

/** "Forgot password?" mails an account at most this often (besides the per-address limit of server/auth/limits.ts). */
const FORGOT_PER_ACCOUNT = { max: 3, windowSeconds: 3600 };

/** Mounted at /api/auth beside the sign-in routes: what sign-in offers, and "Forgot password?". */
export function operatorAuthRoutes(deps: Deps) {
  const { db, mail, files } = deps;
  const { trustedProxies, limits } = deps.requests;
  const perAddress = limits.passwordResetPerAddress;
  return contractRoutes('/api/auth')
    .implement(operatorApi.signInOptions, async () => ({
      status: 200,
      body: {
        data: {
          registration: await registrationMode(db, deps.registration ?? 'open'),
          passwordReset: mail?.configured ? ('mail' as const) : ('operator' as const),
          oidc: deps.oidc ? { name: deps.oidc.settings.name } : null,
        },
      },
    }))
    .implement(operatorApi.forgotPassword, async (c, { body }) => {
      const address = clientAddress(c, trustedProxies);
      await enforceLimit(c, db, perAddress, `forgot:address:${address}`, 'Too many reset requests from this address');
      const identifier = body.identifier.toLowerCase();
      await enforceLimit(c, db, FORGOT_PER_ACCOUNT, `forgot:account:${identifier}`, 'Too many reset requests');
      const user = await findUserByIdentifier(db, identifier);
      if (user && !user.disabledAt && mail?.configured) {
        const link = publicLink(baseUrlOf(files.publicUrl, c.req.url), resetPath(await createResetToken(db, user.id)));
        const message = composeMail({
          subject: 'Reset your Trove password',
          paragraphs: [
            `Someone (we hope you) asked to reset the password of the Trove account ${user.username}.`,
            `The link below works once, for ${RESET_MINUTES} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
          ],
          link: { href: link, label: 'Choose a new password' },
        });
        // Not awaited: the answer must not take longer when an account matched.
        void mail.sendMail({ to: user.email, ...message });
      }
      return { status: 202, body: { data: { message: FORGOT_PASSWORD_ANSWER } } };
    }).app;
}

/** Mounted at the root: the pages of reset and invitation links (plain HTML, no script). */
export function operatorPageRoutes(deps: Deps) {
  const { db } = deps;
  const { trustedProxies, limits } = deps.requests;
  const perAddress = limits.passwordResetPerAddress;
  return contractRoutes('')
    .implement(operatorApi.resetPage, async (c, { params }) => {
      const target = await resetTarget(db, params.token);
      return c.body(target ? resetFormPage(target.username) : resetDeadPage(), 200, OPERATOR_PAGE_HEADERS);
    })
    .implement(operatorApi.resetSubmit, async (c, { params }) => {
      const address = clientAddress(c, trustedProxies);
      await enforceLimit(c, db, perAddress, `reset:address:${address}`, 'Too many password resets from this address');
      const form = await readPlainForm(c);
      if (form instanceof Response) return form;
      const target = await resetTarget(db, params.token);
      if (!target) return c.body(resetDeadPage(), 200, OPERATOR_PAGE_HEADERS);
      const password = typeof form.password === 'string' ? form.password : '';
      const confirm = typeof form.confirm === 'string' ? form.confirm : '';
      const weak = weakPasswordMessage(password, confirm);
      if (weak) return c.body(resetFormPage(target.username, weak), 400, OPERATOR_PAGE_HEADERS);
      const done = await resetPassword(deps, params.token, password);
      return c.body(done ? resetDonePage() : resetDeadPage(), 200, OPERATOR_PAGE_HEADERS);
    })
    .implement(operatorApi.invitationPage, async (c, { params }) =>
      c.body(invitationPage(params.code), 200, OPERATOR_PAGE_HEADERS),
    ).app;
}
