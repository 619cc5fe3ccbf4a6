import { type SQL, sql } from 'drizzle-orm';
import { slugify } from '../../../lib/api/public-collection-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';

/**
 * Finding a published collection from its address: `/{username}/{slug}` and, when it includes its sub-collections,
 * `/{username}/{slug}/{a}/{b}` where each part is a sub-collection's name made a slug (the second of two siblings
 * with the same one gets `-2`). Anything not published is simply not found.
 */

export interface PublicNode {
  id: number;
  name: string;
  /** The path below the published collection, e.g. `desserts/cakes` ('' for the published one). */
  path: string;
  children: PublicNode[];
}

export interface PublicCollection {
  id: number;
  ownerId: number;
  username: string;
  slug: string;
  name: string;
  seoTitle: string | null;
  seoDescription: string | null;
  seoImage: string | null;
  noindex: boolean;
  includeSubcollections: boolean;
  publishedAt: Date;
  updatedAt: Date;
  /** The published collection and, when included, its sub-collections. */
  tree: PublicNode;
  /**
   * The path its page is served at when not `/{username}/{slug}`: a custom site's (`/sites/{name}`, or '' on its own
   * domain; server/features/custom-sites/).
   */
  root?: string;
}

interface Row {
  id: number;
  owner_id: number;
  username: string;
  public_slug: string;
  name: string;
  seo_title: string | null;
  seo_description: string | null;
  seo_image: string | null;
  noindex: boolean;
  include_subcollections: boolean;
  published_at: Date | string | null;
  updated_at: Date | string;
}

interface TreeRow {
  id: number;
  parent_id: number;
  name: string;
}

/** Usernames are letters and digits (lib/api/validators.ts), slugs lower-case words joined by hyphens. */
const USERNAME = /^[A-Za-z][A-Za-z0-9]{0,30}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function buildTree(rootId: number, rows: TreeRow[]): PublicNode {
  const byParent = new Map<number, TreeRow[]>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const grow = (id: number, name: string, path: string): PublicNode => {
    const used = new Set<string>();
    const children = (byParent.get(id) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map((child) => {
        let part = slugify(child.name);
        for (let n = 2; used.has(part); n++) part = `${slugify(child.name)}-${n}`;
        used.add(part);
        return grow(child.id, child.name, path ? `${path}/${part}` : part);
      });
    return { id, name, path, children };
  };
  return grow(rootId, '', '');
}

export async function findPublicCollection(db: Db, username: string, slug: string): Promise<PublicCollection | null> {
  if (!USERNAME.test(username) || !SLUG.test(slug)) return null;
  const [row] = await selectRows<Row>(
    db,
    sql`SELECT c.id, c.owner_id, u.username, c.public_slug, c.name, c.seo_title, c.seo_description, c.seo_image,
      c.noindex, c.include_subcollections, c.published_at, c.updated_at
    FROM users u JOIN collections c ON c.owner_id = u.id
    WHERE lower(u.username) = lower(${username}) AND c.public_slug = ${slug} AND c.is_public`,
  );
  if (!row) return null;
  const subs = row.include_subcollections
    ? await selectRows<TreeRow>(
        db,
        sql`WITH RECURSIVE down(id, parent_id, name) AS (
          SELECT c.id, c.parent_id, c.name FROM collections c WHERE c.parent_id = ${row.id}
          UNION ALL SELECT c.id, c.parent_id, c.name FROM collections c JOIN down d ON c.parent_id = d.id)
        SELECT id, parent_id, name FROM down`,
      )
    : [];
  const tree = buildTree(row.id, subs);
  tree.name = row.name;
  return {
    id: row.id,
    ownerId: row.owner_id,
    username: row.username,
    slug: row.public_slug,
    name: row.name,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    seoImage: row.seo_image,
    noindex: row.noindex,
    includeSubcollections: row.include_subcollections,
    publishedAt: new Date(row.published_at ?? row.updated_at),
    updatedAt: new Date(row.updated_at),
    tree,
  };
}

/** The node at `path` below the published collection ('' is the collection itself), or null. */
export function nodeAt(tree: PublicNode, path: string): PublicNode | null {
  if (!path) return tree;
  let node: PublicNode | undefined = tree;
  for (const part of path.split('/')) {
    node = node?.children.find((child) => child.path.split('/').at(-1) === part);
    if (!node) return null;
  }
  return node;
}

/** The collection at `node` and every one below it. */
export const subtreeIds = (node: PublicNode): number[] => [node.id, ...node.children.flatMap(subtreeIds)];

/** The gems the page at `node` shows: its own and its sub-collections' (gems alias `g`). */
export const nodeGemsCondition = (node: PublicNode): SQL =>
  sql`g.collection_id IN (${sql.join(
    subtreeIds(node).map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
