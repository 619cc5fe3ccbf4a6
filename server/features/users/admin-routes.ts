import { adminApi } from '../../../lib/api/routes/admin';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { requireAdmin } from '../../http/require-admin';
import { listFeedbacks } from '../feedback/feedbacks';

/** Mounted at /api/admin, outside the user check: the operator's view, behind TROVE_ADMIN_TOKEN. */
export function adminRoutes({ db, adminToken }: Deps) {
  const routes = contractRoutes('/api/admin');
  routes.app.use(requireAdmin(adminToken));
  return routes.implement(adminApi.feedbacks, async (_, { query }) => ({
    status: 200,
    body: await listFeedbacks(db, query),
  })).app;
}
