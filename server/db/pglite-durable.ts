import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { folderBytes, sharedBuffersFor } from './pglite-memory';

/**
 * Durable commits for PGlite on a Node data folder.
 *
 * PGlite 0.5 starts Postgres with `-F` (fsync off), and its Node filesystem (Emscripten's NODEFS)
 * writes straight to the files but has no `fsync`: Postgres's fsync() lands in an empty stream
 * operation and fdatasync() in a syscall that does nothing. So by default a commit reaches the OS page
 * cache only; a kill -9 loses nothing, a power cut may.
 *
 * Durable mode gives NODEFS the missing `fsync` (Node's fsyncSync on the real file descriptor),
 * starts Postgres without `-F` and with `wal_sync_method=fsync` (the one method that reaches it), so
 * Postgres's own rule holds: a commit returns only after its WAL is on disk (synchronous_commit=on);
 * data files and directories are synced at checkpoints, as on any PostgreSQL. The server's own session
 * then commits asynchronously and waits for flushes shared by concurrent writes instead (see
 * pglite-group-commit.ts): same guarantee for every acknowledged write, far fewer fsyncs.
 */

/** The parts of Emscripten's NODEFS we use: its stream operations, shared by every open file. */
interface NodeFsStreamOps {
  fsync?: (stream: { nfd?: number }) => number;
}

/** NODEFS with a real fsync; `syncs` counts them (the durability test reads it). */
export class SyncingNodeFS extends NodeFS {
  syncs = 0;

  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    preRun.push((mod) => {
      const ops = (mod.FS.filesystems.NODEFS as unknown as { stream_ops: NodeFsStreamOps }).stream_ops;
      ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        this.syncs += 1;
        return 0;
      };
    });
    result.emscriptenOpts.preRun = preRun;
    return result;
  }
}

/**
 * PGlite options for a data folder: durable commits (see above) or PGlite's defaults (fsync off), with a buffer cache
 * sized to the folder's `bytes` (pglite-memory.ts).
 */
export function pgliteOptions(dataDir: string, durable: boolean, bytes = folderBytes(dataDir)): PGliteOptions {
  const memory = ['-c', `shared_buffers=${sharedBuffersFor(bytes)}`];
  if (!durable) return { dataDir, startParams: [...PGlite.defaultStartParams, ...memory] };
  return {
    fs: new SyncingNodeFS(dataDir),
    startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), ...memory, '-c', 'wal_sync_method=fsync'],
  };
}
