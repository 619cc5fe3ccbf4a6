import { BULK_INLINE_LIMIT } from '../../../lib/api/bulk-contract';
import { bulkApi } from '../../../lib/api/routes/bulk';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { createJob, getOwnedJob, listJobs, toBulkJob } from './jobs';
import { undoJob } from './undo';
import { kickBulkWorkers } from './worker';

export function bulkRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api/bulk-jobs')
    .implement(bulkApi.create, async (c, { body }) => {
      const job = await createJob(db, c.get('userId'), body, BULK_INLINE_LIMIT);
      if (job.status === 'queued') {
        kickBulkWorkers();
        return { status: 202, body: { data: toBulkJob(job) } };
      }
      return { status: 201, body: { data: toBulkJob(job) } };
    })
    .implement(bulkApi.list, async (c) => {
      const data = (await listJobs(db, c.get('userId'))).map(toBulkJob);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(bulkApi.get, async (c, { params }) => ({
      status: 200,
      body: { data: toBulkJob(await getOwnedJob(db, c.get('userId'), params.id)) },
    }))
    .implement(bulkApi.undo, async (c, { params }) => ({
      status: 200,
      body: { data: toBulkJob(await undoJob(db, c.get('userId'), params.id)) },
    })).app;
}
