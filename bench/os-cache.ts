import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const MB = 1024 * 1024;

/**
 * How much of a database's files (`folder`) the OS holds in its page cache, as a line of a bench's output, or null
 * where util-linux's `fincore` is missing. A search that reads pages the OS does not hold waits for the disk, so the
 * same queries' p99 differs from run to run with what the machine last read (bench/RESULTS.md).
 */
export function osCacheLine(folder: string): string | null {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  let resident = 0;
  let size = 0;
  for (let from = 0; from < files.length; from += 500) {
    const run = spawnSync(
      'fincore',
      ['--bytes', '--noheadings', '--raw', '--output', 'RES,SIZE', ...files.slice(from, from + 500)],
      {
        encoding: 'utf8',
      },
    );
    if (run.error || run.status !== 0) return null;
    for (const line of run.stdout.trim().split('\n')) {
      const [res, bytes] = line.split(' ').map(Number);
      resident += res ?? 0;
      size += bytes ?? 0;
    }
  }
  return `  the database's files in the OS page cache at the start: ${(resident / MB).toFixed(0)} of ${(size / MB).toFixed(0)} MB`;
}
