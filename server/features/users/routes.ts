import { Hono } from 'hono';
import { populateQuery } from '../../../lib/api/contract';
import type { AppEnv, Deps } from '../../http/env';
import { query } from '../../http/validate';
import { listTags } from '../tags/tags';
import { getUser, toUser } from './users';

export function userRoutes({ db }: Deps) {
  return new Hono<AppEnv>().get('/me', async (c) => {
    const { populate } = query(c, populateQuery);
    const user = await getUser(db, c.get('userId'));
    const withTags = populate === '*' || populate?.split(',').includes('tags');
    return c.json(toUser(user, withTags ? await listTags(db, user.id) : undefined));
  });
}
