import type { ChosenBookmarks as Chosen } from './use-chosen-bookmarks';

/** The gems and collections going with the next question, each with a way to take it off. */
export function ChosenBookmarks({ bookmarks }: { bookmarks: Chosen }) {
  const { choice, removeCollection, removeGem } = bookmarks;
  const items = [
    ...choice.collections.map((c) => ({
      key: `c${c.id}`,
      name: c.name,
      kind: 'Collection',
      remove: () => removeCollection(c.id),
    })),
    ...choice.gems.map((g) => ({ key: `g${g.id}`, name: g.title, kind: 'Gem', remove: () => removeGem(g.id) })),
  ];
  if (!items.length) return null;
  return (
    <ul className="attached-files" aria-label="Chosen gems and collections">
      {items.map((item) => (
        <li key={item.key} className="attached-file">
          <span className="attached-file-name" title={item.name}>
            {item.name}
          </span>
          <span className="attached-file-size">{item.kind}</span>
          <button
            type="button"
            className="attached-file-remove"
            aria-label={`Remove ${item.name}`}
            onClick={item.remove}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
