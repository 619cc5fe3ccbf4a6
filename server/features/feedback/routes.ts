import { feedbackApi } from '../../../lib/api/routes/feedbacks';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { baseUrlOf } from '../uploads/upload-files';
import { createFeedback, listFeedbacks } from './feedbacks';

/**
 * Mounted at /api/feedbacks behind the user check: bug reports from the extension. `populate` is accepted; tags and
 * author always come populated.
 */
export function feedbackRoutes({ db, files }: Deps) {
  return contractRoutes<AppEnv>('/api/feedbacks')
    .implement(feedbackApi.create, async (c, { body: { data } }) => {
      const feedback = await createFeedback(db, c.get('userId'), data, baseUrlOf(files.publicUrl, c.req.url));
      return { status: 201, body: { data: feedback } };
    })
    .implement(feedbackApi.list, async (c, { query: { page, perPage } }) => ({
      status: 200,
      body: await listFeedbacks(db, { authorId: c.get('userId'), page, perPage }),
    })).app;
}
