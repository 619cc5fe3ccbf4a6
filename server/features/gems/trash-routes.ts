import { trashApi } from '../../../lib/api/routes/trash';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { deleteTrashed, emptyTrash, listTrash, restoreGems } from './trash';

/** The trash (server/features/gems/trash.ts), mounted at /api. */
export function trashRoutes({ db, files }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(trashApi.list, async (c, { query }) => ({
      status: 200,
      body: await listTrash(db, c.get('owner'), query),
    }))
    .implement(trashApi.restore, async (c, { body }) => {
      const data = await restoreGems(db, c.get('owner'), body.ids);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(trashApi.empty, async (c) => ({
      status: 200,
      body: { data: { deleted: await emptyTrash(db, files.store, c.get('userId')) } },
    }))
    .implement(
      trashApi.deleteOne,
      async (c, { params }) => ({
        status: 200,
        body: { data: await deleteTrashed(db, files.store, c.get('userId'), params.id) },
      }),
      { match: { id: '[0-9]+' } },
    ).app;
}
