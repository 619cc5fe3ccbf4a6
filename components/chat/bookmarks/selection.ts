/**
 * What the user chose in the Bookmark attachment panel: whole collections (the server sends their
 * gems, sub-collections included) and single gems. A gem inside a chosen collection is not listed on
 * its own: the collection covers it. Names are kept to show the choice without asking the server again.
 */
export interface BookmarkChoice {
  collections: { id: number; name: string }[];
  gems: { id: number; title: string; collectionId: number | null }[];
  /** Searches from the library ("Chat about these results"): the server reads the gems they find when it answers. */
  searches?: SearchChoice[];
}

/** A search as context: its query text (lib/search/), what the library called it, and how many gems it showed. */
export interface SearchChoice {
  query: string;
  label: string;
  total: number;
}

export const NO_BOOKMARKS: BookmarkChoice = { collections: [], gems: [] };

/** The server's limits on one question's context (lib/api/chat-contract.ts chatContextInput). */
export const MAX_CHOSEN_GEMS = 100;
export const MAX_CHOSEN_COLLECTIONS = 20;

export type CheckState = 'checked' | 'mixed' | 'unchecked';

export const bookmarkCount = (choice: BookmarkChoice) =>
  choice.collections.length + choice.gems.length + (choice.searches?.length ?? 0);

const hasCollection = (choice: BookmarkChoice, id: number) => choice.collections.some((c) => c.id === id);

/**
 * A collection's box: checked when chosen whole; mixed when some of what is inside it is chosen (one
 * of its gems, or one of `descendantIds`, its sub-collections at any depth); else unchecked.
 */
export function collectionState(choice: BookmarkChoice, id: number, descendantIds: number[] = []): CheckState {
  if (hasCollection(choice, id)) return 'checked';
  const inside = new Set([id, ...descendantIds]);
  const some =
    choice.gems.some((g) => g.collectionId !== null && inside.has(g.collectionId)) ||
    choice.collections.some((c) => inside.has(c.id));
  return some ? 'mixed' : 'unchecked';
}

/** A gem is checked on its own or through its chosen collection. */
export const gemChecked = (choice: BookmarkChoice, gemId: number, collectionId: number | null) =>
  choice.gems.some((g) => g.id === gemId) || (collectionId !== null && hasCollection(choice, collectionId));

/**
 * Checks or unchecks a whole collection. Checking it takes its own gems and its sub-collections
 * (`descendantIds`) off the list, since it covers them.
 */
export function toggleCollection(
  choice: BookmarkChoice,
  collection: { id: number; name: string },
  descendantIds: number[] = [],
): BookmarkChoice {
  if (hasCollection(choice, collection.id))
    return { ...choice, collections: choice.collections.filter((c) => c.id !== collection.id) };
  const inside = new Set([collection.id, ...descendantIds]);
  return {
    ...choice,
    collections: [...choice.collections.filter((c) => !inside.has(c.id)), collection],
    gems: choice.gems.filter((g) => g.collectionId === null || !inside.has(g.collectionId)),
  };
}

/**
 * Checks or unchecks one gem. Unchecking a gem of a chosen collection turns the collection into its
 * other gems shown so far (`siblings`): what the user sees checked stays checked.
 */
export function toggleGem(
  choice: BookmarkChoice,
  gem: { id: number; title: string; collectionId: number | null },
  siblings: { id: number; title: string }[] = [],
): BookmarkChoice {
  if (gem.collectionId !== null && hasCollection(choice, gem.collectionId)) {
    const { collectionId } = gem;
    return {
      ...choice,
      collections: choice.collections.filter((c) => c.id !== collectionId),
      gems: [
        ...choice.gems,
        ...siblings.filter((s) => s.id !== gem.id).map((s) => ({ id: s.id, title: s.title, collectionId })),
      ],
    };
  }
  if (choice.gems.some((g) => g.id === gem.id)) return { ...choice, gems: choice.gems.filter((g) => g.id !== gem.id) };
  return { ...choice, gems: [...choice.gems, gem] };
}

/** Why nothing more can be chosen (the server's limits), or null. */
export function overLimit(choice: BookmarkChoice): string | null {
  if (choice.gems.length > MAX_CHOSEN_GEMS) return `Choose at most ${MAX_CHOSEN_GEMS} gems (or a collection).`;
  if (choice.collections.length > MAX_CHOSEN_COLLECTIONS)
    return `Choose at most ${MAX_CHOSEN_COLLECTIONS} collections.`;
  return null;
}

/** The ids (and searches) a question's context takes. */
export const contextIds = (choice: BookmarkChoice) => ({
  gemIds: choice.gems.map((g) => g.id),
  collectionIds: choice.collections.map((c) => c.id),
  ...(choice.searches?.length ? { searches: choice.searches.map((s) => s.query) } : {}),
});
