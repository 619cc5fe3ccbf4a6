import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { feedbacks } from './feedback';
import { tags } from './library';

/* A bug report's tags, in a file of their own: library.ts (gems name a feedback) and feedback.ts stay free of each other. */
export const feedbackTags = pgTable(
  'feedback_tags',
  {
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.tagId] })],
);
