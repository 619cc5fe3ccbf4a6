import { useState } from 'react';
import type { Collection, GemSummary } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { errorMessage } from '../app/background-context';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { collectionLabel } from './collection-tree';
import { PreviewCard } from './PreviewCard';
import { useAutoClose } from './use-auto-close';

interface Props {
  gem: GemSummary;
  /** An existing gem was changed (no Undo: the earlier values are gone). */
  updated: boolean;
  collections: Collection[];
  sharedCollections: SharedItem[];
  onOpenLibrary: () => void;
  onUndo: () => Promise<void>;
  closePopup: () => void;
  autoCloseMs: number;
}

/** After a save: where it went, the preview, "Open in library" and "Undo"; closes itself unless the user stays. */
export function SavedState({
  gem,
  updated,
  collections,
  sharedCollections,
  onOpenLibrary,
  onUndo,
  closePopup,
  autoCloseMs,
}: Props) {
  const staying = useAutoClose(closePopup, autoCloseMs);
  const [undoing, setUndoing] = useState(false);
  const [undoError, setUndoError] = useState<string | null>(null);
  const path = collectionLabel(gem.collectionId, collections, sharedCollections);

  const undo = async () => {
    setUndoing(true);
    setUndoError(null);
    try {
      await onUndo();
    } catch (e) {
      setUndoError(errorMessage(e));
      setUndoing(false);
    }
  };

  return (
    <section className="popup-state saved-state" aria-labelledby="saved-heading">
      <h1 id="saved-heading" className="popup-title">
        {updated ? 'Gem updated' : 'Saved to Trove'}
      </h1>
      <Alert tone="success">
        {updated ? 'Gem updated' : 'Saved'} in <strong>{path ?? 'your collection'}</strong>.
      </Alert>
      <PreviewCard
        title={gem.title}
        url={gem.url}
        image={gem.image}
        siteName={gem.media.siteName}
        mediaType={gem.media_type}
      />
      <div className="saved-actions">
        {/* The Save button that had focus is gone: focus goes on to what comes next. */}
        <Button variant="primary" onClick={onOpenLibrary} autoFocus>
          Open in library
        </Button>
        {!updated && (
          <Button loading={undoing} onClick={undo}>
            Undo
          </Button>
        )}
      </div>
      {undoError && <ErrorMessage title="The save was not undone">{undoError}</ErrorMessage>}
      <p className="hint auto-close-hint">
        {staying ? 'This window stays open.' : 'This window closes in a few seconds.'}
      </p>
    </section>
  );
}
