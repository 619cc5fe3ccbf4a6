import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * `npm test`: every check, in two lanes that run side by side. Each lane runs its own steps in order, then takes the
 * shared steps (those nothing waits on) one at a time, whichever lane is free first: the server and component vitest
 * projects in one; the builds then the e2e journeys (which need only the builds) in the other; the PostgreSQL run of
 * the server files, the background files, the bundle checks, the unit files, the type check and lint after them, in
 * the lane that ends first, so they fill the CPU a lane's tail leaves idle instead of holding the e2e journeys back.
 * The vitest projects wait on servers and databases more than they compute, and the journeys on browsers, so each
 * lane uses the CPU the other leaves idle. A lane stops its own steps at its first failing one (a shared step that
 * needs a failed one is not run); the run fails if any step failed. Each line a step prints is prefixed with its
 * lane, and each step's wall time and CPU time are printed when it ends, so a slow CI run says where its time went.
 */

interface Step {
  name: string;
  command: string;
  args: string[];
  /** The step that must have passed first. */
  needs?: string;
}

const npm = (script: string, needs?: string): Step => ({
  name: script,
  command: 'npm',
  args: ['run', '--silent', script],
  needs,
});
const vitest = (name: string, args: string[]): Step => ({ name, command: 'vitest', args: ['run', ...args] });

const lanes: Record<string, Step[]> = {
  // Two workers, not four: every worker of every project loads the packages and starts the servers its files share
  // again. The four vitest projects alone on this 2-core machine: 466 CPU s (244 s wall) with four workers, 397 CPU s
  // (282 s) with two (bench/RESULTS.md, "CI time").
  suites: [vitest('server and component', ['--project', 'server', '--project', 'component', '--maxWorkers=2'])],
  e2e: [npm('build'), vitest('e2e', ['--project', 'e2e', '--maxWorkers=2'])],
};

/**
 * Taken in this order by whichever lane is free first, longest first. The PostgreSQL run (~100 CPU s with its
 * cluster) and the background files balance the lanes: the journeys' lane ends first. The unit files (~21 CPU s,
 * none over 4 s) run in one worker: each further worker loads the packages again, ~9 CPU s more per worker.
 */
const shared: Step[] = [
  vitest('postgres', ['--project', 'server-postgres', '--maxWorkers=2']),
  vitest('background', ['--project', 'background', '--maxWorkers=2']),
  npm('check:bundles', 'build'),
  vitest('unit', ['--project', 'unit', '--maxWorkers=1']),
  npm('typecheck'),
  npm('lint'),
];

/**
 * Node 22's compile cache for every process of the run (vitest's workers, the server processes, tsc, the builds): a
 * module compiled once is not compiled again by the dozens of processes that load it. Measured on a component run:
 * 8–14% less CPU. Kept in node_modules/.cache, so a fresh clone starts empty and fills it in its first steps.
 */
const childEnv = {
  ...process.env,
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? resolve('node_modules/.cache/node-compile'),
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * CPU seconds (user + system) of this process's children that have ended, from Linux's /proc (null elsewhere): it
 * grows when a step's process is reaped, by all that process and the processes it waited for used. A PostgreSQL
 * cluster started with pg_ctl is not among them (it detaches).
 */
function endedChildrenCpu(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime, fields 16 and 17 of proc(5), in clock ticks (100 a second on Linux)
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

let cpuSeen = endedChildrenCpu();
/** CPU of the children reaped since the last call: read as each step ends, it is that step's. */
function cpuSinceLastEnd(): string {
  const now = endedChildrenCpu();
  if (now === null || cpuSeen === null) return '';
  const spent = now - cpuSeen;
  cpuSeen = now;
  return `, ${spent.toFixed(1)} s CPU`;
}

/** The whole machine's busy and total CPU ticks so far, from Linux's /proc/stat (null elsewhere). */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = (
      readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
    )
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (idle === undefined || iowait === undefined) return null;
    // idle and iowait are the CPU no process used; guest time (the fields after steal) is counted in user already
    const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, tick) => sum + (tick ?? 0), 0);
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * How busy the machine's CPUs were in each minute of the run, printed at the end: the run is CPU-bound on 2 cores, so
 * a minute well under 100% is time the lanes' order left idle (README, Tests).
 */
