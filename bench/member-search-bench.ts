import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { parseSearch } from '../lib/search/parse';
import { openDatabase } from '../server/db/client';
import { forgetCachedPages } from '../server/db/pglite-warm-start';
import { selectRows } from '../server/db/rows';
import { compileSearchFor } from '../server/features/search/compile-for';
import { gemKindSql } from '../server/features/search/readable';
import { searchStatement } from '../server/features/search/search';
import { type RunningServer, startServer } from '../server/start';
import { apiCaller } from './api';
import { osCacheLine } from './os-cache';
import { onBothDatabases, type Target } from './postgres';
import { benchUser, seed, seeded } from './search-bench';
import { summary, time } from './stats';

/**
 * The library's search as a MEMBER: another user shared 20 collections holding `gemCount` gems (search-bench.ts's
 * seed: a few KB of page text each) with them, accepted, and they search over GET /api/filter-search: the whole
 * library with "two words + two qualifiers" taken from the shared gems (the owner's bench's queries, search-bench.ts,
 * with the qualifiers a member can name for a shared gem: its type, shared collection, site or a date), the same
 * words with one qualifier (broader: a third of them only `after:`, which every gem meets), and one shared collection
 * (the sidebar's "Shared with me": `collectionId` and one qualifier), then the facets of the one-qualifier queries.
 * The member has a small library of their own beside it. Every gem they read goes through
 * server/features/sharing/access.ts.
 * BENCH_MEMBER_ONLY (`pglite` or `postgres`) measures one database only; BENCH_SEARCH_RUNS the queries (default
 * 200); BENCH_SEARCH_DATA keeps the seeded databases (in its `member/` folder) for the next run of the same size.
 */

const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const SHARED_COLLECTIONS = 20;
const MEMBER_GEMS = 2_000;
const GOALS = { searchP99: 50, facetsP99: 100 };

const serverConfig = (target: Target) => ({
  port: 0,
  host: '127.0.0.1',
  secret: 's'.repeat(48),
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlSeconds: 3600,
  logRequests: false,
  ...target.config,
});

/** The sharer: 20 top collections and five tags; the member: benchUser's library. Both with their tokens. */
async function people(server: RunningServer) {
  const call = apiCaller(() => server.url);
  const session = await call('auth/local/register', {
    method: 'POST',
    body: JSON.stringify({ username: 'sharer', email: 'sharer@example.test', password: 'bench password' }),
  });
  const sharer = { token: session.jwt as string, userId: session.user.id as number };
  const post = (path: string, data: unknown, token = sharer.token) =>
    call(path, { method: 'POST', token, body: JSON.stringify({ data }) });
  const collections: number[] = [];
  for (let n = 1; n <= SHARED_COLLECTIONS; n++)
    collections.push((await post('collections', { name: `Team ${n}` })).data.id);
  for (const tag of ['alpha', 'beta', 'gamma', 'delta', 'omega']) await post('tags', { tag });
  const member = await benchUser(server, 'member');
  for (const id of collections) {
    const share = await post(`collection-email/${id}`, { username: 'member', role: 'viewer' });
    await call(`shares/${share.data.id}/accept`, { method: 'POST', token: member.token });
  }
  return { sharer, member, collections };
}

/**
 * Two words of a shared gem's page text with qualifiers it meets, read once: `one` with its type, site or a date in
 * turn; `two` as the owner's bench picks them (search-bench.ts's benchQueries): two of its type, its shared
 * collection (named as Shared with me lists it), site and a date, the same two words in both.
 */
export async function memberQueries(target: Target, sharerId: number): Promise<{ one: string[]; two: string[] }> {
  const database = await openDatabase({ ...target.config, durableWrites: false });
  try {
    const rows = await selectRows<{ text: string; kind: string; host: string; collection: string }>(
      database.db,
      sql`SELECT g.text, ${gemKindSql} AS kind, trove_url_host(g.url) AS host, c.name AS collection
        FROM gems g JOIN collections c ON c.id = g.collection_id
        WHERE g.owner_id = ${sharerId} ORDER BY g.id LIMIT ${RUNS} OFFSET 1000`,
    );
    const random = seeded(31);
    // the qualifiers are picked by a generator of their own, so the words are those of the runs before it (RESULTS.md)
    const pick = seeded(37);
    const queries = rows.map((row, i) => {
      const words = row.text.split(' ');
      const word = () => words[Math.floor(random() * words.length)];
      const two = `${word()} ${word()}`;
      const [type, site, date] = [`type:${row.kind}`, `site:${row.host}`, 'after:2020-01-01'];
      const qualifiers = [type, `collection:"${row.collection}"`, site, date];
      const [a] = qualifiers.splice(Math.floor(pick() * qualifiers.length), 1);
      const b = qualifiers[Math.floor(pick() * qualifiers.length)];
      return { one: `${two} ${[type, site, date][i % 3]}`, two: `${two} ${a} ${b}` };
    });
    return { one: queries.map((q) => q.one), two: queries.map((q) => q.two) };
  } finally {
    await database.close();
  }
}

/** What a kept seed (BENCH_SEARCH_DATA) remembers of itself: its size, the sharer, the member and the shares. */
interface MemberSeed {
  gemCount: number;
  sharerId: number;
  memberId: number;
  collections: number[];
}

