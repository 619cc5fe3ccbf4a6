import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SECRET } from './harness';

/**
 * The real server as a separate OS process (`server/main.ts`), for what an in-process server cannot
 * show: `kill -9`, SIGTERM and several copies on one database. Its output is kept for failure messages.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Settles with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGKILL) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const node = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
const LISTENING = /Trove server listening on (http:\/\/\S+)/;

export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** How long to wait for the "listening" line (the first PGlite start runs initdb). */
  timeoutMs?: number;
}): Promise<ServerProcess> {
  // One process running the TypeScript sources: `node --import tsx`, not the `tsx` command, which is a
  // second process that relays signals and SIGKILLs the server when it does not confirm one within
  // 30 ms (a busy server under load), and which a kill -9 would leave the server running behind.
  const child = spawn(node, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      TROVE_SECRET: SECRET,
      LOG_REQUESTS: '0',
      TROVE_PER_ADDRESS_LIMITS: '0', // as in-process test servers (harness.ts): every client is 127.0.0.1
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
      reject(new Error(`server process exited (code ${code}, signal ${signal}) before listening; it printed:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    exited,
    kill: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
