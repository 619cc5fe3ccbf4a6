import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer, SERVER_ENTRY } from '../scripts/build-server';
import { type ServerProcess, startServerProcess } from '../tests/server-process';
import { apiCaller } from './api';
import { onBenchPostgres } from './postgres';

const GOALS = { seconds: 60, mbAboveIdle: 150 };
const SECRET = 'i'.repeat(48);
/** The idle memory is read this long after the server listens (its start's allocations settled). */
const SETTLE_MS = 3_000;
const SAMPLE_MS = 100;

/**
 * A browser's bookmarks export of `count` addresses: 50 folders (10 at the top, each with 4 sub-folders), tags and
 * an ADD_DATE on every item, the way Chrome and Firefox write it.
 */
export function netscapeFile(count: number): string {
  const folders = Array.from({ length: 10 }, (_, top) => ({
    name: `Folder ${top}`,
    children: Array.from({ length: 4 }, (_, sub) => `Sub ${top}.${sub}`),
  }));
  const perLeaf = Math.ceil(count / (folders.length * 5));
  let next = 0;
  const items = (indent: string) => {
    const lines: string[] = [];
    for (let i = 0; i < perLeaf && next < count; i++, next++)
      lines.push(
        `${indent}<DT><A HREF="https://bench${next % 97}.test/article/${next}?ref=${next}" ADD_DATE="${1_600_000_000 + next}" TAGS="bench,t${next % 20}">Article ${next} about herons</A>`,
      );
    return lines;
  };
  const body = folders.flatMap((folder) => [
    `  <DT><H3 ADD_DATE="1600000000">${folder.name}</H3>`,
    '  <DL><p>',
    ...items('    '),
    ...folder.children.flatMap((child) => [
      `    <DT><H3>${child}</H3>`,
      '    <DL><p>',
      ...items('      '),
      '    </DL><p>',
    ]),
    '  </DL><p>',
  ]);
  return [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
    ...body,
    '</DL><p>',
  ].join('\n');
}

interface Job {
  status: string;
  total: number;
  added: number;
  merged: number;
  skipped: number;
}

/** Imports `file` into a new user of `server`, the server's memory sampled all along. */
async function measure(server: ServerProcess, file: string, count: number): Promise<string> {
  await sleep(SETTLE_MS);
  const idleMb = server.rssMb();
  /** The highest memory while the file is read and staged (the POST), then while the worker imports it. */
  const peaks = { staging: idleMb, working: idleMb };
  let phase: keyof typeof peaks = 'staging';
  const sampler = setInterval(() => {
    peaks[phase] = Math.max(peaks[phase], server.rssMb());
  }, SAMPLE_MS);
  try {
    const call = apiCaller(() => server.url);
    const { jwt } = (await call('auth/local/register', {
      method: 'POST',
      body: JSON.stringify({ username: 'importbench', email: 'import@example.test', password: 'import bench pw' }),
    })) as { jwt: string };
    const started = performance.now();
    const staged = (await call('collection-import', {
      method: 'POST',
      token: jwt,
      body: JSON.stringify({ fileName: 'bookmarks.html', content: file }),
    })) as { data: { id: number } };
    const stagedMs = performance.now() - started;
    phase = 'working';
    let job: Job;
    for (;;) {
      job = ((await call(`imports/${staged.data.id}`, { token: jwt })) as { data: Job }).data;
      if (job.status !== 'queued' && job.status !== 'running') break;
      await sleep(SAMPLE_MS);
    }
    const seconds = (performance.now() - started) / 1000;
    const peakMb = Math.max(peaks.staging, peaks.working);
    const above = peakMb - idleMb;
    const met = seconds <= GOALS.seconds && above <= GOALS.mbAboveIdle ? 'met' : 'MISSED';
    return (
      `  ${count} addresses (${(file.length / 1e6).toFixed(1)} MB file): ${seconds.toFixed(1)} s (staged in ${(stagedMs / 1000).toFixed(1)} s), ` +
      `${job.status}: ${job.added} added, ${job.merged} merged, ${job.skipped} skipped; ` +
      `server RSS idle ${idleMb.toFixed(0)} MB, peak +${(peaks.staging - idleMb).toFixed(0)} MB staging, +${(peaks.working - idleMb).toFixed(0)} MB working  ` +
      `(goal ≤ ${GOALS.seconds} s, ≤ ${GOALS.mbAboveIdle} MB above idle: ${met})`
    );
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Imports a browser bookmarks file of `count` addresses (no page fetching) through POST /api/collection-import into
 * the compiled server in a child process, on PGlite and on PostgreSQL (durable settings), until the job is done.
 */
export async function benchImport(count = 50_000): Promise<string[]> {
  const lines = ['Import (Netscape bookmarks HTML, compiled server in a child process)'];
  await buildServer();
  const file = netscapeFile(count);
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-import-bench-'));
  const start = (env: Record<string, string>) =>
    startServerProcess({ args: [SERVER_ENTRY], timeoutMs: 120_000, env: { TROVE_SECRET: SECRET, ...env } });
  let server: ServerProcess | undefined;
  try {
    server = await start({ DATA_DIR: dataDir });
    lines.push(`PGlite:${await measure(server, file, count)}`);
  } catch (error) {
    lines.push(`PGlite: failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  lines.push(
    ...(await onBenchPostgres('trove_import', async (databaseUrl) => {
      const uploads = mkdtempSync(join(tmpdir(), 'trove-import-bench-pg-'));
      try {
        server = await start({ DATA_DIR: uploads, DATABASE_URL: databaseUrl });
        return [`PostgreSQL:${await measure(server, file, count)}`];
      } catch (error) {
        return [`PostgreSQL: failed: ${error instanceof Error ? error.message : String(error)}`];
      } finally {
        await server?.stop();
        rmSync(uploads, { recursive: true, force: true });
      }
    })),
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchImport(Number(process.env.BENCH_IMPORT_URLS ?? 50_000))) console.log(line);
}
