import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';

/**
 * Global setup of the `server-postgres` vitest project: the server suite again, on real PostgreSQL.
 *
 * Starts a throwaway cluster (initdb + pg_ctl from Debian's packages, or PG_BIN) in a temporary folder,
 * listening on 127.0.0.1 and a free port with trust auth, migrates a template database once with the
 * server's own `openDatabase`, creates the shared test database from it, and hands both to the tests
 * (`inject('trovePostgres')`, read by harness.ts). Teardown stops the cluster and deletes the folder.
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` OS user.
 */

export interface TestPostgres {
  /** The database every test server shares (tests keep apart by using their own users). */
  url: string;
  /** The maintenance database, for creating databases of their own (harness `isolated`). */
  adminUrl: string;
  /** A migrated, empty database to copy (`CREATE DATABASE … TEMPLATE`); nothing stays connected to it. */
  template: string;
  version: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    trovePostgres?: TestPostgres;
  }
}

const OS_USER = 'postgres';
const TEMPLATE = 'trove_template';
const SHARED = 'trove_test';

/** The folder holding initdb, pg_ctl and postgres: PG_BIN, else the highest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env, root = '/usr/lib/postgresql'): string {
  const programs = ['initdb', 'pg_ctl', 'postgres'];
  const complete = (dir: string) => programs.every((p) => existsSync(join(dir, p)));
  if (env.PG_BIN) {
    if (!complete(env.PG_BIN)) throw new Error(`PG_BIN=${env.PG_BIN} does not hold ${programs.join(', ')}`);
    return env.PG_BIN;
  }
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+(\.\d+)?$/.test(v) && complete(join(root, v, 'bin')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      `The server-postgres tests need PostgreSQL's server programs (${programs.join(', ')}) and found none in ${root}/*/bin. ` +
        'Install them (Debian: apt-get install -y postgresql; the system service is not needed) or set PG_BIN to their folder.',
    );
  }
  return join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const asRoot = process.getuid?.() === 0;

function osUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, OS_USER], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      `PostgreSQL refuses to run as root, and there is no "${OS_USER}" OS user to run it as (the postgresql package creates one).`,
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Runs a PostgreSQL program (as the postgres OS user when we are root); throws with its output when it fails. */
function run(bin: string, program: string, args: string[], cwd: string) {
  const [command, argv] = asRoot
    ? ['runuser', ['-u', OS_USER, '--', join(bin, program), ...args]]
    : [join(bin, program), args];
  const result = spawnSync(command, argv, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>` (trust auth); add `/<database>`. */
  base: string;
  /** The cluster's files (its `-D` folder). */
  dataDir: string;
  /** Stops the cluster and deletes its folder. */
  stop(mode?: 'fast' | 'immediate'): void;
  /**
   * CPU seconds the cluster has used so far (its postmaster, the processes it runs and those it has reaped), from
   * Linux's /proc; null elsewhere. A run's CPU figures leave it out otherwise: pg_ctl detaches the cluster.
   */
  cpuSeconds(): number | null;
}

/** utime + stime + cutime + cstime of a process (fields 14–17 of proc(5)), in seconds; also its parent's pid. */
function processCpu(pid: string): { cpu: number; parent: string } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  return { cpu: ticks / 100, parent: fields[1] ?? '' };
}

function clusterCpu(dataDir: string): number | null {
  try {
    const postmaster = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]?.trim() ?? '';
    let cpu = processCpu(postmaster).cpu;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const child = processCpu(pid);
        if (child.parent === postmaster) cpu += child.cpu;
      } catch {
        // ended meanwhile
      }
    }
    return cpu;
  } catch {
    return null;
  }
}

/**
 * Starts a throwaway cluster in a temporary folder on 127.0.0.1 and a free port (trust auth).
 * `durable: false` (the tests) turns fsync, synchronous_commit and full-page writes off; `true` (the
 * bench) keeps PostgreSQL's defaults, as a production server has them.
 */
