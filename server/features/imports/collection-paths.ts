import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collections, users } from '../../db/schema';
import type { Tx } from '../../db/types';

/** A folder path's key: its names, lower-cased (a folder matches a collection of the same names whatever the case). */
export const pathKey = (path: readonly string[]) => JSON.stringify(path.map((name) => name.toLowerCase()));

interface OwnerCollections {
  /** Where items with no folder go. */
  unfilteredId: number;
  /** Every collection's path key → id (AI Chats left out: it holds chats, never imported saves). */
  byPath: Map<string, number>;
}

/** The user's collections by path, read once per batch. */
export async function ownerCollections(db: Db | Tx, ownerId: number): Promise<OwnerCollections> {
  const [owner] = await db
    .select({ unfiltered: users.unfilteredCollectionId, aiChats: users.aiChatsCollectionId })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner?.unfiltered) throw new Error(`user ${ownerId} has no Unfiltered collection`);
  const rows = await db
    .select({ id: collections.id, name: collections.name, parentId: collections.parentId })
    .from(collections)
    .where(eq(collections.ownerId, ownerId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (id: number): string[] => {
    const names: string[] = [];
    for (let at = byId.get(id); at; at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      names.unshift(at.name);
      if (names.length > rows.length) break; // a loop in the data: stop rather than spin
    }
    return names;
  };
  const byPath = new Map<string, number>();
  for (const row of rows) {
    if (row.id === owner.aiChats || row.id === owner.unfiltered) continue;
    const key = pathKey(pathOf(row.id));
    if (!byPath.has(key)) byPath.set(key, row.id);
  }
  return { unfilteredId: owner.unfiltered, byPath };
}

/** The collection for a folder path, made (with its missing parents) if the user has none: `[]` is Unfiltered. */
export async function collectionForPath(
  tx: Tx,
  ownerId: number,
  known: OwnerCollections,
  path: readonly string[],
): Promise<number> {
  if (path.length === 0) return known.unfilteredId;
  let parentId: number | null = null;
  for (let depth = 1; depth <= path.length; depth++) {
    const key = pathKey(path.slice(0, depth));
    let id = known.byPath.get(key);
    if (id === undefined) {
      const [made] = await tx
        .insert(collections)
        .values({ ownerId, name: path[depth - 1] as string, parentId })
        .returning({ id: collections.id });
      id = made?.id as number;
      known.byPath.set(key, id);
    }
    parentId = id;
  }
  return parentId as number;
}

/** The folder paths of `paths` the user has no collection for yet. */
export function newCollectionPaths(known: OwnerCollections, paths: readonly string[][]): string[][] {
  return paths.filter((path) => !known.byPath.has(pathKey(path)));
}
