import { Hono } from 'hono';
import { createTagBody } from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody } from '../../http/validate';
import { findOrCreateTag, listTags, toTag } from './tags';

/** Tags: creating a name the user already has returns that tag, so "create on the fly" never duplicates. */
export function tagRoutes({ db }: Deps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const rows = await listTags(db, c.get('userId'));
      return c.json({ data: rows.map(toTag), total: rows.length });
    })
    .post('/', async (c) => {
      const { data } = await jsonBody(c, createTagBody);
      const tag = await findOrCreateTag(db, c.get('userId'), data.tag, data.parentId);
      return c.json({ data: toTag(tag) }, 201);
    });
}
