import type { Context } from 'hono';
import type { Db } from '../db/client';
import type { Generations } from '../features/answers/generations';
import { filesAt } from '../features/uploads/upload-files';
import type { AppEnv, Deps } from './env';

/**
 * What the services a signed-in route calls share, built once per request by `requestContext` and passed as one
 * object rather than `db, ai, generations, userId, …, store` one by one.
 */
export interface RequestContext {
  db: Db;
  ai: Deps['ai'];
  /** Chat answers being generated in this process. */
  generations: Generations;
  /** The file store and the base of the upload links made while answering this request. */
  files: ReturnType<typeof filesAt>;
  /** The signed-in user. */
  userId: number;
}

/** The context of a request that passed requireUser (server/http/require-user.ts). */
export const requestContext = (deps: Deps, c: Context<AppEnv>): RequestContext => ({
  db: deps.db,
  ai: deps.ai,
  generations: deps.generations,
  files: filesAt(deps.files, c.req.url),
  userId: c.get('userId'),
});
