/**
 * The scoring of Zyte's article-extraction benchmark (its evaluate.py), replicated: texts are cut into tokens by
 * Python's `\w+`, compared as bags of 4-token shingles, each page's true/false positive/negative counts normalised to
 * sum to 1, and precision and recall averaged over pages before F1 is taken of the two averages. The ± figures are the
 * standard deviation of 1000 bootstrap resamples of the pages, as evaluate.py reports them (seeded here, so a run
 * repeats; evaluate.py's are unseeded, so its third decimal can differ by one).
 */

export type Counts = readonly [tp: number, fp: number, fn: number];

export interface Scores {
  f1: number;
  precision: number;
  recall: number;
  accuracy: number;
  f1Std: number;
  precisionStd: number;
  recallStd: number;
}

// Python's `\w` for str patterns: letters, numbers (Unicode categories L and N) and the underscore; not combining marks.
const TOKEN = /[\p{L}\p{N}_]+/gu;

export const tokenize = (text: string): string[] => text.match(TOKEN) ?? [];

function shingles(text: string, n = 4): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  // evaluate.py makes one (shorter) shingle of a text with fewer than n tokens, and none of an empty one.
  for (let i = 0; i < Math.max(1, tokens.length - n + 1); i++) {
    const shingle = tokens.slice(i, i + n);
    if (!shingle.length) continue;
    const key = shingle.join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** One page's shingle counts, normalised so that long pages weigh no more than short ones. */
export function pageCounts(truth: string, predicted: string): Counts {
  const want = shingles(truth);
  const got = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...want.keys(), ...got.keys()])) {
    const w = want.get(key) ?? 0;
    const g = got.get(key) ?? 0;
    tp += Math.min(w, g);
    fp += Math.max(0, g - w);
    fn += Math.max(0, w - g);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? [tp / sum, fp / sum, fn / sum] : [0, 0, 0];
}

const precisionOf = ([tp, fp, fn]: Counts) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fp === 0 ? 0 : tp / (tp + fp));
const recallOf = ([tp, fp, fn]: Counts) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fn === 0 ? 0 : tp / (tp + fn));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Page F1 as evaluate.py would give it for a set of one page: for ranking the pages that lose the most. */
export function pageF1(counts: Counts): number {
  const [tp, fp, fn] = counts;
  const precision = tp + fp > 0 ? precisionOf(counts) : Number.NaN;
  const recall = tp + fn > 0 ? recallOf(counts) : Number.NaN;
  const f1 = (2 * precision * recall) / (precision + recall);
  return Number.isNaN(f1) ? 0 : f1;
}

function aggregate(pages: Counts[]) {
  const precision = mean(pages.filter(([tp, fp]) => tp + fp > 0).map(precisionOf));
  const recall = mean(pages.filter(([tp, , fn]) => tp + fn > 0).map(recallOf));
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

const standardDeviation = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
};

/** A small seeded generator (mulberry32) so the bootstrap's ± repeat from run to run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function score(pairs: { truth: string; predicted: string }[], bootstrap = 1000): Scores {
  const pages = pairs.map(({ truth, predicted }) => pageCounts(truth, predicted));
  const exact = pairs.map(({ truth, predicted }) =>
    tokenize(truth).join(' ') === tokenize(predicted).join(' ') ? 1 : 0,
  );
  const random = seededRandom(1);
  const samples = { f1: [] as number[], precision: [] as number[], recall: [] as number[] };
  for (let run = 0; run < bootstrap; run++) {
    const picked = pages.map(() => pages[Math.floor(random() * pages.length)] as Counts);
    const metrics = aggregate(picked);
    samples.f1.push(metrics.f1);
    samples.precision.push(metrics.precision);
    samples.recall.push(metrics.recall);
  }
  return {
    ...aggregate(pages),
    accuracy: mean(exact),
    f1Std: standardDeviation(samples.f1),
    precisionStd: standardDeviation(samples.precision),
    recallStd: standardDeviation(samples.recall),
  };
}
