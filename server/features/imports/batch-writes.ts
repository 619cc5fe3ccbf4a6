import { sql } from 'drizzle-orm';
import { jsonParam, selectRows } from '../../db/rows';
import type { Tx } from '../../db/types';
import { createTagPath } from '../tags/tags';

/**
 * The statements of an import batch, each one statement for the whole batch with its rows as one JSON parameter:
 * PostgreSQL binds, parses and plans one value instead of thousands (a batch of 500 gems had 5,000 parameters, and
 * their binding took longer than the insert), and the server builds no per-row parameter objects.
 */

/** A gem to insert, as its columns; `n` its place in the file (ids are given in that order). */
export interface NewGem {
  n: number;
  collection_id: number;
  title: string;
  description: string;
  url: string;
  canonical_url: string;
  image: string | null;
  notes: string;
  is_favourite: boolean;
  created_at: string | null;
  /**
   * The ids of the tags it is about to be linked to, in order: its row is written with them, so linkTags' trigger
   * (migration 0056) finds them there and does not write the row again.
   */
  tag_ids: number[];
}

/** Inserts the gems (a missing date is the transaction's time); their ids by canonical address (unique in `rows`). */
export async function insertGems(tx: Tx, ownerId: number, rows: NewGem[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const inserted = await selectRows<{ id: number; key: string }>(
    tx,
    sql`
      insert into gems (owner_id, collection_id, title, description, url, canonical_url, image, notes, is_favourite,
                        created_at, tag_ids)
      select ${ownerId}, v.collection_id, v.title, v.description, v.url, v.canonical_url, v.image, v.notes,
             v.is_favourite, coalesce(v.created_at, now()), v.tag_ids
      from jsonb_to_recordset(${jsonParam(rows)}) as v(collection_id int, title text, description text, url text,
        canonical_url text, image text, notes text, is_favourite bool, created_at timestamptz, tag_ids int[], n int)
      order by v.n
      returning id, canonical_url as key`,
  );
  return new Map(inserted.map((row) => [row.key, row.id]));
}

/**
 * The user's gems (outside the trash) by canonical address, the oldest one when there are several. Each address is
 * looked up on its own in the (owner, canonical address) index (`offset 0` keeps the lookup a subquery per address).
 * Written as `canonical_url = any(…)`, a semi-join or a plain join with the addresses, PostgreSQL planned (with the
 * statistics of a library that was small when last analysed) a scan of all the user's gems compared with every
 * address, so each batch of a large import read the whole library again: 50,000 gems × 500 addresses, ~1 s a batch
 * at the end of a 50,000-address import.
 */
export async function gemsByKey(tx: Tx, ownerId: number, keys: readonly string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = await selectRows<{ id: number; key: string }>(
    tx,
    sql`
      select g.id, k.key from jsonb_array_elements_text(${jsonParam(keys)}) as k(key)
      cross join lateral (
        select id from gems where owner_id = ${ownerId} and canonical_url = k.key and deleted_at is null
        offset 0
      ) g`,
  );
  const byKey = new Map<string, number>();
  for (const { id, key } of rows) if (id < (byKey.get(key) ?? Number.POSITIVE_INFINITY)) byKey.set(key, id);
  return byKey;
}

/**
 * The tag ids of these tag paths (as the file names them), keyed by the path lower-cased. Plain names are made in one
 * statement (in name order, as createTags does, so two imports never wait on each other crosswise) and read back by
 * the database's lower(), the way the unique index tells names apart; a path `a/b` is made by createTagPath.
 */
export async function tagIdsFor(tx: Tx, ownerId: number, paths: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // the first spelling in the file names a new tag
  const firstSpelling = new Map<string, string>();
  for (const path of paths) if (!firstSpelling.has(path.toLowerCase())) firstSpelling.set(path.toLowerCase(), path);
  const distinct = [...firstSpelling.values()];
  const plain = distinct.filter((path) => !path.includes('/')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (plain.length) {
    const names = jsonParam(plain);
    await tx.execute(sql`
      insert into tags (owner_id, name)
      select ${ownerId}, w.name from jsonb_array_elements_text(${names}) as w(name)
      on conflict do nothing`);
    const found = await selectRows<{ i: number; id: number }>(
      tx,
      sql`
        select w.i::int as i, t.id from jsonb_array_elements_text(${names}) with ordinality as w(name, i)
        join tags t on t.owner_id = ${ownerId} and lower(t.name) = lower(w.name)`,
    );
    for (const { i, id } of found) ids.set((plain[i - 1] as string).toLowerCase(), id);
  }
  for (const path of distinct.filter((name) => name.includes('/')))
    ids.set(path.toLowerCase(), (await createTagPath(tx, ownerId, path)).id);
  return ids;
}

/** Tags the gems (a link the gem has already is left as it is). */
export async function linkTags(tx: Tx, links: { gem_id: number; tag_id: number }[]): Promise<void> {
  if (!links.length) return;
  await tx.execute(sql`
    insert into gem_tags (gem_id, tag_id)
    select v.gem_id, v.tag_id from jsonb_to_recordset(${jsonParam(links)}) as v(gem_id int, tag_id int)
    on conflict do nothing`);
}
