/** The embedding backfill's pace (backfill.ts), set by the operator (config.ts). */
export interface EmbeddingWorkSettings {
  /** Gems read per batch. */
  batchGems: number;
  /** Passages sent per batch at most (a gem is never split: one long gem may go over it alone). */
  batchPassages: number;
  /** Passages embedded per minute for one user at most. */
  passagesPerMinute: number;
  /** How long a worker holds a job while it works a batch. */
  leaseSeconds: number;
  /** How often an idle worker looks for work. */
  pollMs: number;
}

export const EMBEDDING_WORK_DEFAULTS: EmbeddingWorkSettings = {
  batchGems: 16,
  batchPassages: 128,
  passagesPerMinute: 600,
  leaseSeconds: 120,
  pollMs: 5_000,
};
