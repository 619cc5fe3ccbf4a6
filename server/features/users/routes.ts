import { userApi } from '../../../lib/api/routes/users';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { listTags } from '../tags/tags';
import { getUser, toUser } from './users';

export function userRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api/users').implement(userApi.me, async (c, { query: { populate } }) => {
    const user = await getUser(db, c.get('userId'));
    const withTags = populate === '*' || populate?.split(',').includes('tags');
    return { status: 200, body: toUser(user, withTags ? await listTags(db, user.id) : undefined) };
  }).app;
}
