/**
 * The row types the server's features share (one name per table's row), a transaction, and who owns
 * what a request makes. Features import them from here rather than from one another.
 */
import type { Db } from './client';
import type {
  aiModels,
  bulkJobs,
  chatShares,
  collections,
  customEndpoints,
  feedbacks,
  gems,
  importJobs,
  messages,
  shareLinks,
  tags,
  uploads,
  userAiSettings,
  users,
} from './schema';

/** A table's row as a select returns it. */
export type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export type AiModelRow = Row<typeof aiModels>;
export type BulkJobRow = Row<typeof bulkJobs>;
export type ImportJobRow = Row<typeof importJobs>;
export type CollectionRow = Row<typeof collections>;
export type EndpointRow = Row<typeof customEndpoints>;
export type FeedbackRow = Row<typeof feedbacks>;
export type GemRow = Row<typeof gems>;
export type MessageRow = Row<typeof messages>;
export type SettingsRow = Row<typeof userAiSettings>;
export type ShareRow = Row<typeof chatShares>;
export type ShareLinkRow = Row<typeof shareLinks>;
export type TagRow = Row<typeof tags>;
export type UploadRow = Row<typeof uploads>;
export type UserRow = Row<typeof users>;

/** A transaction, passed where its statements must run. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who owns what a request makes (`c.get('owner')`): the user as the owner of new gems. */
export interface Owner {
  id: number;
  username: string;
  unfilteredCollectionId: number | null;
}

/** The author every gem answer names: a user only ever reads and saves their own gems. */
export type Author = Pick<Owner, 'id' | 'username'>;
