import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { Diagnostics } from '../../../lib/api/contract';
import type { FeedbackCategory } from '../../../lib/feedback/categories';
import { users } from './accounts';
import { createdAt } from './columns';

/* Bug reports (their tags: feedback-tags.ts). */

/** Bug reports. Their tags are the author's tags; their images are the author's uploads. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    category: text('category').$type<FeedbackCategory>().notNull(),
    isExtension: boolean('is_extension').notNull(),
    imageLinks: jsonb('image_links').$type<string[]>().notNull().default([]),
    diagnostics: jsonb('diagnostics').$type<Diagnostics>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedbacks_author_idx').on(t.authorId),
    index('feedbacks_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
