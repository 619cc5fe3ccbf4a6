import type { TokenSettings } from '../auth/tokens';
import type { Db } from '../db/client';

export interface Deps {
  db: Db;
  tokens: TokenSettings;
  /** Uploaded files: the folder they are stored in and the public base URL of their links (unset: the request's origin). */
  files: { dir: string; publicUrl?: string };
  /** The operator's token for /api/admin; unset, the admin routes answer 404. */
  adminToken?: string;
}

/** Hono environment of authenticated routes: `c.get('userId')` is the signed-in user. */
export interface AppEnv {
  Variables: { userId: number };
}
