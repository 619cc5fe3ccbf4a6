export function percentile(samples: number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function summary(name: string, samplesMs: number[], budgetMs?: number) {
  const p50 = percentile(samplesMs, 50);
  const p99 = percentile(samplesMs, 99);
  const budget = budgetMs === undefined ? '' : `  (budget ${budgetMs} ms)`;
  return `${name.padEnd(44)} n=${String(samplesMs.length).padStart(4)}  p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms${budget}`;
}

export async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}
