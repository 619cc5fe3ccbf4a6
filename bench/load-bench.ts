import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import postgres from 'postgres';
import { buildServer, SERVER_ENTRY } from '../scripts/build-server';
import { databasePoolSize } from '../server/config';
import { findPostgresBin, startPostgresCluster } from '../tests/server/postgres-global-setup';
import { type ServerProcess, startServerProcess } from '../tests/server-process';
import { percentile } from './stats';

/**
 * The load run: CLIENTS concurrent keep-alive clients, each looping save (POST /api/gems) → list
 * (GET /api/get-all-bookmark) → lookup (GET /api/gems-at-url) as its own user, for BENCH_LOAD_SECONDS
 * (default 20) after a 2 s warm-up, against servers run as compiled JavaScript in child processes:
 * a bare Hono server (the ceiling of this machine with these clients), Trove on PGlite and on
 * PostgreSQL (a throwaway cluster with PostgreSQL's default, durable settings), each with durable
 * writes (the default) and without (TROVE_DURABLE_WRITES=0). The clients run in this process and
 * share the machine's cores with the server. Each line also gives the server's CPU time per operation
 * (all its threads, warm-up included): on a shared machine it moves far less than ops/s.
 */
const CLIENTS = 16;
const WARM_UP_MS = 2_000;
/** The first start's memory is read this long after it listens (PGlite's initdb and the migrations are done). */
const IDLE_SETTLE_MS = 3_000;
/**
 * The idle memory is read this long after the start (and also at IDLE_SETTLE_MS): V8 gives back the heap its start
 * reserved only when its memory reducer runs, some 17 s after the start of a quiet process (`--trace-gc`:
 * "Mark-Compact (reduce)", the heap 66 → 33 MB, the resident size ~30 MB less).
 */
const IDLE_MS = 30_000;
const GOALS = { pglite: 500, postgres: 1500, p99Ms: 50, idleMb: 300 };
const SECRET = 'l'.repeat(48);

type Op = 'save' | 'list' | 'lookup';
interface Answer {
  status: number;
  body: string;
}
interface LoadResult {
  ops: number;
  /** Every operation that ended during the run, warm-up included (what the server's CPU time covers). */
  allOps: number;
  seconds: number;
  latencies: number[];
  saveLatencies: number[];
  errors: number;
  firstError?: string;
}

