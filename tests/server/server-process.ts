import { afterAll } from 'vitest';
import { testServerArgs } from '../server-entry';
import { type ServerProcess, startServerProcess as start } from '../server-process';
import { backend, createPostgresDatabase, freshDataDir, makeDataDir, removeDataDir, SECRET } from './harness';

export type { ServerProcess } from '../server-process';

/**
 * The real server (built for the run, tests/server-build-setup.ts) as a child process for the server suite, with the suite's
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
    args: testServerArgs(),
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

type Store = { dataDir: string; databaseUrl?: string };

/**
 * Server processes of one test file, each on a store of its own (a PGlite data folder; on PostgreSQL a
 * database of its own, plus a data folder for uploads): all killed, then their stores removed, after the file,
 * with whatever else was put in `cleanups`. `env` goes to every server the file starts.
 */
export function serverProcesses(env: Record<string, string> = {}) {
  const processes: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const server of processes) await server.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });
  async function ownStore(): Promise<Store> {
    const database = backend === 'postgres' ? await createPostgresDatabase() : undefined;
    if (database) cleanups.push(() => database.drop());
    const dataDir = backend === 'pglite' ? await freshDataDir() : makeDataDir();
    cleanups.push(() => removeDataDir(dataDir));
    return { dataDir, databaseUrl: database?.url };
  }
  async function startOn(store: Store, extraEnv: Record<string, string> = {}) {
    const server = await startServerProcess({ ...store, env: { ...env, ...extraEnv } });
    processes.push(server);
    return server;
  }
  return { ownStore, start: startOn, cleanups };
}
