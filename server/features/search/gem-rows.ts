import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { GemSummary } from '../../../lib/api/contract';
import { gems, tags } from '../../db/schema';
import type { GemRow, TagRow } from '../../db/types';
import { toGemSummary } from '../gems/gems';

/**
 * Gems read by the search's own SQL (raw statements, see search.ts) turned into the API's gems as lists carry them
 * (GemSummary: no page text): each column is read by its database name and mapped as Drizzle maps it, so a column
 * added to the table needs nothing here.
 */

type Raw = Record<string, unknown>;

type Columns = [string, Column][];
/** A gem's columns as lists read them (by property name): all but the page text. */
const listedGemColumns: Columns = Object.entries(getTableColumns(gems)).filter(([key]) => key !== 'text');
const tagColumns: Columns = Object.entries(getTableColumns(tags));

function fromRaw<T>(columns: Columns, raw: Raw): T {
  const out: Raw = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? (value ?? null) : column.mapFromDriverValue(value);
  }
  return out as T;
}

/**
 * The select list of a gem for answers: its columns (not the search document, not the page text), its author's name
 * and its tags as JSON (whole rows, in name order).
 */
export const gemSelectSql: SQL = sql.raw(
  `${listedGemColumns.map(([, c]) => `g."${c.name}"`).join(', ')}, u.username AS author_username,
  (SELECT coalesce(json_agg(to_jsonb(t) ORDER BY lower(t.name), t.id), '[]'::json)
     FROM gem_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.gem_id = g.id) AS tags_json`,
);
/** The join gemSelectSql needs (the author). */
export const gemAuthorJoinSql: SQL = sql.raw('JOIN users u ON u.id = g.owner_id');

/** A gem as `viewerId` sees it: the favourite mark is its owner's own, so another reader sees it unset. */
export function gemFromRaw(raw: Raw, viewerId: number): GemSummary {
  const owned = fromRaw<Omit<GemRow, 'text'>>(listedGemColumns, raw);
  const row = owned.ownerId === viewerId ? owned : { ...owned, isFavourite: false };
  const tagsJson = typeof raw.tags_json === 'string' ? JSON.parse(raw.tags_json) : raw.tags_json;
  const tagRows = ((tagsJson ?? []) as Raw[]).map((t) => fromRaw<TagRow>(tagColumns, t));
  return toGemSummary(row, { id: row.ownerId, username: String(raw.author_username) }, tagRows);
}
