import { type KeyboardEvent, useMemo, useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import { Spinner } from '../ui/Spinner';
import { filterCollections, flattenCollections } from './collection-tree';

interface Props {
  collections: Collection[];
  value: number | undefined;
  onChange: (id: number) => void;
  /** Creates a collection and resolves to it; the picker then selects it. */
  onCreate: (name: string) => Promise<Collection>;
}

/** A searchable, nested collection list with inline creation. Arrow keys move, Enter picks, Escape closes. */
export function CollectionPicker({ collections, value, onChange, onCreate }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const options = useMemo(() => flattenCollections(collections), [collections]);
  const visible = filterCollections(options, query);
  const selected = options.find((o) => o.collection.id === value);
  const exactMatch = options.some((o) => o.collection.name.toLowerCase() === query.trim().toLowerCase());

  const pick = (id: number) => {
    onChange(id);
    setOpen(false);
    setQuery('');
  };

  const create = async () => {
    const name = query.trim();
    if (!name) return;
    setCreating(true);
    setCreateError(null);
    try {
      const collection = await onCreate(name);
      pick(collection.id);
    } catch (error) {
      setCreateError(error instanceof Error ? error.message : String(error));
    } finally {
      setCreating(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, visible.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Escape') setOpen(false);
    else if (event.key === 'Enter') {
      const option = visible[active];
      if (option) pick(option.collection.id);
      else void create();
    } else return;
    event.preventDefault();
  };

  return (
    <div className="collection-picker">
      <button
        type="button"
        id="gem-collection"
        className="picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Collection: ${selected?.path ?? 'none chosen'}`}
        onClick={() => setOpen((o) => !o)}
      >
        {selected?.path ?? 'Choose a collection'}
      </button>
      {open && (
        <div className="picker-panel">
          <input
            // biome-ignore lint/a11y/noAutofocus: the panel opens on purpose to type into it
            autoFocus
            aria-label="Search or create a collection"
            placeholder="Search or create…"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div role="listbox" aria-label="Collections" className="picker-list">
            {visible.map((o, i) => (
              <div
                key={o.collection.id}
                role="option"
                tabIndex={-1}
                aria-selected={o.collection.id === value}
                className={i === active ? 'option active' : 'option'}
                style={{ paddingLeft: `${0.5 + o.depth}rem` }}
                title={o.path}
                aria-label={`${o.collection.name}, ${o.collection.gems_count} gems`}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o.collection.id)}
                onKeyDown={() => {}}
              >
                {o.collection.name}
                <span className="count">{o.collection.gems_count}</span>
              </div>
            ))}
            {visible.length === 0 && <p className="empty">No collection matches “{query.trim()}”.</p>}
          </div>
          {query.trim() && !exactMatch && (
            <button type="button" className="create" disabled={creating} onClick={create}>
              {creating ? <Spinner label="Creating collection" /> : '+'} Create “{query.trim()}”
            </button>
          )}
          {createError && (
            <p className="field-error" role="alert">
              {createError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
