import { MAX_GEMS_PER_COLLECTION } from '@/lib/api/context-budget';
import { RemovableList } from '../RemovableList';
import type { SearchChoice } from './selection';
import type { ChosenBookmarks as Chosen } from './use-chosen-bookmarks';

/** A search's detail: what it is and how much of it the answer reads (the server reads its first MAX_GEMS_PER_COLLECTION). */
const searchDetail = ({ query, total }: SearchChoice) => {
  const found = total === 1 ? '1 gem' : `${total.toLocaleString('en-US')} gems`;
  const shown =
    total > MAX_GEMS_PER_COLLECTION ? `first ${MAX_GEMS_PER_COLLECTION.toLocaleString('en-US')} of ${found}` : found;
  return query ? `Search "${query}" · ${shown}` : `All gems · ${shown}`;
};

/** The gems, collections and searches going with the next question, each with a way to take it off. */
export function ChosenBookmarks({ bookmarks }: { bookmarks: Chosen }) {
  const { choice, removeCollection, removeGem, removeSearch } = bookmarks;
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
        ...(choice.searches ?? []).map((s) => ({
          key: `s${s.query}`,
          name: s.label,
          detail: searchDetail(s),
          onRemove: () => removeSearch(s.query),
        })),
      ]}
    />
  );
}
