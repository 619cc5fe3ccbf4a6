import type { Context } from 'hono';
import { anonymousUseApi } from '../../../lib/api/routes/public-prompts';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { baseUrlOf } from '../uploads/upload-files';
import { getUser } from '../users/users';
import { setAnonymousEnabled, toAnonymousUse, updateAnonymousUse } from './settings';

/** The owner's anonymous-use settings (lib/api/routes/public-prompts.ts), mounted at /api. */
export function anonymousUseRoutes({ db, ai, files }: Deps) {
  const answer = async (c: Context<AppEnv>) => {
    const userId = c.get('userId');
    const user = await getUser(db, userId);
    const data = await toAnonymousUse(db, userId, baseUrlOf(files.publicUrl, c.req.url), user.username);
    return { status: 200 as const, body: { data } };
  };
  return contractRoutes<AppEnv>('/api')
    .implement(anonymousUseApi.get, (c) => answer(c))
    .implement(anonymousUseApi.update, async (c, { body }) => {
      await updateAnonymousUse(db, ai, c.get('userId'), body.data);
      return answer(c);
    })
    .implement(anonymousUseApi.enable, async (c) => {
      await setAnonymousEnabled(db, c.get('userId'), true);
      return answer(c);
    })
    .implement(anonymousUseApi.disable, async (c) => {
      await setAnonymousEnabled(db, c.get('userId'), false);
      return answer(c);
    }).app;
}
