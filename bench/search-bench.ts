import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { parseSearch } from '../lib/search/parse';
import { openDatabase } from '../server/db/client';
import { forgetCachedPages } from '../server/db/pglite-warm-start';
import { selectRows } from '../server/db/rows';
import { compileSearchFor } from '../server/features/search/compile-for';
import { gemKindSql } from '../server/features/search/readable';
import { searchStatement } from '../server/features/search/search';
import { readerReach } from '../server/features/sharing/access';
import { type RunningServer, startServer } from '../server/start';
import { apiCaller } from './api';
import { osCacheLine } from './os-cache';
import { onBothDatabases, type Target } from './postgres';
import { readSearchWords } from './search-words';
import { summary, time } from './stats';

/**
 * The library's search at `gemCount` gems of one user with a few KB of page text each, on PGlite and on PostgreSQL:
 * "two words + two qualifiers" over GET /api/filter-search, the facets of the same queries, a new gem searched for as
 * soon as its save is answered, and the EXPLAIN ANALYZE of one bench query. The library is seeded by set-based SQL
 * (generate_series) with the search triggers off, then its documents are made by one UPDATE. BENCH_SEARCH_ONLY
 * (`pglite` or `postgres`) measures one database only.
 */

const WORDS_PER_PAGE = 350;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const GOALS = { searchP99: 50, facetsP99: 100 };

/**
 * The seed's words (BENCH_SEARCH_VOCABULARY): `words`, real English most frequent first (search-words.ts); or
 * `syllables`, 65,536 made-up words of four syllables of sixteen, whose few trigrams every title shares (the worst
 * case for the title's and address's substring match; the seed of the runs before 2026-11-30 in bench/RESULTS.md).
 */
const VOCABULARY = process.env.BENCH_SEARCH_VOCABULARY === 'syllables' ? 'syllables' : 'words';
const SYLLABLES = "ARRAY['ka','lo','mi','ne','ru','sa','to','ve','zi','qu','fe','ban','dor','gil','hux','pry']";

/** A word of the vocabulary, its rank skewed (random()^3: a few frequent words and a long tail, as real text is). */
function skewedWordSql(): SQL {
  if (VOCABULARY === 'syllables') {
    const n = 'floor(65536 * random() ^ 3)::int';
    return sql.raw(
      `(${SYLLABLES})[1 + ${n} % 16] || (${SYLLABLES})[1 + (${n} / 16) % 16] || (${SYLLABLES})[1 + (${n} / 256) % 16] || (${SYLLABLES})[1 + (${n} / 4096) % 16]`,
    );
  }
  const words = readSearchWords();
  return sql`(string_to_array(${words.join(' ')}, ' '))[1 + floor(${words.length} * random() ^ 3)::int]`;
}

