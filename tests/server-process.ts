import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A server as a separate OS process (Trove's by default), for what an in-process server cannot show:
 * kill -9, SIGTERM, several copies on one database, memory, the e2e journeys and the bench. It runs
 * as ONE process (`node --import tsx server/main.ts`, or `node <script>` for compiled JavaScript):
 * the `tsx` command would be a second process relaying signals, which a kill -9 would leave running.
 * It is ready when it prints "Trove server listening on <url>".
 */

/**
 * The tests' server processes (tests/server-entry.ts) run PGlite's WebAssembly as V8's baseline (Liftoff) code only. By
 * default V8 also optimises each function that runs hot, on background threads: worth it in a server that runs for
 * hours, not in one that starts, answers a few hundred requests and is stopped. Measured on a server start (copied data
 * folder, start to "listening"): ~4.1 s of CPU instead of ~2.7 s; the first start, which creates the database in a
 * child (same flags), ~5 s less; five e2e journey files, their servers' CPU: 49.4 → 34.0 s, the journeys no slower.
 * The server projects' vitest workers, which run the in-process test servers, take it too (vitest.config.ts). Not the
 * readers (PDF, OCR), which are started with flags of their own.
 */
export const BASELINE_WASM_ONLY = '--liftoff-only';

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Settles with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGKILL) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** Resident memory of the process now, in MB (Linux /proc). */
  rssMb(): number;
}

// From the path, not `new URL(…)`: under a DOM test environment the global URL is the DOM's, which fileURLToPath
// refuses.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '/');
const node = join(root, 'node_modules/.bin/node');
const LISTENING = /Trove server listening on (http:\/\/\S+)/;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startServerProcess(options: {
  /** What node runs (default: the TypeScript sources of server/main.ts). */
  args?: string[];
  /** Default 0: a free port. */
  port?: number;
  env?: Record<string, string>;
  /** How long to wait for the "listening" line (the first PGlite start runs initdb). */
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(node, options.args ?? ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      TROVE_USER_ENDPOINTS: 'public,loopback',
      // The gems tests save are never fetched (tests/server/dead-links.test.ts turns the check on, on its own pages).
      TROVE_LINK_CHECK: '0',
      // Image gems' text is read only by tests/server/ocr.test.ts (CPU-heavy).
      TROVE_OCR: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server process did not start in time; it printed:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`server process exited (code ${code}, signal ${signal}) before listening; it printed:\n${output}`),
      );
    });
  });
  const kill = (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url,
    pid: child.pid as number,
    child,
    output: () => output,
    exited,
    kill,
    stop: async () => {
      await kill('SIGTERM');
    },
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024,
  };
}
