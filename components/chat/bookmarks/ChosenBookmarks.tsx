import { RemovableList } from '../RemovableList';
import type { ChosenBookmarks as Chosen } from './use-chosen-bookmarks';

/** The gems and collections going with the next question, each with a way to take it off. */
export function ChosenBookmarks({ bookmarks }: { bookmarks: Chosen }) {
  const { choice, removeCollection, removeGem } = bookmarks;
  return (
    <RemovableList
      label="Chosen gems and collections"
      items={[
        ...choice.collections.map((c) => ({
          key: `c${c.id}`,
          name: c.name,
          detail: 'Collection',
          onRemove: () => removeCollection(c.id),
        })),
        ...choice.gems.map((g) => ({ key: `g${g.id}`, name: g.title, detail: 'Gem', onRemove: () => removeGem(g.id) })),
      ]}
    />
  );
}
