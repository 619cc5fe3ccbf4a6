import { type Citation, type MessageContext, messageContextSchema } from '../../../lib/api/contract';

/** Manifest and citation kinds whose `id` is a gem's (a file's or a memory's id is not). */
const GEM_KINDS = new Set(['gem', 'pageGem', 'collectionGem', 'searchGem']);

/** Where ids of the export point in the importing account; an id it does not know was not exported. */
export interface IdMap {
  gems?: ReadonlyMap<number, number>;
  collections?: ReadonlyMap<number, number>;
}

const mapped = (ids: readonly number[], map: ReadonlyMap<number, number>) => [
  ...new Set(ids.flatMap((id) => (map.has(id) ? [map.get(id) as number] : []))),
];

/** An item (manifest or citation) with its gem and collection ids moved; an id not exported is left out. */
function repointItem<T extends { kind: string; id?: number; collectionId?: number }>(item: T, map: IdMap): T {
  const next = { ...item };
  if (map.gems && GEM_KINDS.has(item.kind) && item.id !== undefined) {
    const id = map.gems.get(item.id);
    if (id === undefined) delete next.id;
    else next.id = id;
  }
  if (map.collections && item.collectionId !== undefined) {
    const id = map.collections.get(item.collectionId);
    if (id === undefined) delete next.collectionId;
    else next.collectionId = id;
  }
  return next;
}

/**
 * A message's context and citations with the export's gem and collection ids turned into the importing account's
 * (the gems and collections asked with, the manifest of what was sent, the gems cited). An id the export did not
 * carry is left out rather than kept: in another account it would name nothing, or someone else's gem. The chat
 * files asked with are not exported, so their ids go too.
 */
export function repointContext(
  context: MessageContext,
  citations: Citation[] | null,
  map: IdMap,
): { context: MessageContext; citations: Citation[] | null } {
  const next: MessageContext = { ...context };
  if (context.input)
    next.input = {
      ...context.input,
      ...(map.gems ? { gemIds: mapped(context.input.gemIds, map.gems), fileIds: [] } : {}),
      ...(map.collections ? { collectionIds: mapped(context.input.collectionIds, map.collections) } : {}),
    };
  if (context.items) next.items = context.items.map((item) => repointItem(item, map));
  return { context: next, citations: citations?.map((item) => repointItem(item, map)) ?? null };
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
