import { and, asc, eq, sql } from 'drizzle-orm';
import type { SavedSearch } from '../../../lib/api/search-contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { savedSearches } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { parseQueryText } from './parse-query';

/** Saved searches (smart collections): a name, unique per user whatever its case, and the query as typed. */

type SavedSearchRow = typeof savedSearches.$inferSelect;

const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const nameTaken = (name: string) => new ApiError(409, `A saved search named "${name}" already exists`);

export async function listSavedSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.ownerId, userId))
    .orderBy(asc(sql`lower(${savedSearches.name})`), asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/** The user's saved search, or a 404 (another user's too). */
export async function getSavedSearch(db: Db, userId: number, id: number): Promise<SavedSearchRow> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.ownerId, userId)));
  if (!row) throw notFound('Saved search');
  return row;
}

export async function createSavedSearch(db: Db, userId: number, data: { name: string; query: string }) {
  parseQueryText(data.query, 'data.query');
  try {
    const [row] = await db
      .insert(savedSearches)
      .values({ ownerId: userId, name: data.name, query: data.query })
      .returning();
    return toSavedSearch(row as SavedSearchRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
}

export async function updateSavedSearch(db: Db, userId: number, id: number, data: { name?: string; query?: string }) {
  await getSavedSearch(db, userId, id);
  if (data.query !== undefined) parseQueryText(data.query, 'data.query');
  try {
    const [row] = await db
      .update(savedSearches)
      .set({ ...data, updatedAt: new Date() })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.ownerId, userId)))
      .returning();
    if (!row) throw notFound('Saved search');
    return toSavedSearch(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name ?? '');
    throw error;
  }
}

export async function deleteSavedSearch(db: Db, userId: number, id: number) {
  const [row] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.ownerId, userId)))
    .returning({ id: savedSearches.id });
  if (!row) throw notFound('Saved search');
  return row;
}
