import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { findPostgresBin, startPostgresCluster } from '../tests/server/postgres-global-setup';

/**
 * Runs `measure` against a new database `name` on a throwaway PostgreSQL cluster with PostgreSQL's default, durable
 * settings, stopped afterwards. Without PostgreSQL's programs on this machine, one line saying it was skipped.
 * BENCH_PG_SETTINGS (`name=value` pairs apart by spaces) sets more, e.g. the README's advice for a large library:
 * `shared_buffers=3GB shared_preload_libraries=pg_prewarm`.
 */
export async function onBenchPostgres(
  name: string,
  /** Given the database's address and the cluster's files. */
  measure: (databaseUrl: string, clusterDir: string) => Promise<string[]>,
  /** A folder to keep the cluster in between runs (its database is made once). */
  keptIn?: string,
): Promise<string[]> {
  try {
    findPostgresBin();
  } catch (error) {
    return [`PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`];
  }
  const settings = (process.env.BENCH_PG_SETTINGS ?? '').split(' ').filter(Boolean);
  const cluster = await startPostgresCluster({ durable: true, keptIn, settings });
  try {
    const admin = postgres(`${cluster.base}/postgres`, { max: 1, onnotice: () => {} });
    const [made] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!made) await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end({ timeout: 5 });
    const lines = await measure(`${cluster.base}/${name}`, cluster.dataDir);
    return settings.length ? [`(PostgreSQL set with ${settings.join(', ')})`, ...lines] : lines;
  } finally {
    cluster.stop('fast');
  }
}

/** Where a bench runs: its name in the output, the server's configuration and the folder of the database's files. */
export interface Target {
  name: string;
  config: { dataDir: string; databaseUrl?: string };
  databaseFiles: string;
}

/**
 * Runs `measure` on PGlite and then on PostgreSQL (a database `databaseName` of onBenchPostgres's cluster), or on one
 * of them (`only`). With `keep`, each database's files stay in that folder between runs (`pglite/`, `postgres/`, with
 * the uploads in `postgres-uploads/`) and `measure` is given a file to remember its seed in (`pglite.json`,
 * `postgres.json`); without, they are made in the system's temporary folder and removed afterwards.
 */
export async function onBothDatabases(
  { keep, only, databaseName }: { keep: string | undefined; only: string | undefined; databaseName: string },
  measure: (target: Target, recordFile: string | null) => Promise<string[]>,
): Promise<string[]> {
  if (keep) mkdirSync(keep, { recursive: true });
  const folder = (name: string) => (keep ? join(keep, name) : mkdtempSync(join(tmpdir(), `${databaseName}-`)));
  const record = (name: string) => (keep ? join(keep, `${name}.json`) : null);
  const inFolder = async (name: string, run: (dataDir: string) => Promise<string[]>) => {
    const dataDir = folder(name);
    try {
      return await run(dataDir);
    } finally {
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const lines: string[] = [];
  if (only !== 'postgres')
    lines.push(
      ...(await inFolder('pglite', (dataDir) =>
        measure({ name: 'PGlite', config: { dataDir }, databaseFiles: dataDir }, record('pglite')),
      )),
    );
  if (only === 'pglite') return lines;
  lines.push(
    ...(await onBenchPostgres(
      databaseName,
      (databaseUrl, clusterDir) =>
        inFolder('postgres-uploads', (dataDir) =>
          measure(
            { name: 'PostgreSQL', config: { dataDir, databaseUrl }, databaseFiles: clusterDir },
            record('postgres'),
          ),
        ),
      keep ? join(keep, 'postgres') : undefined,
    )),
  );
  return lines;
}
