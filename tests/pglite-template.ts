import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../server/db/client';
import { copyOfTemplate, removeDataDir } from './data-dirs';

export { copyOfTemplate, makeDataDir, removeDataDir } from './data-dirs';

const here = (path: string) => join(dirname(fileURLToPath(import.meta.url)), path);
const isDataDir = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * A migrated, empty PGlite data folder to copy from, so each test file (or server process) pays a copy (~0.1–0.2 s
 * of CPU) instead of initdb (~5 s quiet, over a minute on a loaded machine). It lives in the temp folder, named after
 * the PGlite version, the migrations and how it is trimmed, so a change to any of them builds a new one. It is built
 * in a private folder and renamed into place when complete.
 */
export async function templateDataDir(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(here('../node_modules/@electric-sql/pglite/package.json')));
  const migrations = here('../server/db/migrations');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(migrations, file)));
  }
  hash.update(dropTemplateDatabases.toString());
  const template = join(tmpdir(), `trove-server-test-template-${hash.digest('hex').slice(0, 16)}`);
  if (isDataDir(template)) return template;
  const building = mkdtempSync(join(tmpdir(), 'trove-server-test-build-'));
  const database = await openDatabase({ dataDir: building, durableWrites: false });
  // Opening it migrated it, and a migrated database is analysed whole: every copy starts with those statistics and
  // analyses only the tables that grew since (server/db/pglite-upkeep.ts).
  await database.close();
  await dropTemplateDatabases(building);
  try {
    renameSync(building, template);
  } catch {
    // another test file finished first (or a broken leftover is in the way)
    if (isDataDir(template)) removeDataDir(building);
    else {
      removeDataDir(template);
      renameSync(building, template);
    }
  }
  return template;
}

/**
 * initdb's template0 and template1 are 600 of the folder's 1,290 files and 14 of its 42 MB, and a copy's cost is
 * mostly per file: without them a copy and its removal take ~45% less CPU (measured: 203–229 → 106–165 ms a copy,
 * 33–37 → 19–20 ms a removal), for the hundreds of copies a test run makes. The server connects to `postgres` only
 * and never creates a database, so nothing the tests run reads them.
 */
async function dropTemplateDatabases(dataDir: string): Promise<void> {
  const client = new PGlite(dataDir);
  try {
    await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    await client.exec('DROP DATABASE template0');
    await client.exec('DROP DATABASE template1');
    await client.exec('CHECKPOINT');
  } finally {
    await client.close();
  }
}

/** A new temporary data folder holding an empty, migrated database. */
export async function freshDataDir(prefix?: string): Promise<string> {
  return copyOfTemplate(await templateDataDir(), prefix);
}