const busyPerMinute: string[] = [];
let lastTicks = machineTicks();
const minuteTimer = setInterval(() => {
  const now = machineTicks();
  if (now && lastTicks)
    busyPerMinute.push(`${Math.round((100 * (now.busy - lastTicks.busy)) / (now.total - lastTicks.total))}%`);
  lastTicks = now;
}, 60_000);
minuteTimer.unref();

/** The lines a failed step printed that say what failed: vitest's failure report, else the step's last lines. */
function failureReport(lines: string[]): string[] {
  const plain = lines.map(stripVTControlCharacters);
  const from = plain.findIndex((line) => /Failed Tests \d+|FAIL\s/.test(line));
  const report = from === -1 ? plain.slice(-40) : plain.slice(from);
  const cut =
    report.length > 60 ? [...report.slice(0, 60), `… ${report.length - 60} more lines above in the log`] : report;
  return [...journeyScreens(plain), ...cut];
}

/** What the failed journeys' pages showed (tests/e2e/failure-report.ts), printed while they ran: each block whole. */
function journeyScreens(plain: string[]): string[] {
  const screens: string[] = [];
  plain.forEach((line, i) => {
    if (!line.includes('[failure report]')) return;
    screens.push(line);
    for (let next = i + 1; next < plain.length && /^\s/.test(plain[next] ?? '') && next - i <= 24; next++)
      screens.push(plain[next] ?? '');
  });
  return screens;
}

/** Reprinted at the very end, so the tail of a failed CI run (all a CI page may keep) says what failed and why. */
const failureReports: string[] = [];

function run(lane: string, step: Step): Promise<number> {
  const started = Date.now();
  const printed: string[] = [];
  console.log(`[${lane}] ▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) console.log(`[${lane}] ${line}`);
        printed.push(...lines);
      });
      stream.on('end', () => {
        if (rest) console.log(`[${lane}] ${rest}`);
        if (rest) printed.push(rest);
      });
    }
    child.on('error', (error) => {
      console.log(`[${lane}] ✗ ${step.name} could not start: ${error.message}`);
      resolve(1);
    });
    let cpu = '';
    // 'exit' comes right after the reaping; 'close' may come later, after the other lane's next reaping
    child.on('exit', () => {
      cpu = cpuSinceLastEnd();
    });
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      if (status !== 0) failureReports.push(`── what failed in ${lane}: ${step.name} ──`, ...failureReport(printed));
      console.log(
        `[${lane}] ${status === 0 ? '✓' : '✗'} ${step.name} ${status === 0 ? 'passed' : `failed (exit ${code ?? signal})`} in ${seconds(Date.now() - started)}${cpu}`,
      );
      resolve(status);
    });
  });
}

/** Each step's exit status once it has ended, so a shared step can wait for the one it needs. */
const ended = new Map<string, Promise<number>>();

function runRecorded(lane: string, step: Step): Promise<number> {
  const status = run(lane, step);
  ended.set(step.name, status);
  return status;
}

async function runLane(lane: string, steps: Step[]): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) {
    if ((await runRecorded(lane, step)) !== 0) {
      failed.push(`${lane}: ${step.name}`);
      break;
    }
  }
  for (let step = shared.shift(); step; step = shared.shift()) {
    const needed = step.needs ? ended.get(step.needs) : undefined;
    if (needed && (await needed) !== 0) {
      console.log(`[${lane}] ✗ ${step.name} not run: ${step.needs} failed`);
      failed.push(`${lane}: ${step.name}`);
    } else if ((await runRecorded(lane, step)) !== 0) failed.push(`${lane}: ${step.name}`);
  }
  return failed;
}

const started = Date.now();
console.log(`npm test: ${Object.keys(lanes).join(' and ')} side by side on ${cpus().length} CPUs`);
const failed = (await Promise.all(Object.entries(lanes).map(([lane, steps]) => runLane(lane, steps)))).flat();
for (const line of failureReports) console.log(line);
if (busyPerMinute.length) console.log(`CPU busy per minute: ${busyPerMinute.join(' ')}`);
console.log(
  failed.length
    ? `npm test failed in ${seconds(Date.now() - started)}: ${failed.join(', ')}`
    : `npm test passed in ${seconds(Date.now() - started)}`,
);
process.exitCode = failed.length ? 1 : 0;
