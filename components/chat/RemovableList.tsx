import './page/page.css';
export interface RemovableItem {
  key: string;
  name: string;
  /** Shown after the name: a file's size, what kind of item it is. */
  detail: string;
  onRemove: () => void;
}

/** What goes with the next question, one row each (name, detail) with a way to take it off. */
export function RemovableList({ label, items }: { label: string; items: RemovableItem[] }) {
  if (!items.length) return null;
  return (
    <ul className="attached-files" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="attached-file">
          <span className="attached-file-name" title={item.name}>
            {item.name}
          </span>
          <span className="attached-file-size">{item.detail}</span>
          <button
            type="button"
            className="attached-file-remove"
            aria-label={`Remove ${item.name}`}
            onClick={item.onRemove}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
