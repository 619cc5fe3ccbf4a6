import './menus.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBackground } from '../../app/background-context';
import { collectionsQuery } from '../../app/queries';
import { flattenCollections } from '../../popup/collection-tree';
import { Button } from '../../ui/Button';

export type SaveKind = 'Blog' | 'Page' | 'Note';

/** Where an answer saved as a gem goes: a collection (null: the user's Unfiltered) and its name for the toast. */
export interface SaveTarget {
  collectionId: number | null;
  name: string;
}

const UNFILTERED: SaveTarget = { collectionId: null, name: 'Unfiltered' };

/**
 * Chat Options → Save: Blog, Page or Note make a gem of that type holding the answer, in the
 * collection picked here (Unfiltered unless another is picked); AI Prompt makes a prompt of it.
 */
export function SaveAnswerFields({
  onSave,
  onSavePrompt,
}: {
  onSave: (kind: SaveKind, target: SaveTarget) => void;
  onSavePrompt: () => void;
}) {
  const background = useBackground();
  const collections = useQuery(collectionsQuery(background));
  const [chosen, setChosen] = useState('');
  const options = flattenCollections(collections.data ?? []).filter((o) => !o.collection.isUnfiltered);
  const picked = options.find((o) => String(o.collection.id) === chosen);
  const target = picked ? { collectionId: picked.collection.id, name: picked.path } : UNFILTERED;
  return (
    <fieldset className="answer-options-save">
      <legend>Save as</legend>
      <label className="answer-options-collection">
        Collection
        <select value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={collections.isPending}>
          <option value="">{collections.isPending ? 'Loading collections…' : UNFILTERED.name}</option>
          {options.map((o) => (
            <option key={o.collection.id} value={o.collection.id}>
              {o.path}
            </option>
          ))}
        </select>
      </label>
      {(['Blog', 'Page', 'Note'] as const).map((kind) => (
        <Button key={kind} size="sm" variant="secondary" onClick={() => onSave(kind, target)}>
          {kind}
        </Button>
      ))}
      <Button size="sm" variant="secondary" onClick={onSavePrompt}>
        AI Prompt
      </Button>
    </fieldset>
  );
}
