import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from './config';
import { openDatabase } from './db/client';

/**
 * A PGlite data folder's first start runs initdb in a second WebAssembly instance, and the process
 * keeps what that took (~350 MB) for good: a server started on a new folder sat at ~600 MB, one
 * started on the same folder again at ~240 MB. So a server whose folder is new creates it in a child
 * process of its own program (INIT_ONLY set: create, migrate, close, exit), then opens it as any
 * restart does.
 */

const INIT_ONLY = 'TROVE_INIT_ONLY';

/** True in the child: it only creates the database. */
export const initOnly = () => process.env[INIT_ONLY] === '1';

/** The embedded database of `config` does not exist yet. */
export const newPgliteFolder = (config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>) =>
  !config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'));

/** Creates and migrates the database, then closes it (the child's whole work). */
export async function createDatabase(config: ServerConfig): Promise<void> {
  const database = await openDatabase({ dataDir: config.dataDir, durableWrites: config.durableWrites });
  await database.close();
}

/** Runs this program again (same Node flags, same script) with INIT_ONLY set, and waits for it. */
export function createDatabaseInChild(): Promise<void> {
  const script = process.argv[1];
  if (!script) return Promise.reject(new Error('no script to run the database creation with'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script], {
      env: { ...process.env, [INIT_ONLY]: '1' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`creating the database failed (exit ${code ?? signal})`)),
    );
  });
}
