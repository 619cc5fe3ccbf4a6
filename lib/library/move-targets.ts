import { allNodes, buildTree } from './tree';

type Row = { id: number; parentId: number | null };

/** A place something can be moved to in the Move to… picker: null is the top level. */
export interface MoveChoice {
  id: number | null;
  /** "Recipes / Desserts". */
  label: string;
  depth: number;
  /** Why it cannot be chosen (the item itself, or one below it). */
  disabled?: string;
}

/** The ids of `id` and every row below it. */
export function subtreeIds(rows: readonly Row[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows)
      if (row.parentId !== null && ids.has(row.parentId) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
  }
  return ids;
}

/**
 * The picker's choices in tree order: "Top level" first when `topLevel`, then each row with its path; with `moving`,
 * that row and the rows under it are disabled, saying why (a move there would make a loop; the server refuses it too).
 */
export function moveChoices<T extends Row>(
  rows: readonly T[],
  name: (row: T) => string,
  { moving, topLevel }: { moving?: { id: number; name: string }; topLevel: boolean },
): MoveChoice[] {
  const inside = moving ? subtreeIds(rows, moving.id) : new Set<number>();
  const choices: MoveChoice[] = topLevel ? [{ id: null, label: 'Top level', depth: 0 }] : [];
  for (const node of allNodes(buildTree(rows, name))) {
    const id = node.item.id;
    const disabled =
      moving && id === moving.id
        ? `It is ${moving.name} itself`
        : moving && inside.has(id)
          ? `It is inside ${moving.name}`
          : undefined;
    choices.push({ id, label: node.path.join(' / '), depth: node.depth, disabled });
  }
  return choices;
}

/** The choices whose label holds `filter` (case-insensitive); "Top level" always stays. */
export function filterChoices(choices: readonly MoveChoice[], filter: string): MoveChoice[] {
  const q = filter.trim().toLowerCase();
  return q ? choices.filter((c) => c.id === null || c.label.toLowerCase().includes(q)) : [...choices];
}
