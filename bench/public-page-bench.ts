import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { selectRows } from '../server/db/rows';
import { type RunningServer, startServer } from '../server/start';
import { apiCaller } from './api';
import { benchUser } from './search-bench';
import { summary, time } from './stats';

/**
 * A public collection page (server/features/public-pages/) at `gemCount` gems in the database (PGlite): the
 * publisher's library is seeded by set-based SQL (twelve collections, ~300 bytes of page text a gem, two of three gems
 * tagged; lighter than search-bench.ts's, so it seeds in minutes on a busy machine), its top
 * collection "Work" (with its three sub-collections: a quarter of the gems) and one leaf are published, and each
 * page is fetched as a visitor: the first page, a later page, a tag filter, a search and the RSS feed.
 * BENCH_PUBLIC_RUNS sets the fetches per page (default 200); BENCH_PUBLIC_DATA, a folder where the seeded database is
 * kept between runs of the same size (a change is then measured on the same library, without seeding again).
 */

const RUNS = Number(process.env.BENCH_PUBLIC_RUNS ?? 200);
const GOALS = { p50: 10, p99: 30 };

const serverConfig = (dataDir: string) => ({
  port: 0,
  host: '127.0.0.1',
  secret: 's'.repeat(48),
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlSeconds: 3600,
  logRequests: false,
  dataDir,
});

