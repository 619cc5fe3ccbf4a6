import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { gems } from '../server/db/schema';
import { startServer } from '../server/start';
import { apiCaller } from './api';
import { summary, time } from './stats';

/** Save, list and lookup latency over real HTTP on a PGlite data folder holding `gemCount` gems of one user. */
export async function benchServer(gemCount: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-'));
  const secret = 'b'.repeat(48);
  const config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    secret,
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 3600,
    logRequests: false,
  };
  const lines: string[] = [];
  try {
    let server = await startServer(config);
    // The server is restarted below, so the caller reads its address each time.
    const call = apiCaller(() => server.url);
    const session = await call('auth/local/register', {
      method: 'POST',
      body: JSON.stringify({ username: 'bench', email: 'bench@example.test', password: 'bench password' }),
    });
    const token: string = session.jwt;
    const unfiltered: number = session.user.unfiltered_collection_id;

    // Durable writes (the default: each commit fsynced) against TROVE_DURABLE_WRITES=0, on the same data.
    const saveGems = async (from: number) => {
      const saves: number[] = [];
      for (let i = from; i < from + 300; i++) {
        const body = JSON.stringify({
          data: {
            title: `Saved page ${i}`,
            url: `https://example.test/page/${i}?utm_source=bench`,
            tags: ['bench', `t${i % 10}`],
          },
        });
        const [ms] = await time(() =>
          call('gems', { method: 'POST', token, body, headers: { 'Idempotency-Key': `bench-save-${i}` } }),
        );
        saves.push(ms);
      }
      return saves;
    };
    lines.push(summary('save a gem (POST /api/gems, 2 tags), durable', await saveGems(0), 50));
    await server.stop();
    server = await startServer({ ...config, durableWrites: false });
    lines.push(summary('  the same with TROVE_DURABLE_WRITES=0', await saveGems(300), 50));

    // Seeding 100k gems through HTTP would take minutes; write them straight into the database.
    await server.stop();
    const seedStart = performance.now();
    const database = await openDatabase({ dataDir, durableWrites: false });
    const batch = 2000;
    for (let done = 600; done < gemCount; done += batch) {
      const rows = Array.from({ length: Math.min(batch, gemCount - done) }, (_, k) => {
        const n = done + k;
        return {
          ownerId: session.user.id,
          collectionId: unfiltered,
          title: `Seeded gem ${n}`,
          url: `https://example.test/seed/${n}`,
          canonicalUrl: `https://example.test/seed/${n}`,
          description: 'seeded',
        };
      });
      await database.db.insert(gems).values(rows);
    }
    await database.close();
    lines.push(`seeded ${gemCount} gems in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    server = await startServer(config);

    const pages: number[] = [];
    for (let i = 0; i < 200; i++) {
      const page = 1 + ((i * 37) % 50);
      const [ms] = await time(() => call(`get-all-bookmark?perPage=20&page=${page}`, { token }));
      pages.push(ms);
    }
    lines.push(summary(`list a page of 20 (${gemCount} gems)`, pages, 15));

    const lookups: number[] = [];
    for (let i = 0; i < 200; i++) {
      const url = encodeURIComponent(`https://EXAMPLE.test/seed/${(i * 499) % gemCount}#x`);
      const [ms] = await time(() => call(`gems-at-url?url=${url}`, { token }));
      lookups.push(ms);
    }
    lines.push(summary(`"already saved?" lookup (${gemCount} gems)`, lookups));
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}
