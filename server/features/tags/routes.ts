import { tagApi } from '../../../lib/api/routes/tags';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { withPaths } from './tag-paths';
import { findOrCreateTag, listTags, toTag } from './tags';

/** Tags: creating a name the user already has returns that tag, so "create on the fly" never duplicates. */
export function tagRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api/tags')
    .implement(tagApi.list, async (c) => {
      const rows = await listTags(db, c.get('userId'));
      return { status: 200, body: { data: withPaths(rows), total: rows.length } };
    })
    .implement(tagApi.create, async (c, { body }) => {
      const tag = await findOrCreateTag(db, c.get('userId'), body.data.tag, body.data.parentId);
      return { status: 201, body: { data: toTag(tag) } };
    }).app;
}
