import { sql } from 'drizzle-orm';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import { type ImportItem, type ImportSummary, LISTED_PROBLEMS } from '../../../lib/api/import-contract';
import type { Db } from '../../db/client';
import { jsonParam, selectRows } from '../../db/rows';
import type { Tx } from '../../db/types';
import { newCollectionPaths, ownerCollections } from './collection-paths';
import type { ParsedImport } from './formats/draft';

/** An item's duplicate key: its address's canonical form (lib/api/canonical-url.ts); null for a note. */
export const itemKey = (item: ImportItem) => (item.url ? canonicalizeUrl(item.url) : null);

/**
 * The canonical addresses among `keys` the user has saved (outside the trash), each looked up in the (owner, canonical
 * address) index (see gemsByKey in batch-writes.ts for why not a semi-join).
 */
export async function savedKeys(db: Db | Tx, ownerId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await selectRows<{ key: string }>(
    db as Db,
    sql`
      select k.key from jsonb_array_elements_text(${jsonParam(keys)}) as k(key)
      cross join lateral (
        select from gems where owner_id = ${ownerId} and canonical_url = k.key and deleted_at is null limit 1
      ) saved`,
  );
  return new Set(rows.map((row) => row.key));
}

/** What importing `parsed` would do for the user, nothing written: the dry run's answer. */
export async function importSummary(db: Db, ownerId: number, parsed: ParsedImport): Promise<ImportSummary> {
  const keys = parsed.items.map(itemKey);
  const distinct = [...new Set(keys.filter((key): key is string => key !== null))];
  const saved = await savedKeys(db, ownerId, distinct);
  const seen = new Set<string>();
  let repeatedInFile = 0;
  let alreadySaved = 0;
  for (const key of keys) {
    if (key === null) continue;
    if (seen.has(key)) repeatedInFile += 1;
    else if (saved.has(key)) alreadySaved += 1;
    seen.add(key);
  }
  const known = await ownerCollections(db, ownerId);
  return {
    format: parsed.format,
    items: parsed.items.length,
    newCollections: newCollectionPaths(known, parsed.collections),
    alreadySaved,
    repeatedInFile,
    problemCount: parsed.problems.length,
    problems: parsed.problems.slice(0, LISTED_PROBLEMS),
  };
}
