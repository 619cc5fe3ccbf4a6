import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { gatherContext } from '../server/features/answers/context';
import { fitContext } from '../server/features/answers/context-fit';
import { rankPassages } from '../server/features/answers/retrieval';
import { localFileStore } from '../server/storage/local-store';
import { seedCollection } from './seed-collection';
import { percentile } from './stats';

const WORDS =
  'river harbour market bridge tower castle forest meadow valley mountain glacier desert island canal temple library garden museum orchard quarry'.split(
    ' ',
  );

/** ~2,000 characters in 6 paragraphs, each gem with its own mix of words and a unique name. */
function gemText(n: number): string {
  return Array.from({ length: 6 }, (_, p) => {
    const words = Array.from({ length: 8 }, (_, w) => WORDS[(n * 7 + p * 3 + w * 5) % WORDS.length]).join(', ');
    return `Place${n} part ${p}: its ${words} draw visitors. Histories of trade, weather and farming fill the records of this place, kept in the old town hall for anyone who asks to read them.`;
  }).join('\n\n');
}

const line = (name: string, samples: number[], goal?: number) =>
  `${name.padEnd(44)} n=${String(samples.length).padStart(4)}  p50 ${percentile(samples, 50).toFixed(2)} ms  p95 ${percentile(samples, 95).toFixed(2)} ms${goal === undefined ? '' : `  (goal p50 ≤ ${goal} ms)`}`;

/**
 * Retrieval over a collection of `gemCount` gems (~2,000 characters each, ~4× a 128k model's budget
 * at 1,000): the first ranking (which cuts and indexes every gem's passages), then ranking warm
 * (passages kept), and a whole message's context (gather, rank, fit) warm. PGlite, in process.
 */
export async function benchRetrieval(gemCount = 1000, runs = 30): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-retrieval-'));
  const database = await openDatabase({ dataDir, durableWrites: false });
  const { db } = database;
  const lines: string[] = [];
  try {
    const { user, collection } = await seedCollection(db, 'Atlas', gemCount, (n) => ({
      title: `Place ${n}`,
      path: `place/${n}`,
      text: gemText(n),
    }));
    const input = {
      collectionIds: [collection.id],
      gemIds: [],
      fileIds: [],
      searches: [],
      includePageGems: false,
    };
    const store = localFileStore(join(dataDir, 'uploads'));
    const items = await gatherContext(db, user.id, input, { store, chatId: null });
    const question = (i: number) =>
      `Which place has a glacier near the ${WORDS[i % WORDS.length]} of Place${(i * 37) % gemCount}?`;

    const coldStart = performance.now();
    await rankPassages(db, items, question(0));
    lines.push(
      `rank ${gemCount} gems, first time (cut and index passages)   ${(performance.now() - coldStart).toFixed(0)} ms`,
    );

    const warm: number[] = [];
    for (let i = 1; i <= runs; i++) {
      const start = performance.now();
      await rankPassages(db, items, question(i));
      warm.push(performance.now() - start);
    }
    lines.push(line(`rank ${gemCount} gems' passages (kept)`, warm, 50));

    const whole: number[] = [];
    for (let i = 1; i <= runs; i++) {
      const start = performance.now();
      const gathered = await gatherContext(db, user.id, input, { store, chatId: null });
      const ranking = await rankPassages(db, gathered, question(i));
      fitContext(gathered, 128_000, { ranking });
      whole.push(performance.now() - start);
    }
    lines.push(line(`  gather + rank + fit for a 128k model`, whole));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const l of await benchRetrieval(Number(process.env.BENCH_RETRIEVAL_GEMS ?? 1000))) console.log(l);
}
