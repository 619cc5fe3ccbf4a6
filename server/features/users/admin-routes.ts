import { Hono } from 'hono';
import { pageQuery } from '../../../lib/api/contract';
import type { Deps } from '../../http/env';
import { requireAdmin } from '../../http/require-admin';
import { query } from '../../http/validate';
import { listFeedbacks } from '../feedback/feedbacks';

/** Mounted at /api/admin, outside the user check: the operator's view, behind TROVE_ADMIN_TOKEN. */
export function adminRoutes({ db, adminToken }: Deps) {
  return new Hono()
    .use(requireAdmin(adminToken))
    .get('/feedbacks', async (c) => c.json(await listFeedbacks(db, query(c, pageQuery))));
}
