import { startServerProcess as start } from '../server-process';
import { SECRET } from './harness';

export type { ServerProcess } from '../server-process';

/**
 * The real server (TypeScript sources) as a child process for the server suite, with the suite's
 * secret, on `dataDir` and optionally a PostgreSQL database. Per-address limits are off, as in
 * in-process test servers (harness.ts): every client is 127.0.0.1.
 */
export function startServerProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}) {
  return start({
    timeoutMs: options.timeoutMs,
    env: {
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      TROVE_SECRET: SECRET,
      TROVE_PER_ADDRESS_LIMITS: '0',
      ...options.env,
    },
  });
}
