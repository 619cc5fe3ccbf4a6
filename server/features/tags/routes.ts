import { tagApi, tagTreeApi } from '../../../lib/api/routes/tags';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { withPaths } from './tag-paths';
import { deleteAllTags, deleteTags, mergeTags, setTagColors, subTags, tagCounts, updateTag } from './tag-tree';
import { createTagPath, listTags, toTag } from './tags';

const numericId = { match: { id: '[0-9]+' } };

/**
 * Tags, mounted at /api: creating a name the user already has returns that tag, so "create on the fly" never
 * duplicates; a path `a/b` nests (server/features/tags/tag-tree.ts).
 */
export function tagRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(tagApi.list, async (c) => {
      const rows = await listTags(db, c.get('userId'));
      return { status: 200, body: { data: withPaths(rows), total: rows.length } };
    })
    .implement(tagApi.create, async (c, { body }) => {
      const tag = await createTagPath(db, c.get('userId'), body.data.tag, body.data.parentId);
      return { status: 201, body: { data: toTag(tag) } };
    })
    .implement(
      tagTreeApi.update,
      async (c, { params, body }) => ({
        status: 200,
        body: { data: await updateTag(db, c.get('userId'), params.id, body.data) },
      }),
      numericId,
    )
    .implement(
      tagTreeApi.delete,
      async (c, { params }) => {
        await deleteTags(db, c.get('userId'), [params.id]);
        return { status: 200, body: { data: { id: params.id } } };
      },
      numericId,
    )
    .implement(
      tagTreeApi.merge,
      async (c, { params }) => ({
        status: 200,
        body: { data: await mergeTags(db, c.get('userId'), params.id, params.into) },
      }),
      numericId,
    )
    .implement(tagTreeApi.children, async (c, { params, query }) => ({
      status: 200,
      body: await subTags(db, c.get('userId'), params.id, query),
    }))
    .implement(tagTreeApi.colors, async (c, { body }) => {
      const data = await setTagColors(db, c.get('userId'), body.data);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(tagTreeApi.counts, async (c) => {
      const data = await tagCounts(db, c.get('userId'));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(tagTreeApi.deleteMany, async (c, { body }) => ({
      status: 200,
      body: { data: { deleted: await deleteTags(db, c.get('userId'), body.ids, 'ids') } },
    }))
    .implement(tagTreeApi.deleteAll, async (c, { query }) => ({
      status: 200,
      body: { data: { deleted: await deleteAllTags(db, c.get('userId'), query.expected) } },
    })).app;
}