export async function startPostgresCluster(options: {
  durable: boolean;
  keptIn?: string;
  /** More server settings, `name=value` each (a bench's BENCH_PG_SETTINGS). */
  settings?: string[];
}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  // `keptIn` (a bench's seed kept between runs): the cluster lives in that folder, made by the first run, never deleted.
  const root = options.keptIn ?? mkdtempSync(join(tmpdir(), 'trove-pg-test-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'socket');
  const log = join(root, 'postgres.log');
  const kept = options.keptIn !== undefined && existsSync(join(dataDir, 'PG_VERSION'));
  mkdirSync(socketDir, { recursive: true });
  if (asRoot) {
    const { uid, gid } = osUserIds();
    for (const dir of [root, socketDir]) chownSync(dir, uid, gid);
  }

  let running = false;
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    process.off('exit', onExit);
    if (running) {
      running = false;
      try {
        run(bin, 'pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60'], root);
      } catch (error) {
        console.error(String(error));
      }
    }
    if (!options.keptIn) rmSync(root, { recursive: true, force: true });
  };
  // If the process exits without stopping it (an error, Ctrl-C), do not leave a cluster behind.
  const onExit = () => stop('immediate');
  process.once('exit', onExit);

  try {
    // C.UTF-8 sorts like PGlite (collation C, ctype C.UTF-8). A non-UTC time zone, unlike PGlite's UTC,
    // shows up any code that leans on the database's time zone.
    const noSync = options.durable ? [] : ['--no-sync'];
    if (!kept)
      run(
        bin,
        'initdb',
        ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', ...noSync],
        root,
      );
    // Not durable (the tests): a test cluster need not survive a crash.
    const relaxed = options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'];
    let port = 0;
    for (let attempt = 1; !running; attempt++) {
      port = await freePort();
      const settings = [
        '-c listen_addresses=127.0.0.1',
        `-p ${port}`,
        `-k ${socketDir}`,
        '-c max_connections=200',
        ...relaxed,
        '-c timezone=Asia/Kolkata',
        ...(options.settings ?? []).map((setting) => `-c ${setting}`),
      ];
      try {
        run(bin, 'pg_ctl', ['start', '-D', dataDir, '-l', log, '-w', '-t', '60', '-o', settings.join(' ')], root);
        running = true;
      } catch (error) {
        // another process may have taken the port between the probe and the start: try another one
        if (attempt >= 3) throw new Error(`${error}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
      }
    }
    return { base: `postgres://postgres@127.0.0.1:${port}`, dataDir, stop, cpuSeconds: () => clusterCpu(dataDir) };
  } catch (error) {
    stop('immediate');
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const cluster = await startPostgresCluster({ durable: false });
  try {
    const { base } = cluster;
    const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} });
    let version: string;
    try {
      version = (await admin`show server_version`)[0]?.server_version ?? '?';
      await admin.unsafe(`CREATE DATABASE ${TEMPLATE}`);
      // The server's own start path migrates; running it once here means the test servers, which
      // start in parallel, find the schema up to date (see the report on concurrent first starts).
      const migrated = await openDatabase({ databaseUrl: `${base}/${TEMPLATE}` });
      await migrated.close();
      await admin.unsafe(`CREATE DATABASE ${SHARED} TEMPLATE ${TEMPLATE}`);
    } finally {
      await admin.end({ timeout: 5 });
    }

    project.provide('trovePostgres', {
      url: `${base}/${SHARED}`,
      adminUrl: `${base}/postgres`,
      template: TEMPLATE,
      version,
    });
    console.log(
      `[server-postgres] PostgreSQL ${version} on ${base.split('@')[1]}, ready in ${Date.now() - started} ms`,
    );
  } catch (error) {
    cluster.stop('immediate');
    throw error;
  }

  return () => {
    const cpu = cluster.cpuSeconds();
    if (cpu !== null) console.log(`[server-postgres] the PostgreSQL cluster used ${cpu.toFixed(1)} s of CPU`);
    cluster.stop('fast');
  };
}