function send(
  agent: Agent,
  base: URL,
  method: string,
  path: string,
  token: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs the clients for `seconds` (after the warm-up) and gathers every operation's latency. */
export async function load(url: string, tokens: string[], seconds: number, tag: string): Promise<LoadResult> {
  const base = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const result: LoadResult = { ops: 0, allOps: 0, seconds, latencies: [], saveLatencies: [], errors: 0 };
  const start = performance.now();
  const measureFrom = start + WARM_UP_MS;
  const end = measureFrom + seconds * 1000;
  const client = async (index: number) => {
    const token = tokens[index] as string;
    const saved: string[] = [];
    for (let n = 0; performance.now() < end; n++) {
      const op: Op = (['save', 'list', 'lookup'] as const)[n % 3] as Op;
      const began = performance.now();
      let answer: Answer | Error;
      try {
        if (op === 'save') {
          const pageUrl = `https://load.example/${tag}/${index}/${n}?utm_source=bench`;
          const body = JSON.stringify({
            data: { title: `Load ${index}/${n}`, url: pageUrl, tags: ['load', `t${n % 7}`] },
          });
          answer = await send(agent, base, 'POST', '/api/gems', token, body, {
            'idempotency-key': `load-${tag}-${index}-${n}`,
          });
          if (answer.status < 300) saved.push(pageUrl);
        } else if (op === 'list') {
          answer = await send(agent, base, 'GET', '/api/get-all-bookmark?perPage=20&page=1', token);
        } else {
          const target = saved[(n * 7) % Math.max(1, saved.length)] ?? 'https://load.example/none';
          answer = await send(agent, base, 'GET', `/api/gems-at-url?url=${encodeURIComponent(target)}`, token);
        }
      } catch (error) {
        answer = error as Error;
      }
      const finished = performance.now();
      result.allOps += 1;
      if (began < measureFrom || finished > end) continue;
      result.ops += 1;
      result.latencies.push(finished - began);
      if (op === 'save') result.saveLatencies.push(finished - began);
      if (answer instanceof Error || answer.status >= 300) {
        result.errors += 1;
        result.firstError ??=
          answer instanceof Error ? answer.message : `${op}: ${answer.status} ${answer.body.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  agent.destroy();
  return result;
}

export async function register(url: string, tag: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const username = `${tag}${i}`.slice(0, 14);
    const response = await fetch(`${url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.test`, password: 'load bench password' }),
    });
    if (response.status !== 201) throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
    tokens.push(((await response.json()) as { jwt: string }).jwt);
  }
  return tokens;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** CPU time (user + system, all threads) a process has used, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function report(
  name: string,
  result: LoadResult,
  idleMb: { started: number; settled: number },
  afterMb: number,
  firstStart: string,
  cpuMsPerOp: number,
  goalOps?: number,
): string {
  const opsPerSecond = result.ops / result.seconds;
  const p99 = percentile(result.latencies, 99);
  const goals =
    goalOps === undefined ? '' : `  (goals: ≥ ${goalOps} ops/s, p99 ≤ ${GOALS.p99Ms} ms, idle ≤ ${GOALS.idleMb} MB)`;
  const saves = result.saveLatencies.length
    ? `  save p50 ${ms(percentile(result.saveLatencies, 50))} p99 ${ms(percentile(result.saveLatencies, 99))}`
    : '';
  const error = result.firstError ? `\n    first error: ${result.firstError}` : '';
  return (
    `${name.padEnd(38)} ${opsPerSecond.toFixed(0).padStart(5)} ops/s  p50 ${ms(percentile(result.latencies, 50))}  p99 ${ms(p99)}  errors ${result.errors}  server CPU ${cpuMsPerOp.toFixed(2)} ms/op` +
    `  RSS idle ${idleMb.settled.toFixed(0)} MB (${idleMb.started.toFixed(0)} MB ${IDLE_SETTLE_MS / 1000} s after the start), after the load ${afterMb.toFixed(0)} MB${firstStart}${saves}${goals}${error}`
  );
}

/**
 * Starts `script`, lets it settle, reads its idle memory, runs the load, and stops it. A Trove server
 * (`goalOps` set) is started twice: the first start creates the database (PGlite's initdb, the
 * migrations) and is reported apart; the idle figure is the second, ordinary start.
 */
/** All 16 clients sign up from 127.0.0.1: per-address limits (20 sign-ups an hour) would refuse them. */
const ONE_ADDRESS = { TROVE_PER_ADDRESS_LIMITS: '0' };

const troveEnv = (dataDir: string, databaseUrl: string, durable: boolean) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  TROVE_SECRET: SECRET,
  ...ONE_ADDRESS,
  TROVE_DURABLE_WRITES: durable ? '1' : '0',
});

async function measure(
  name: string,
  script: string,
  env: Record<string, string>,
  tag: string,
  seconds: number,
  goalOps?: number,
) {
  let server: ServerProcess | undefined;
  const args = [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), script];
  try {
    let firstStart = '';
    if (goalOps !== undefined) {
      server = await startServerProcess({ args, env });
      await sleep(IDLE_SETTLE_MS);
      firstStart = `, first start ${server.rssMb().toFixed(0)} MB`;
      await server.stop();
    }
    server = await startServerProcess({ args, env });
    await sleep(IDLE_SETTLE_MS);
    const started = server.rssMb();
    await sleep(IDLE_MS - IDLE_SETTLE_MS);
    const idle = { started, settled: server.rssMb() };
    const tokens = goalOps === undefined ? Array(CLIENTS).fill('none') : await register(server.url, tag);
    const cpuBefore = cpuMs(server.pid);
    const result = await load(server.url, tokens, seconds, tag);
    const cpuPerOp = (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.allOps);
    return report(name, result, idle, server.rssMb(), firstStart, cpuPerOp, goalOps);
  } catch (error) {
    return `${name}: failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await server?.stop();
  }
}

async function buildHello(): Promise<string> {
  const outfile = fileURLToPath(new URL('../.output/bench/hello-server.js', import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL('./hello-server.ts', import.meta.url))],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

export async function benchLoad(seconds: number): Promise<string[]> {
  const lines = [
    `load run: ${CLIENTS} keep-alive clients, save → list → lookup, ${seconds} s each (after ${WARM_UP_MS / 1000} s warm-up); servers run compiled in child processes`,
  ];
  await buildServer();
  const hello = await buildHello();
  lines.push(await measure('bare Hono "hello" (ceiling)', hello, {}, 'hello', seconds));

  for (const durable of [true, false]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'trove-load-'));
    try {
      const env = troveEnv(dataDir, '', durable);
      const name = `Trove on PGlite${durable ? ' (durable)' : ' (DURABLE_WRITES=0)'}`;
      lines.push(await measure(name, SERVER_ENTRY, env, durable ? 'pgd' : 'pgr', seconds, GOALS.pglite));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  try {
    findPostgresBin();
  } catch (error) {
    lines.push(`Trove on PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`);
    return lines;
  }
  const cluster = await startPostgresCluster({ durable: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-load-'));
  try {
    const admin = postgres(`${cluster.base}/postgres`, { max: 1, onnotice: () => {} });
    const [settings] = await admin<{ version: string; fsync: string; commit: string }[]>`
      SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS commit`;
    await admin.unsafe('CREATE DATABASE trove_load');
    await admin.end({ timeout: 5 });
    lines.push(
      `PostgreSQL ${settings?.version} (throwaway cluster, fsync=${settings?.fsync}, synchronous_commit=${settings?.commit}; Trove's pool: ${databasePoolSize({})} connections)`,
    );
    for (const durable of [true, false]) {
      const env = troveEnv(dataDir, `${cluster.base}/trove_load`, durable);
      const name = `Trove on PostgreSQL${durable ? ' (durable)' : ' (DURABLE_WRITES=0)'}`;
      lines.push(await measure(name, SERVER_ENTRY, env, durable ? 'psd' : 'psr', seconds, GOALS.postgres));
    }
  } finally {
    cluster.stop('fast');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}