async function fetchPage(url: string): Promise<number> {
  const response = await fetch(url, { headers: { Accept: 'text/html' } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return (body.match(/class="gem"/g) ?? []).length;
}

/** `gemCount` gems of the user, spread over their collections, with short text and a tag on two of three. */
async function seedGems(dataDir: string, userId: number, gemCount: number) {
  const { db, close } = await openDatabase({ dataDir, durableWrites: false });
  try {
    const ids = async (table: 'collections' | 'tags') =>
      (
        await selectRows<{ id: number }>(
          db,
          sql`SELECT id FROM ${sql.raw(table)} WHERE owner_id = ${userId} ORDER BY id`,
        )
      )
        .map((r) => r.id)
        .join(',');
    const collections = `{${await ids('collections')}}`;
    const tags = `{${await ids('tags')}}`;
    for (let from = 1; from <= gemCount; from += 20_000)
      await db.execute(sql`
        INSERT INTO gems (owner_id, collection_id, title, description, url, canonical_url, media_type, text, created_at)
        SELECT ${userId}, (${collections}::int[])[1 + i % cardinality(${collections}::int[])],
          'Seeded gem ' || i || ' ' || (ARRAY['kaka','lolo','mimi','nene','ruru'])[1 + i % 5],
          'About ' || (ARRAY['sasa','toto','veve','zizi','ququ'])[1 + i % 5] || ' number ' || i,
          'https://site' || (i % 2000) || '.example/p/' || i, 'https://site' || (i % 2000) || '.example/p/' || i,
          (ARRAY['Link', 'Article', 'Note', 'Video'])[1 + i % 4],
          repeat('kaka lolo mimi nene ruru sasa toto veve zizi ququ ', 6) || i,
          now() - (i || ' minutes')::interval
        FROM generate_series(${from}::int, ${Math.min(gemCount, from + 19_999)}::int) i`);
    await db.execute(sql`INSERT INTO gem_tags (gem_id, tag_id)
      SELECT g.id, (${tags}::int[])[1 + g.id % cardinality(${tags}::int[])] FROM gems g
      WHERE g.owner_id = ${userId} AND g.id % 3 <> 0`);
    // vacuumed as a server's upkeep would at its first idle moment (PGlite's: server/db/pglite-upkeep.ts), so an
    // index-only probe of gem_tags reads no table page
    await db.execute(sql.raw('VACUUM ANALYZE gems'));
    await db.execute(sql.raw('VACUUM ANALYZE gem_tags'));
  } finally {
    await close();
  }
}

/** Whether BENCH_PUBLIC_DATA holds a seed of `gemCount` gems from an earlier run. */
function keptSeed(keep: string | undefined, gemCount: number): boolean {
  const record = keep && join(keep, 'seed.json');
  return Boolean(record && existsSync(record) && JSON.parse(readFileSync(record, 'utf8')).gemCount === gemCount);
}

export async function benchPublicPage(gemCount: number): Promise<string[]> {
  const keep = process.env.BENCH_PUBLIC_DATA;
  if (keep) mkdirSync(keep, { recursive: true });
  const kept = keptSeed(keep, gemCount);
  if (keep && !kept) rmSync(join(keep, 'pglite'), { recursive: true, force: true });
  const dataDir = keep ? join(keep, 'pglite') : mkdtempSync(join(tmpdir(), 'trove-bench-public-'));
  const lines = [`Public collection pages (PGlite, ${gemCount} gems in the database, ${RUNS} fetches each):`];
  let server: RunningServer = await startServer(serverConfig(dataDir));
  try {
    const call = apiCaller(() => server.url);
    let token = '';
    if (kept) {
      lines.push(`  the kept seed of ${keep}`);
      const session = await call('auth/local', {
        method: 'POST',
        body: JSON.stringify({ identifier: 'publisher', password: 'bench password' }),
      });
      token = session.jwt;
    } else {
      const publisher = await benchUser(server, 'publisher');
      token = publisher.token;
      await server.stop();
      const seedStart = performance.now();
      await seedGems(dataDir, publisher.userId, gemCount);
      lines.push(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
      server = await startServer(serverConfig(dataDir));
      if (keep) writeFileSync(join(keep, 'seed.json'), JSON.stringify({ gemCount }));
    }
    const collections: { id: number; name: string; parentId: number | null }[] = (
      await call('get-user-collections', { token })
    ).data;
    const work = collections.find((c) => c.name === 'Work' && c.parentId === null);
    const inbox = collections.find((c) => c.name === 'Inbox' && c.parentId === work?.id);
    if (!work || !inbox) throw new Error('the bench user has no Work › Inbox');
    const publish = async (id: number, slug: string) =>
      call(`collections/${id}/public`, {
        method: 'PUT',
        token,
        body: JSON.stringify({ data: { isPublic: true, slug } }),
      });
    await publish(work.id, 'work');
    await publish(inbox.id, 'inbox');
    const counts: { collections: { id: number; countWithDescendants: number }[] } = (
      await call('collection-wise-counts', { token })
    ).data;
    const sizeOf = (id: number) => counts.collections.find((c) => c.id === id)?.countWithDescendants ?? 0;
    const base = `${server.url}/publisher`;
    // Tag counts are kept a minute per page and query (page-data.ts): the last row asks something new every time.
    const seeded = ['kaka', 'lolo', 'mimi', 'nene', 'ruru', 'sasa', 'toto', 'veve', 'zizi', 'ququ'];
    const pages: [string, string | ((i: number) => string)][] = [
      [`"Work" (${sizeOf(work.id)} gems with its sub-collections), page 1`, `${base}/work`],
      ['"Work", page 50', `${base}/work?page=50`],
      ['"Work", a tag filter', `${base}/work?tag=food`],
      ['"Work", a search of two words', `${base}/work?q=${encodeURIComponent('kaka lolo')}`],
      [`"Inbox" (${sizeOf(inbox.id)} gems), page 1`, `${base}/work/inbox`],
      ['"Work", RSS feed', `${base}/work/feed.rss`],
      [
        '"Work", a new search each time (no cached tag counts)',
        (i) =>
          `${base}/work?q=${encodeURIComponent(`${seeded[i % 10]} ${seeded[Math.floor(i / 10) % 10]}`)}&page=${1 + Math.floor(i / 100)}`,
      ],
      [
        '"Work", a new tag filter each time',
        (i) =>
          `${base}/work?tag=${['dev', 'food', 'travel', 'music', 'science'][i % 5]}-${i % 2 ? 'one' : 'two'}&page=${1 + Math.floor(i / 10)}`,
      ],
    ];
    for (const [name, address] of pages) {
      const url = (i: number) => (typeof address === 'string' ? address : address(i));
      for (let i = 0; i < 10; i++) await fetchPage(url(RUNS + i)); // warm the caches and plans
      const samples: number[] = [];
      let shown = 0;
      for (let i = 0; i < RUNS; i++) {
        const [ms, gems] = await time(() => fetchPage(url(i)));
        samples.push(ms);
        shown = gems;
      }
      lines.push(summary(`  ${name}`, samples, GOALS.p99));
      if (!url(0).endsWith('.rss')) lines.push(`    ${shown} gems on the page (the last fetch)`);
    }
    lines.push(`  goal: p50 ≤ ${GOALS.p50} ms, p99 ≤ ${GOALS.p99} ms`);
  } finally {
    await server.stop().catch(() => {});
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

if (process.argv[1]?.endsWith('public-page-bench.ts'))
  for (const line of await benchPublicPage(Number(process.env.BENCH_GEMS ?? 100_000))) console.log(line);
