import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildServer, SERVER_ENTRY } from '../scripts/build-server';
import { openDatabase } from '../server/db/client';
import { selectRows } from '../server/db/rows';
import { freePort, type ServerProcess, startServerProcess } from '../tests/server-process';

/** The CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const GOAL_S = 30;
const USER = { username: 'benchexport', email: 'export@bench.test', password: 'correct horse battery' };

/** `gemCount` gems with ~2 kB of page text and notes, in 20 collections, every third one tagged, straight into PGlite. */
async function seed(dataDir: string, gemCount: number) {
  const database = await openDatabase({ dataDir, durableWrites: false });
  const { db } = database;
  try {
    // no triggers while seeding (the search document and the counts are not what is measured)
    await db.execute(sql.raw('SET session_replication_role = replica'));
    const [user] = await selectRows<{ id: number }>(db, sql`SELECT id FROM users WHERE username = ${USER.username}`);
    if (!user) throw new Error('the bench user was not made');
    await db.execute(sql`INSERT INTO collections (owner_id, name)
      SELECT ${user.id}, 'Shelf ' || n FROM generate_series(1, 20) n`);
    await db.execute(sql`INSERT INTO tags (owner_id, name) VALUES (${user.id}, 'kept'), (${user.id}, 'later')`);
    for (let from = 1; from <= gemCount; from += 5_000) {
      const to = Math.min(gemCount, from + 4_999);
      await db.execute(sql`
        INSERT INTO gems (owner_id, collection_id, title, description, url, canonical_url, notes, text, created_at)
        SELECT ${user.id}, c.id, 'Exported gem ' || i, 'A page kept for later, number ' || i,
          'https://site' || (i % 500) || '.example/p/' || i, 'https://site' || (i % 500) || '.example/p/' || i,
          'My note on ' || i,
          repeat('Herons wade in the marsh at dawn, still as reeds, waiting for fish ' || i || '. ', 28),
          now() - (i || ' seconds')::interval
        FROM generate_series(${from}::int, ${to}::int) i
        JOIN LATERAL (SELECT id FROM collections WHERE owner_id = ${user.id} AND name = 'Shelf ' || (1 + i % 20)) c ON true`);
    }
    await db.execute(sql`INSERT INTO gem_tags (gem_id, tag_id)
      SELECT g.id, t.id FROM gems g JOIN tags t ON t.owner_id = g.owner_id AND t.name = 'kept'
      WHERE g.owner_id = ${user.id} AND g.id % 3 = 0`);
  } finally {
    await database.close();
  }
}

/**
 * "Export all my data" (Trove JSON) of `gemCount` gems from a compiled server on PGlite, read by a client as fast as
 * it takes it: the time to the last byte, the file's size, and the server's RSS before and at its peak (sampled every
 * 50 ms), which stays flat when the export holds a page of gems at a time, never the file.
 */
export async function benchExport(gemCount: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-export-'));
  const port = await freePort();
  await buildServer();
  const start = () =>
    startServerProcess({ port, args: [SERVER_ENTRY], env: { DATA_DIR: dataDir }, timeoutMs: 120_000 });
  let server: ServerProcess | undefined = await start();
  try {
    const signUp = await fetch(`${server.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(USER),
    });
    const { jwt } = (await signUp.json()) as { jwt: string };
    await server.stop();
    const seeding = performance.now();
    await seed(dataDir, gemCount);
    const seeded = ((performance.now() - seeding) / 1000).toFixed(0);
    server = await start();
    const running = server;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const before = running.rssMb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, running.rssMb());
    }, 50);
    const started = performance.now();
    const cpuBefore = cpuSeconds(running.pid);
    const response = await fetch(`${running.url}/api/library-export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ format: 'trove-json' }),
    });
    let bytes = 0;
    let lines = 0;
    // the server's RSS as each tenth of the gems has been received: flat, or growing with the file
    const steps: number[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      if (lines >= ((steps.length + 1) * gemCount) / 10) steps.push(running.rssMb());
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(running.pid) - cpuBefore;
    clearInterval(sampler);
    peak = Math.max(peak, running.rssMb());
    return [
      `Export (PGlite, ${gemCount} gems with ~2 kB of page text each, seeded in ${seeded} s)`,
      `  Trove JSON of the whole library: ${seconds.toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(0)} MB, ${lines - 2} gem lines, status ${response.status}  (goal ≤ ${GOAL_S} s); the server's CPU ${cpu.toFixed(1)} s`,
      `  server RSS before ${before.toFixed(0)} MB, peak during ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)  (goal: flat)`,
      `  server RSS at each tenth of the gems: ${steps.map((mb) => mb.toFixed(0)).join(', ')} MB`,
    ];
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchExport(Number(process.env.BENCH_EXPORT_GEMS ?? process.env.BENCH_GEMS ?? 100_000)))
    console.log(line);
}
