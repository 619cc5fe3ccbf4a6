import { useEffect, useRef, useState } from 'react';
import type { CollectionOption } from '../../popup/collection-tree';
import { CollectionGems } from './CollectionGems';
import { type BookmarkChoice, collectionState, toggleCollection } from './selection';

interface CollectionRowProps {
  option: CollectionOption;
  /** Its sub-collections at any depth: choosing it covers them. */
  descendantIds: number[];
  choice: BookmarkChoice;
  onChange: (next: BookmarkChoice) => void;
}

/** One collection: its box (checked, mixed or not) and, expanded, its gems. */
export function CollectionRow({ option, descendantIds, choice, onChange }: CollectionRowProps) {
  const { collection, depth, path } = option;
  const [open, setOpen] = useState(false);
  const state = collectionState(choice, collection.id, descendantIds);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'mixed';
  }, [state]);
  return (
    <li className="bookmark-collection" style={{ paddingInlineStart: `${depth * 16}px` }}>
      <div className="bookmark-row">
        <button
          type="button"
          className="bookmark-expand"
          aria-expanded={open}
          aria-label={`Gems in ${path}`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? '▾' : '▸'}
        </button>
        <label className="bookmark-label">
          <input
            ref={box}
            type="checkbox"
            checked={state === 'checked'}
            onChange={() => onChange(toggleCollection(choice, { id: collection.id, name: path }, descendantIds))}
          />
          <span className="bookmark-name">{collection.name}</span>
        </label>
        <span className="bookmark-count" title={`${collection.gems_count} gems`}>
          {collection.gems_count}
        </span>
      </div>
      {open ? <CollectionGems collectionId={collection.id} choice={choice} onChange={onChange} /> : null}
    </li>
  );
}