/** A small random generator with a seed, so both databases get the same queries. */
export function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Seeds each owner's gems (`[userId, count]`); the owners' collections and tags exist already. */
export async function seed(target: Target, owners: [number, number][]) {
  const database = await openDatabase({ ...target.config, durableWrites: false });
  const { db } = database;
  try {
    await db.execute(sql.raw('ALTER TABLE gems DISABLE TRIGGER gems_search_doc'));
    // The gems' indexes are made again once the rows are in: built at once, not row by row (minutes less at 100k).
    const indexes = await selectRows<{ name: string; definition: string }>(
      db,
      sql`SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = 'gems'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    );
    for (const { name } of indexes) await db.execute(sql.raw(`DROP INDEX "${name}"`));
    // Page text: 4,000 pages of 175 words each from the vocabulary; a gem's text is two of them, so gems share halves
    // but no two are alike.
    await db.execute(sql`CREATE UNLOGGED TABLE bench_pages AS
      SELECT n AS id, array_to_string(ARRAY(
        SELECT ${skewedWordSql()} FROM generate_series(1, ${WORDS_PER_PAGE / 2}) WHERE n > 0
      ), ' ') AS text
      FROM generate_series(1, 4000) n`);
    for (const [userId, gemCount] of owners) {
      const collections = (
        await selectRows<{ id: number }>(db, sql`SELECT id FROM collections WHERE owner_id = ${userId} ORDER BY id`)
      ).map((r) => r.id);
      const batch = 20_000;
      for (let from = 1; from <= gemCount; from += batch) {
        const to = Math.min(gemCount, from + batch - 1);
        await db.execute(sql`
          INSERT INTO gems (owner_id, collection_id, title, description, url, canonical_url, media_type, text, created_at, is_favourite)
          SELECT ${userId}, (${`{${collections.join(',')}}`}::int[])[1 + i % ${collections.length}],
            initcap(split_part(a.text, ' ', 1 + i % 7) || ' ' || split_part(b.text, ' ', 2 + i % 5) || ' ' || split_part(a.text, ' ', 9)),
            'Seeded page ' || i,
            'https://' || (ARRAY['www.', 'docs.', 'blog.', ''])[1 + i % 4] || 'site' || (i % 2000) || '.example/p/' || i,
            'https://site' || (i % 2000) || '.example/p/' || i,
            (ARRAY['Link', 'Article', 'Article', 'Code', 'Image', 'Note', 'PDF', 'Video', 'Quote', 'Audio'])[1 + i % 10],
            a.text || ' ' || b.text,
            now() - (i || ' minutes')::interval, i % 17 = 0
          FROM generate_series(${from}::int, ${to}::int) i
          JOIN bench_pages a ON a.id = 1 + (i::bigint * 7919) % 4000
          JOIN bench_pages b ON b.id = 1 + (i::bigint * 104729 + 17) % 4000`);
      }
    }
    await db.execute(sql.raw('DROP TABLE bench_pages'));
    for (const [userId] of owners) {
      const tags = (
        await selectRows<{ id: number }>(db, sql`SELECT id FROM tags WHERE owner_id = ${userId} ORDER BY id`)
      ).map((r) => r.id);
      await db.execute(sql`INSERT INTO gem_tags (gem_id, tag_id)
        SELECT g.id, (${`{${tags.join(',')}}`}::int[])[1 + g.id % ${tags.length}] FROM gems g WHERE g.owner_id = ${userId} AND g.id % 3 <> 0`);
    }
    await db.execute(sql`UPDATE gems g SET search_doc = trove_gem_search_doc(g)`);
    await db.execute(sql.raw('ALTER TABLE gems ENABLE TRIGGER gems_search_doc'));
    for (const { definition } of indexes) await db.execute(sql.raw(definition));
    // vacuumed as a server's upkeep would at its first idle moment (PGlite's: server/db/pglite-upkeep.ts), so an
    // index-only probe of gem_tags reads no table page
    await db.execute(sql.raw('VACUUM ANALYZE gems'));
    await db.execute(sql.raw('VACUUM ANALYZE gem_tags'));
    const [size] = await selectRows<{ total: string; text: string }>(
      db,
      sql`SELECT pg_size_pretty(pg_total_relation_size('gems')) AS total, pg_size_pretty(avg(length(text))::bigint) AS text FROM gems`,
    );
    return size;
  } finally {
    await database.close();
  }
}

/**
 * "Find that page again": two words of a seeded gem's page text and two qualifiers it meets (its type, top collection,
 * tag, site, favourite or date), as one remembers a page. Read from the database, picked by a seeded generator; the
 * gems are the searcher's from the `from`th on (another `from`, other queries of the same kind).
 */
export async function benchQueries(target: Target, userId: number, from = 1000): Promise<string[]> {
  const database = await openDatabase({ ...target.config, durableWrites: false });
  try {
    const rows = await selectRows<{
      text: string;
      kind: string;
      top: string;
      tag: string | null;
      host: string;
      fav: boolean;
    }>(
      database.db,
      sql`SELECT g.text, ${gemKindSql} AS kind, trove_url_host(g.url) AS host, g.is_favourite AS fav,
        (WITH RECURSIVE up AS (SELECT id, name, parent_id FROM collections WHERE id = g.collection_id
           UNION ALL SELECT c.id, c.name, c.parent_id FROM collections c JOIN up ON c.id = up.parent_id)
         SELECT name FROM up WHERE parent_id IS NULL) AS top,
        (SELECT t.name FROM gem_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.gem_id = g.id LIMIT 1) AS tag
      FROM gems g WHERE g.owner_id = ${userId} AND g.text IS NOT NULL ORDER BY g.id LIMIT ${RUNS} OFFSET ${from}`,
    );
    const random = seeded(29 + from - 1000);
    return rows.map((row) => {
      const words = row.text.split(' ');
      const word = () => words[Math.floor(random() * words.length)];
      const qualifiers = [`type:${row.kind}`, `collection:${row.top}`, `site:${row.host}`, 'after:2020-01-01'];
      if (row.tag) qualifiers.push(`tag:${row.tag}`);
      if (row.fav) qualifiers.push('is:fav');
      const first = Math.floor(random() * qualifiers.length);
      const [a] = qualifiers.splice(first, 1);
      const b = qualifiers[Math.floor(random() * qualifiers.length)];
      return `${word()} ${word()} ${a} ${b}`;
    });
  } finally {
    await database.close();
  }
}

const serverConfig = (target: Target) => ({
  port: 0,
  host: '127.0.0.1',
  secret: 's'.repeat(48),
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlSeconds: 3600,
  logRequests: false,
  ...target.config,
});

/** A user with three top collections of three each and five tags of two children each; their token and id. */
export async function benchUser(server: RunningServer, name: string): Promise<{ token: string; userId: number }> {
  const call = apiCaller(() => server.url);
  const session = await call('auth/local/register', {
    method: 'POST',
    body: JSON.stringify({ username: name, email: `${name}@example.test`, password: 'bench password' }),
  });
  const token: string = session.jwt;
  const post = (path: string, data: unknown) => call(path, { method: 'POST', token, body: JSON.stringify({ data }) });
  for (const top of ['Work', 'Home', 'Reading']) {
    const parent = await post('collections', { name: top });
    for (const child of ['Notes', 'Archive', 'Inbox'])
      await post('collections', { name: child, parentId: parent.data.id });
  }
  for (const root of ['dev', 'food', 'travel', 'music', 'science']) {
    const parent = await post('tags', { tag: root });
    for (const child of ['one', 'two']) await post('tags', { tag: `${root}-${child}`, parentId: parent.data.id });
  }
  return { token, userId: session.user.id };
}

/** Gems of other users (as many as the searcher's unless BENCH_OTHER_GEMS says): a search must not read them. */
const otherGems = (gemCount: number) => Number(process.env.BENCH_OTHER_GEMS ?? gemCount);

/** What a kept seed (BENCH_SEARCH_DATA) remembers of itself: the library it holds and its searcher. */
interface SeedRecord {
  gemCount: number;
  otherGems: number;
  userId: number;
  /** Absent in the seeds kept before it was a choice: those are `syllables`. */
  vocabulary?: typeof VOCABULARY;
}

/** Seeds the library (or finds the one kept in `record`'s file from an earlier run of the same size). */
async function seededLibrary(target: Target, gemCount: number, recordFile: string | null) {
  const kept: SeedRecord | null =
    recordFile && existsSync(recordFile) ? JSON.parse(readFileSync(recordFile, 'utf8')) : null;
  if (
    kept &&
    kept.gemCount === gemCount &&
    kept.otherGems === otherGems(gemCount) &&
    (kept.vocabulary ?? 'syllables') === VOCABULARY
  )
    return { userId: kept.userId, line: `${target.name}: the kept seed of ${recordFile} (vocabulary: ${VOCABULARY})` };
  const server = await startServer(serverConfig(target));
  const { userId } = await benchUser(server, 'searcher');
  const others = await benchUser(server, 'others');
  await server.stop();
  const seedStart = performance.now();
  const size = await seed(target, [
    [userId, gemCount],
    [others.userId, otherGems(gemCount)],
  ]);
  const record: SeedRecord = { gemCount, otherGems: otherGems(gemCount), userId, vocabulary: VOCABULARY };
  if (recordFile) writeFileSync(recordFile, JSON.stringify(record));
  return {
    userId,
    line: `${target.name}: seeded ${gemCount} gems (vocabulary: ${VOCABULARY}) for the searcher and ${otherGems(gemCount)} for another user (~${size?.text} of page text each; gems table ${size?.total}) in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  };
}

type Search = (path: string, q: string) => Promise<{ total: number }>;

/** The searcher signed in to `server`: its API caller, token, and a search (or facets) of a query. */
async function searcher(server: RunningServer) {
  const call = apiCaller(() => server.url);
  const session = await call('auth/local', {
    method: 'POST',
    body: JSON.stringify({ identifier: 'searcher', password: 'bench password' }),
  });
  const token: string = session.jwt;
  const get: Search = (path, q) => call(`${path}?q=${encodeURIComponent(q)}`, { token });
  return { call, token, get };
}

async function measure(target: Target, gemCount: number, recordFile: string | null = null): Promise<string[]> {
  const lines: string[] = [];
  const config = serverConfig(target);
  const { userId, line } = await seededLibrary(target, gemCount, recordFile);
  lines.push(line);
  const queries = await benchQueries(target, userId);
  const otherQueries = await benchQueries(target, userId, 2000);
  const inUseQueries = await benchQueries(target, userId, 3000);
  const restartQueries = await benchQueries(target, userId, 4000);
  const cached = osCacheLine(target.databaseFiles);
  if (cached) lines.push(cached);
  /** Each query's search timed, its line and its slowest (the tail is what the goal is about). */
  const timed = async (name: string, measured: string[], get: Search) => {
    const searches: number[] = [];
    let found = 0;
    for (const q of measured) {
      const [ms, result] = await time(() => get('filter-search', q));
      searches.push(ms);
      found += result.total;
    }
    const slowest = searches
      .map((ms, i) => ({ ms, q: measured[i] }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);
    lines.push(summary(name, searches, GOALS.searchP99));
    lines.push(`    e.g. "${measured[0]}"; ${(found / measured.length).toFixed(0)} results a query on average`);
    lines.push(`    slowest: ${slowest.map(({ ms, q }) => `"${q}" ${ms.toFixed(0)} ms`).join(', ')}`);
  };
  // A first start with nothing cached: the pages a PGlite server put back from its last run are forgotten.
  forgetCachedPages(config.dataDir);
  let server = await startServer(config);
  try {
    const { call, token, get } = await searcher(server);
    for (const q of queries.slice(0, 10)) await get('filter-search', q); // warm the caches and plans
    await timed('  search, two words + two qualifiers', queries, get);
    const facets: number[] = [];
    for (const q of queries) facets.push((await time(() => get('search-facets', q)))[0]);
    lines.push(summary('  facets of the same queries', facets, GOALS.facetsP99));

    const saves: number[] = [];
    let findable = 0;
    for (let i = 0; i < 50; i++) {
      const word = `freshword${i}x${Date.now().toString(36)}`;
      const [ms, result] = await time(async () => {
        await call('gems', {
          method: 'POST',
          token,
          body: JSON.stringify({
            data: { title: `Fresh ${i}`, url: `https://fresh.example/${i}`, text: `about ${word}` },
          }),
        });
        return get('filter-search', word);
      });
      saves.push(ms);
      if (result.total === 1) findable += 1;
    }
    lines.push(summary('  save, then search for its page text at once', saves));
    lines.push(`    found by the search right after its save: ${findable} of ${saves.length}`);

    // The searches above are a server's first: each reads pages of the library into the database's buffer cache
    // for the first time (bench/RESULTS.md). A server in use has them: after 200 other searches of the kind, 200
    // more, none of them searched before.
    for (const q of otherQueries) await get('filter-search', q);
    await timed('  the same kind, in use (after 200 others)', inUseQueries, get);
    // The first line's queries once more: what of its tail is a first read, and what is its queries' own (a query
    // whose words are in most of the library counts and ranks tens of thousands of matches; bench/RESULTS.md).
    await timed("  the first line's queries again, in use", queries, get);
    await server.stop();
    // Started again: PGlite puts back the pages its cache held (server/db/pglite-warm-start.ts); PostgreSQL's cache
    // is its own server's, which went on running. 200 searches none of the above made.
    server = await startServer(config);
    const restarted = await searcher(server);
    await timed('  restarted, 200 not searched before', restartQueries, restarted.get);
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
        sql`EXPLAIN (ANALYZE, BUFFERS) ${searchStatement(await compileSearchFor(database.db, parsed.query, userId, { reach: await readerReach(database.db, userId) }), { page: 1, perPage: 20 })}`,
      );
      lines.push(`  EXPLAIN ANALYZE of "${q}":`);
      for (const row of plan) lines.push(`    ${Object.values(row)[0]}`);
    }
  } finally {
    await database.close();
  }
  return lines;
}

export async function benchSearch(gemCount: number): Promise<string[]> {
  return [
    `Library search at ${gemCount} gems (${RUNS} queries each)`,
    // BENCH_SEARCH_ONLY: 'pglite' or 'postgres', one database only; BENCH_SEARCH_DATA: a folder where the seeded
    // databases are kept between runs (seeding 100k gems takes minutes)
    ...(await onBothDatabases(
      { keep: process.env.BENCH_SEARCH_DATA, only: process.env.BENCH_SEARCH_ONLY, databaseName: 'trove_search' },
      (target, recordFile) => measure(target, gemCount, recordFile),
    )),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchSearch(Number(process.env.BENCH_GEMS ?? 100_000))) console.log(line);
}
