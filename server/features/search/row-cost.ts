import { type SQL, sql } from 'drizzle-orm';

/**
 * A condition that is always true and never run, for the planner to count a row left to check at what a word checked
 * on it costs (migration 0062): the row's document, read from out of line. Without it, a word query beside a large
 * collection or tag could be planned as that collection's every gem with the words checked on each, rather than the
 * words' index AND the collection (PostgreSQL `api use collection:Home after:2020-01-01` at 100,000 gems: 0.35–1.4 s
 * against 53 ms; bench/RESULTS.md). A gem's id is never 0, so the function is never called.
 */
export const rowCostHint: SQL = sql`(g.id <> 0 OR trove_search_row_cost(g.id))`;
