import { linkApi } from '../../../lib/api/routes/links';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { gemLinkCheck, requestChecks } from './link-checks';
import { kickLinkWorkers } from './link-worker';

export function linkRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(linkApi.checkNow, async (c, { body }) => {
      const queued = await requestChecks(db, c.get('userId'), body.gemIds);
      if (queued > 0) kickLinkWorkers();
      return { status: 202, body: { data: { queued } } };
    })
    .implement(linkApi.get, async (c, { params }) => ({
      status: 200,
      body: { data: await gemLinkCheck(db, c.get('userId'), params.id) },
    })).app;
}
