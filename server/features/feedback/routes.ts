import { Hono } from 'hono';
import { createFeedbackBody, pageQuery, populateQuery } from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody, query } from '../../http/validate';
import { baseUrlOf } from '../uploads/upload-files';
import { createFeedback, listFeedbacks } from './feedbacks';

/**
 * Mounted at /api/feedbacks behind the user check: bug reports from the extension. `populate` is accepted; tags and
 * author always come populated.
 */
export function feedbackRoutes({ db, files }: Deps) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      query(c, populateQuery);
      const { data } = await jsonBody(c, createFeedbackBody);
      const feedback = await createFeedback(db, c.get('userId'), data, baseUrlOf(files.publicUrl, c.req.url));
      return c.json({ data: feedback }, 201);
    })
    .get('/', async (c) => {
      const { page, perPage } = query(c, pageQuery.extend(populateQuery.shape));
      return c.json(await listFeedbacks(db, { authorId: c.get('userId'), page, perPage }));
    });
}
