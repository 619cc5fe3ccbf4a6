import { useMemo, useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { sharedCollectionLabel } from '@/lib/library/shared-collection-label';
import { errorMessage } from '../app/background-context';
import { Spinner } from '../ui/Spinner';
import { flattenCollections } from './collection-tree';
import { PopupCombobox } from './PopupCombobox';

interface Props {
  collections: Collection[];
  /** Collections others shared with the user that they may add to: offered after their own. */
  shared: SharedItem[];
  value: number | undefined;
  onChange: (id: number) => void;
  /** Creates a collection and resolves to it; the field then selects it. */
  onCreate: (name: string) => Promise<Collection>;
  /** The list has not arrived yet: the picker keeps its place, disabled, and says so. */
  loading?: boolean;
  error?: string;
}

const gems = (n: number) => `${n} ${n === 1 ? 'gem' : 'gems'}`;

/**
 * The collection picker: nested collections by path, then those shared with the user ("Field notes (ada's)"),
 * searchable, with "Create “…”" for a new one.
 */
export function CollectionField({ collections, shared, value, onChange, onCreate, loading = false, error }: Props) {
  const [creating, setCreating] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  // A failed creation starts the picker afresh, showing the choice that still stands rather than the name typed.
  const [attempt, setAttempt] = useState(0);
  const options = useMemo(
    () => [
      ...flattenCollections(collections).map((o) => ({
        value: String(o.collection.id),
        label: o.path,
        detail: gems(o.collection.gems_count),
      })),
      ...shared.map((s) => ({
        value: String(s.id),
        label: sharedCollectionLabel(s),
        detail: `shared · ${gems(s.gemsCount)}`,
      })),
    ],
    [collections, shared],
  );

  const create = async (name: string) => {
    setCreating(name);
    setCreateError(null);
    try {
      onChange((await onCreate(name)).id);
    } catch (e) {
      setCreateError(errorMessage(e));
      setAttempt((n) => n + 1);
    } finally {
      setCreating(null);
    }
  };

  const message = createError ?? error;
  return (
    <div className="field">
      <PopupCombobox
        key={attempt}
        id="gem-collection"
        label="Collection"
        placeholder={loading ? 'Loading collections…' : 'Choose a collection'}
        options={options}
        selectedValue={value === undefined ? null : String(value)}
        onSelect={(o) => {
          setCreateError(null);
          onChange(Number(o.value));
        }}
        onCreate={(name) => void create(name)}
        createLabel={(name) => `+ Create collection “${name}”`}
        disabled={loading || creating !== null}
      />
      {creating !== null && (
        <p className="hint">
          <Spinner label="Creating collection" /> Creating “{creating}”…
        </p>
      )}
      {message && (
        <p className="field-error" id="gem-collection-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
