import postgres from 'postgres';
import { findPostgresBin, startPostgresCluster } from '../tests/server/postgres-global-setup';

/**
 * Runs `measure` against a new database `name` on a throwaway PostgreSQL cluster with PostgreSQL's default, durable
 * settings, stopped afterwards. Without PostgreSQL's programs on this machine, one line saying it was skipped.
 */
export async function onBenchPostgres(
  name: string,
  measure: (databaseUrl: string) => Promise<string[]>,
  /** A folder to keep the cluster in between runs (its database is made once). */
  keptIn?: string,
): Promise<string[]> {
  try {
    findPostgresBin();
  } catch (error) {
    return [`PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`];
  }
  const cluster = await startPostgresCluster({ durable: true, keptIn });
  try {
    const admin = postgres(`${cluster.base}/postgres`, { max: 1, onnotice: () => {} });
    const [made] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!made) await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end({ timeout: 5 });
    return await measure(`${cluster.base}/${name}`);
  } finally {
    cluster.stop('fast');
  }
}
