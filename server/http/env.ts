import type { Db } from '../db/client';
import type { TokenSettings } from '../auth/tokens';

export interface Deps {
  db: Db;
  tokens: TokenSettings;
}

/** Hono environment of authenticated routes: `c.get('userId')` is the signed-in user. */
export interface AppEnv {
  Variables: { userId: number };
}
