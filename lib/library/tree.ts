/** A node of a tree built from rows that name their parent (collections, tags). */
export interface TreeNode<T> {
  item: T;
  depth: number;
  /** The names from the root down to this node. */
  path: string[];
  children: TreeNode<T>[];
}

type Row = { id: number; parentId: number | null };

/**
 * The rows as a tree, siblings in `compare` order. A row whose parent is missing (or part of a loop, which the
 * server refuses but an old cached list might hold) is shown at the root, so nothing saved ever disappears.
 */
export function buildTree<T extends Row>(rows: readonly T[], name: (row: T) => string, compare = byName(name)) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<number | null, T[]>();
  const rootOf = (row: T) => {
    const seen = new Set<number>([row.id]);
    let parent = row.parentId === null ? undefined : byId.get(row.parentId);
    while (parent) {
      if (seen.has(parent.id)) return null;
      seen.add(parent.id);
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    return row.parentId !== null && byId.has(row.parentId) ? row.parentId : null;
  };
  for (const row of rows) {
    const parent = rootOf(row);
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const grow = (parent: number | null, depth: number, path: string[]): TreeNode<T>[] =>
    (children.get(parent) ?? [])
      .slice()
      .sort(compare)
      .map((item) => {
        const itemPath = [...path, name(item)];
        return { item, depth, path: itemPath, children: grow(item.id, depth + 1, itemPath) };
      });
  return grow(null, 0, []);
}

const byName =
  <T>(name: (row: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b), undefined, { sensitivity: 'base', numeric: true });

/** The nodes in reading order, leaving out the children of nodes `isOpen` says are closed. */
export function visibleNodes<T extends Row>(nodes: TreeNode<T>[], isOpen: (id: number) => boolean): TreeNode<T>[] {
  return nodes.flatMap((node) => [node, ...(isOpen(node.item.id) ? visibleNodes(node.children, isOpen) : [])]);
}

/** Every node, in reading order. */
export const allNodes = <T extends Row>(nodes: TreeNode<T>[]) => visibleNodes(nodes, () => true);
