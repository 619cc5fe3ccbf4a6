import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Temporary data folders of test servers; no server code here, so jsdom test files can use it too. */
export function makeDataDir(prefix = 'trove-server-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A new temporary data folder holding an empty, migrated database, copied from `template`. */
export function copyOfTemplate(template: string, prefix?: string): string {
  const dir = makeDataDir(prefix);
  cpSync(template, dir, { recursive: true });
  return dir;
}
