import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column builders the tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