/** The people and their seeded gems, or those kept in `recordFile` from an earlier run of the same size. */
async function seededMembers(target: Target, gemCount: number, recordFile: string | null) {
  const kept: MemberSeed | null =
    recordFile && existsSync(recordFile) ? JSON.parse(readFileSync(recordFile, 'utf8')) : null;
  if (kept && kept.gemCount === gemCount) return { ...kept, line: `${target.name}: the kept seed of ${recordFile}` };
  const server = await startServer(serverConfig(target));
  const { sharer, member, collections } = await people(server);
  await server.stop();
  const seedStart = performance.now();
  const size = await seed(target, [
    [sharer.userId, gemCount],
    [member.userId, MEMBER_GEMS],
  ]);
  const record: MemberSeed = { gemCount, sharerId: sharer.userId, memberId: member.userId, collections };
  if (recordFile) writeFileSync(recordFile, JSON.stringify(record));
  return {
    ...record,
    line: `${target.name}: ${gemCount} gems in ${SHARED_COLLECTIONS} collections shared with the member (accepted), ${MEMBER_GEMS} of the member's own (~${size?.text} of page text each; gems table ${size?.total}); seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  };
}

async function measure(target: Target, gemCount: number, recordFile: string | null = null): Promise<string[]> {
  const config = serverConfig(target);
  const { sharerId, memberId, collections, line } = await seededMembers(target, gemCount, recordFile);
  const lines = [line];
  const { one: queries, two: twoQualifiers } = await memberQueries(target, sharerId);
  const cached = osCacheLine(target.databaseFiles);
  if (cached) lines.push(cached);
  // a first start with nothing cached, as the owner's search bench's first line (search-bench.ts)
  forgetCachedPages(config.dataDir);
  const server = await startServer(config);
  const call = apiCaller(() => server.url);
  try {
    const session = await call('auth/local', {
      method: 'POST',
      body: JSON.stringify({ identifier: 'member', password: 'bench password' }),
    });
    const member = { token: session.jwt as string, userId: memberId };
    const get = (path: string, q: string, more = '') =>
      call(`${path}?q=${encodeURIComponent(q)}${more}`, { token: member.token });
    for (const q of queries.slice(0, 10)) await get('filter-search', q); // warm the caches and plans
    const run = async (name: string, queries: string[], path: string, more: (i: number) => string, goal: number) => {
      const samples: number[] = [];
      let found = 0;
      for (const [i, q] of queries.entries()) {
        const [ms, result] = await time(() => get(path, q, more(i)));
        samples.push(ms);
        found += result.total ?? 0;
      }
      lines.push(summary(`  ${name}`, samples, goal));
      if (path === 'filter-search') lines.push(`    ${(found / queries.length).toFixed(1)} results a query on average`);
      // the tail is what the goal is about: which queries make it
      const slowest = samples
        .map((ms, i) => ({ ms, q: queries[i] }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3);
      lines.push(`    slowest: ${slowest.map(({ ms, q }) => `"${q}" ${ms.toFixed(0)} ms`).join(', ')}`);
    };
    await run(
      'member search, whole library, two words + two qualifiers',
      twoQualifiers,
      'filter-search',
      () => '',
      GOALS.searchP99,
    );
    await run(
      'member search, whole library, two words + one qualifier',
      queries,
      'filter-search',
      () => '',
      GOALS.searchP99,
    );
    await run(
      'member search, in one shared collection',
      queries,
      'filter-search',
      (i) => `&collectionId=${collections[i % collections.length]}`,
      GOALS.searchP99,
    );
    await run('member facets, whole library', queries, 'search-facets', () => '', GOALS.facetsP99);
    lines.push(`    e.g. "${queries[0]}"`);
  } finally {
    await server.stop();
  }

  const database = await openDatabase({ ...target.config, durableWrites: false });
  try {
    const q = queries[0] as string;
    const parsed = parseSearch(q);
    if (parsed.ok) {
      const plan = await selectRows<Record<string, string>>(
        database.db,
        sql`EXPLAIN (ANALYZE, BUFFERS) ${searchStatement(await compileSearchFor(database.db, parsed.query, memberId), { page: 1, perPage: 20 })}`,
      );
      lines.push(`  EXPLAIN ANALYZE of "${q}" as the member:`);
      for (const row of plan) lines.push(`    ${Object.values(row)[0]}`);
    }
  } finally {
    await database.close();
  }
  return lines;
}

export async function benchMemberSearch(gemCount: number): Promise<string[]> {
  const kept = process.env.BENCH_SEARCH_DATA;
  return [
    `Search as a member of ${SHARED_COLLECTIONS} shared collections, ${gemCount} gems (${RUNS} queries each)`,
    // BENCH_MEMBER_ONLY: 'pglite' or 'postgres', one database only; BENCH_SEARCH_DATA: where the seeded databases are
    // kept between runs (as search-bench.ts's, in its `member/`)
    ...(await onBothDatabases(
      {
        keep: kept && join(kept, 'member'),
        only: process.env.BENCH_MEMBER_ONLY,
        databaseName: 'trove_member_search',
      },
      (target, recordFile) => measure(target, gemCount, recordFile),
    )),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchMemberSearch(Number(process.env.BENCH_GEMS ?? 100_000))) console.log(line);
}
