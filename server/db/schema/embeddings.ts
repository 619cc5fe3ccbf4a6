import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { EmbeddingJobStatus, EmbeddingSource } from '../../../lib/api/embeddings-contract';
import { users } from './accounts';
import { customEndpoints } from './ai';
import { createdAt, updatedAt } from './columns';
import { gems } from './library';

/**
 * Search by meaning (server/features/embeddings/): the user's embedding model, the vectors of gem passages, and the
 * background job that fills them. The `embedding` column is pgvector's `vector` (no fixed dimension: each model has
 * its own) where the extension is installed, and `real[]` where it is not (migration 0041): then no vector is ever
 * written and the search stays by words.
 */
const vector = customType<{ data: string }>({ dataType: () => 'vector' });

export const embeddingModels = pgTable('embedding_models', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  source: text('source').$type<EmbeddingSource>().notNull(),
  /** A built-in provider's name (`source: 'provider'`). */
  provider: text('provider'),
  endpointId: integer('endpoint_id').references(() => customEndpoints.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  /** Learned from the provider's answer when the model was chosen. */
  dimensions: integer('dimensions').notNull(),
  /** Which vectors this model makes (the provider, its address or the endpoint, the model): they are shared by it. */
  modelKey: text('model_key').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const gemPassageVectors = pgTable(
  'gem_passage_vectors',
  {
    modelKey: text('model_key').notNull(),
    gemId: integer('gem_id')
      .notNull()
      .references(() => gems.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    startChar: integer('start_char').notNull(),
    endChar: integer('end_char').notNull(),
    /** sha256 of the text embedded (title and passage): an unchanged passage of a changed gem is not embedded again. */
    bodyHash: text('body_hash').notNull(),
    /** The gem's `updated_at` its passages were cut from. */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
    embedding: vector('embedding').notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelKey, t.gemId, t.idx] }), index('gem_passage_vectors_gem_idx').on(t.gemId)],
);

export const embeddingJobs = pgTable(
  'embedding_jobs',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelKey: text('model_key').notNull(),
    status: text('status').$type<EmbeddingJobStatus>().notNull().default('queued'),
    /** The last gem id worked in this pass (gems are taken in id order): a stopped server resumes after it. */
    cursor: integer('cursor').notNull().default(0),
    gemsDone: integer('gems_done').notNull().default(0),
    passagesEmbedded: integer('passages_embedded').notNull().default(0),
    /** A worker holds the job until then; a worker that died lets it go when it passes. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The per-user rate and the wait after a failure: not worked before then. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    failures: integer('failures').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('embedding_jobs_due_idx').on(t.notBefore).where(sql`${t.status} in ('queued', 'running')`)],
);
