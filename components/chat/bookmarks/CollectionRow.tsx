import { useEffect, useRef, useState } from 'react';
import { CollectionGems } from './CollectionGems';
import { type BookmarkChoice, collectionState, toggleCollection } from './selection';

/** A collection as the panel lists it: the user's own (at its depth in their tree) or one shared with them. */
export interface BookmarkCollection {
  id: number;
  name: string;
  /** Its path in the user's tree (a shared one: its name), as the choice names it. */
  path: string;
  depth: number;
  gemsCount: number;
  /** Who shared it with the user; absent for their own. */
  owner?: string;
}

interface CollectionRowProps {
  collection: BookmarkCollection;
  /** Its sub-collections at any depth: choosing it covers them. */
  descendantIds: number[];
  choice: BookmarkChoice;
  onChange: (next: BookmarkChoice) => void;
}

/** One collection: its box (checked, mixed or not) and, expanded, its gems. */
export function CollectionRow({ collection, descendantIds, choice, onChange }: CollectionRowProps) {
  const { id, name, path, depth, gemsCount, owner } = collection;
  const [open, setOpen] = useState(false);
  const state = collectionState(choice, id, descendantIds);
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
            onChange={() => onChange(toggleCollection(choice, { id, name: path }, descendantIds))}
          />
          <span className="bookmark-name">
            {name}
            {owner ? (
              <>
                {' '}
                <span className="bookmark-owner">· {owner}</span>
              </>
            ) : null}
          </span>
        </label>
        <span className="bookmark-count" title={`${gemsCount} gems`}>
          {gemsCount}
        </span>
      </div>
      {open ? (
        <CollectionGems collectionId={id} shared={owner !== undefined} choice={choice} onChange={onChange} />
      ) : null}
    </li>
  );
}
