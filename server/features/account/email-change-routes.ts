import { accountApi } from '../../../lib/api/routes/account';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { readPlainForm } from '../../http/form';
import { clientAddress, enforceLimit } from '../../http/rate-limit';
import { OPERATOR_PAGE_HEADERS } from '../operator/page-shell';
import { confirmEmailChange, emailChangeTarget } from './email-change';
import { confirmEmailPage, emailChangeDeadPage, emailChangedPage, emailTakenPage } from './email-change-page';

/** Mounted at the root: the page of an email-change link and its confirm button (README, "Your account"). */
export function emailChangePageRoutes(deps: Deps) {
  const { db } = deps;
  const { trustedProxies, limits } = deps.requests;
  return contractRoutes('')
    .implement(accountApi.confirmEmailPage, async (c, { params }) => {
      const target = await emailChangeTarget(db, params.token);
      const page = target ? confirmEmailPage(target.username, target.newEmail) : emailChangeDeadPage();
      return c.body(page, 200, OPERATOR_PAGE_HEADERS);
    })
    .implement(accountApi.confirmEmailSubmit, async (c, { params }) => {
      const address = clientAddress(c, trustedProxies);
      await enforceLimit(c, db, limits.passwordResetPerAddress, `confirm-email:address:${address}`, 'Too many tries');
      const form = await readPlainForm(c);
      if (form instanceof Response) return form;
      const outcome = await confirmEmailChange(db, params.token);
      if (outcome.done) return c.body(emailChangedPage(outcome.newEmail), 200, OPERATOR_PAGE_HEADERS);
      if (outcome.reason === 'taken') return c.body(emailTakenPage(), 409, OPERATOR_PAGE_HEADERS);
      return c.body(emailChangeDeadPage(), 200, OPERATOR_PAGE_HEADERS);
    }).app;
}
