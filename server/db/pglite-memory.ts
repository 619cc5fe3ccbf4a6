import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Postgres's buffer cache inside PGlite's WASM memory, which it takes whole at start. A small library reads through
 * the OS's file cache behind a small one at little cost, and PGlite's default (128MB) would be most of an idle
 * server's memory (the goal is ≤ 300 MB); a large one reads thousands of pages a broad search, each a call out of
 * WASM, so the cache grows with the data folder: a sixteenth of it, from 32MB up to 128MB (PostgreSQL's default).
 * At 100,000 gems with page text (a 2.8 GB folder: 128MB) the search bench's p99 went 85 → 75 ms and its facets'
 * 109 → 85 ms (bench/RESULTS.md).
 */
const MIN_MB = 32;
const MAX_MB = 128;
const DATA_PER_BUFFER = 16;

/** A data folder up to this size gets the least cache (MIN_MB); a larger one, a cache sized to it. */
export const LEAST_CACHE_FOLDER_BYTES = MIN_MB * DATA_PER_BUFFER * 2 ** 20;

/** shared_buffers for a data folder of `bytes`, as the comment above says. */
export function sharedBuffersFor(bytes: number): string {
  const mb = Math.floor(bytes / DATA_PER_BUFFER / 2 ** 20);
  return `${Math.min(MAX_MB, Math.max(MIN_MB, mb))}MB`;
}

/** The bytes of the files under `dir` (0 when it does not exist yet): ~12 ms for a 2.8 GB PGlite folder. */
export function folderBytes(dir: string): number {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let bytes = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += folderBytes(path);
    else if (entry.isFile()) bytes += statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  }
  return bytes;
}
