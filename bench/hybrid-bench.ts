import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { selectRows } from '../server/db/rows';
import { gatherContext } from '../server/features/answers/context';
import { rankPassages } from '../server/features/answers/retrieval';
import { workOneEmbeddingBatch } from '../server/features/embeddings/backfill';
import { setEmbeddingModel } from '../server/features/embeddings/embedding-model';
import { meaningOf } from '../server/features/embeddings/meaning';
import { withNearestScan } from '../server/features/embeddings/vector-index';
import { blendedSearchStatement, searchMeaning } from '../server/features/search/blend';
import { namedIdsFor } from '../server/features/search/compile-for';
import { parseQueryText } from '../server/features/search/parse-query';
import { searchGems } from '../server/features/search/search';
import { parseAddressPolicy } from '../server/http/address-policy';
import { makeOutbound } from '../server/http/outbound';
import { localFileStore } from '../server/storage/local-store';
import { startFakeProvider } from '../tests/fake-provider/server';
import { seedCollection } from './seed-collection';
import { percentile } from './stats';

const TOPICS = [
  'car engine repair and motor maintenance',
  'dog food and puppy nutrition',
  'doctor visits and clinic bills',
  'travel plans for a holiday trip',
  'bread recipes to bake in the kitchen',
  'sleep, naps and rest after work',
];

/** ~1,500 characters in 4 paragraphs: a topic of its own per gem, so meaning ranks differ. */
const gemText = (n: number) =>
  Array.from(
    { length: 4 },
    (_, p) =>
      `Note ${n}, part ${p}: about ${TOPICS[(n + p) % TOPICS.length]}. Written down after a long week, with the ` +
      `details that matter kept in order for later reading, and a list of what to do next time around ${n}.`,
  ).join('\n\n');

const line = (name: string, samples: number[], goal?: number) =>
  `${name.padEnd(52)} n=${String(samples.length).padStart(4)}  p50 ${percentile(samples, 50).toFixed(2)} ms  p95 ${percentile(samples, 95).toFixed(2)} ms${goal === undefined ? '' : `  (goal p50 ≤ ${goal} ms)`}`;

/**
 * Search by meaning over `gemCount` gems (PGlite with pgvector, in process; vectors from the fake provider's Ollama
 * /api/embed over loopback, 256 dimensions): the backfill, then the chat's hybrid retrieval (question embedded, word
 * and meaning ranks fused) and the library's blended search, each beside its words-only run. Every question is new,
 * so each run embeds it (no cache hit).
 */
export async function benchHybrid(gemCount = 1000, runs = 30): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-hybrid-'));
  const database = await openDatabase({ dataDir, durableWrites: false });
  const fake = await startFakeProvider();
  const { db } = database;
  const lines: string[] = [];
  try {
    const { user, collection } = await seedCollection(db, 'Notes', gemCount, (n) => ({
      title: `Note ${n}`,
      path: `note/${n}`,
      text: gemText(n),
    }));
    const ai = {
      secret: 'x'.repeat(48),
      house: { provider: 'ollama' as const, baseUrl: fake.url },
      houseEmbeddingModel: 'nomic-embed-text',
      startingCredits: 0,
      leaseSeconds: 30,
      outbound: makeOutbound(parseAddressPolicy('public,loopback'), fake.url),
    };
    await setEmbeddingModel(db, ai, user.id, { source: 'house' });
    const settings = { batchGems: 64, batchPassages: 512, passagesPerMinute: 1e9, leaseSeconds: 60, pollMs: 10 };
    const backfill = performance.now();
    while (await workOneEmbeddingBatch(db, ai, settings)) {}
    const passages = fake.requests
      .filter((r) => r.path === '/api/embed')
      .flatMap((r) => (r.body as { input: string[] }).input);
    lines.push(
      `backfill ${gemCount} gems (${passages.length - 1} passages)`.padEnd(52) +
        `  ${((performance.now() - backfill) / 1000).toFixed(1)} s`,
    );

    const input = { collectionIds: [collection.id], gemIds: [], fileIds: [], searches: [], includePageGems: false };
    const store = localFileStore(join(dataDir, 'uploads'));
    const items = await gatherContext(db, user.id, input, { store, chatId: null });
    const question = (i: number) => `How should I fix the motor of my automobile, week ${i}?`;
    await rankPassages(db, items, question(0)); // passages cut and indexed once (retrieval-bench measures that)

    const words: number[] = [];
    const hybrid: number[] = [];
    for (let i = 1; i <= runs; i++) {
      let start = performance.now();
      await rankPassages(db, items, question(i));
      words.push(performance.now() - start);
      start = performance.now();
      await rankPassages(db, items, question(i), meaningOf(db, ai, user.id, question(i))); // as the chat does
      hybrid.push(performance.now() - start);
    }
    lines.push(line(`chat retrieval over ${gemCount} gems, words only`, words));
    lines.push(line(`chat retrieval over ${gemCount} gems, hybrid (embed + RRF)`, hybrid, 50));

    const library: number[] = [];
    const blended: number[] = [];
    for (let i = 1; i <= runs; i++) {
      const query = parseQueryText(`repair car ${i}`, 'q');
      let start = performance.now();
      await searchGems(db, user.id, query, { page: 1, perPage: 50 });
      library.push(performance.now() - start);
      start = performance.now();
      await searchGems(db, user.id, query, { page: 1, perPage: 50 }, [], await searchMeaning(db, ai, user.id, query));
      blended.push(performance.now() - start);
    }
    lines.push(line(`library search over ${gemCount} gems, words only`, library));
    lines.push(line(`library search over ${gemCount} gems, blended`, blended, 50));

    // How the blended search reads the vectors: through the dimension's HNSW index (embeddings/vector-index.ts)?
    const query = parseQueryText('repair car', 'q');
    const meaning = await searchMeaning(db, ai, user.id, query);
    if (meaning) {
      const statement = blendedSearchStatement(user.id, query, { page: 1, perPage: 50 }, meaning, {
        named: await namedIdsFor(db, query, user.id),
      });
      const plan = await withNearestScan(db, (tx) =>
        selectRows<Record<string, string>>(tx, sql`EXPLAIN (ANALYZE, COSTS OFF) ${statement}`),
      );
      const steps = plan.map((row) => String(Object.values(row)[0])).filter((step) => /gem_passage_vectors/.test(step));
      lines.push(`  the blended search's vector scan: ${steps.map((step) => step.trim()).join('; ')}`);
    }
  } finally {
    await fake.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const l of await benchHybrid(Number(process.env.BENCH_HYBRID_GEMS ?? 1000))) console.log(l);
}
