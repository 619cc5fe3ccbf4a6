import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/client';
import { copyOfTemplate, removeDataDir } from './data-dirs';

export { copyOfTemplate, makeDataDir, removeDataDir } from './data-dirs';

const here = (path: string) => join(dirname(fileURLToPath(import.meta.url)), path);
const isDataDir = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * A migrated, empty PGlite data folder to copy from, so each test file (or server process) pays a copy (~1 s)
 * instead of initdb (~5 s quiet, over a minute on a loaded machine). It lives in the temp folder, named after
 * the PGlite version and the migrations, so a schema change builds a new one. It is built in a private folder
 * and renamed into place when complete.
 */
export async function templateDataDir(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(here('../node_modules/@electric-sql/pglite/package.json')));
  const migrations = here('../server/db/migrations');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(migrations, file)));
  }
  const template = join(tmpdir(), `trove-server-test-template-${hash.digest('hex').slice(0, 16)}`);
  if (isDataDir(template)) return template;
  const building = mkdtempSync(join(tmpdir(), 'trove-server-test-build-'));
  const database = await openDatabase({ dataDir: building, durableWrites: false });
  // Opening it migrated it, and a migrated database is analysed whole: every copy starts with those statistics and
  // analyses only the tables that grew since (server/db/pglite-analyze.ts).
  await database.close();
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

/** A new temporary data folder holding an empty, migrated database. */
export async function freshDataDir(prefix?: string): Promise<string> {
  return copyOfTemplate(await templateDataDir(), prefix);
}
