import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const node = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
const LISTENING = /Trove server listening on (http:\/\/\S+)/;

export interface BenchServer {
  url: string;
  pid: number;
  /** Resident memory of the process now, in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts compiled JavaScript (`node <script>`) as a child process and waits for its "listening" line. */
export async function startBenchServer(script: string, env: Record<string, string>): Promise<BenchServer> {
  const child: ChildProcess = spawn(node, [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), script], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`${script} exited before listening:\n${output}`)));
  });
  return {
    url,
    pid: child.pid as number,
    rssMb: () => {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return Number(kb) / 1024;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
