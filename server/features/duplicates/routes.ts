import { duplicatesApi } from '../../../lib/api/routes/duplicates';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { systemClock } from '../gems/trash';
import { listDuplicates } from './duplicates';
import { mergeDuplicates } from './merge';

/** The Duplicates view's routes, mounted at /api. */
export function duplicatesRoutes({ db, clock = systemClock }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(duplicatesApi.list, async (c, { query }) => ({
      status: 200,
      body: await listDuplicates(db, c.get('owner'), query),
    }))
    .implement(duplicatesApi.merge, async (c, { body }) => ({
      status: 200,
      body: { data: await mergeDuplicates(db, c.get('owner'), body, clock) },
    })).app;
}
