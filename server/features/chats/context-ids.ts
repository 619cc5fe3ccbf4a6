import { type Citation, type MessageContext, messageContextSchema } from '../../../lib/api/contract';

/** Manifest and citation kinds whose `id` is a gem's (a file's or a memory's id is not). */
const GEM_KINDS = new Set(['gem', 'pageGem', 'collectionGem', 'searchGem']);

/**
 * Where a message's gem and collection ids go: each function gives an id's new id, or undefined to leave it out; a kind
 * without a function keeps its ids.
 */
export interface IdMoves {
  gem?: (id: number) => number | undefined;
  collection?: (id: number) => number | undefined;
}

const moved = (ids: readonly number[], move: (id: number) => number | undefined) => [
  ...new Set(ids.flatMap((id) => move(id) ?? [])),
];

/** An item (manifest or citation) with its gem and collection ids moved; an id moved to undefined is left out. */
function repointItem<T extends { kind: string; id?: number; collectionId?: number }>(item: T, moves: IdMoves): T {
  const next = { ...item };
  if (moves.gem && GEM_KINDS.has(item.kind) && item.id !== undefined) {
    const id = moves.gem(item.id);
    if (id === undefined) delete next.id;
    else next.id = id;
  }
  if (moves.collection && item.collectionId !== undefined) {
    const id = moves.collection(item.collectionId);
    if (id === undefined) delete next.collectionId;
    else next.collectionId = id;
  }
  return next;
}

/**
 * A message's context and citations with gem and collection ids moved: the gems and collections asked with, the
 * manifest of what was sent, the gems cited (a file's or a memory's id is not a gem's). An import moves an export's ids
 * into the importing account, a merge of duplicates moves the merged gems' ids to the survivor.
 */
export function repointContext(
  context: MessageContext,
  citations: Citation[] | null,
  moves: IdMoves,
): { context: MessageContext; citations: Citation[] | null } {
  const next: MessageContext = { ...context };
  if (context.input)
    next.input = {
      ...context.input,
      ...(moves.gem ? { gemIds: moved(context.input.gemIds, moves.gem) } : {}),
      ...(moves.collection ? { collectionIds: moved(context.input.collectionIds, moves.collection) } : {}),
    };
  if (context.items) next.items = context.items.map((item) => repointItem(item, moves));
  return { context: next, citations: citations?.map((item) => repointItem(item, moves)) ?? null };
}

/** The gem ids a message's context and citations name (to know which of them the import must look up). */
export function gemIdsNamed(context: MessageContext, citations: Citation[] | null): number[] {
  const items = [...(context.items ?? []), ...(citations ?? [])];
  return [
    ...(context.input?.gemIds ?? []),
    ...items.flatMap((item) => (GEM_KINDS.has(item.kind) && item.id !== undefined ? [item.id] : [])),
  ];
}

/** A stored context as written by an export (unknown JSON): read, or null when it does not read as a context. */
export function readExportedContext(value: unknown): MessageContext | null {
  const parsed = messageContextSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : null;
}
