import { Button } from '../ui/Button';
import { useMoves } from './use-moves';

/**
 * What the last move did (with Undo for gems), why the server refused it, or what is cut: one live region, always
 * in the page, so each change is announced.
 */
export function MoveNotice() {
  const { notice, dismiss, undo } = useMoves();
  return (
    <div className="library-move-notice" aria-live="polite" data-error={notice?.error || undefined}>
      {notice && (
        <>
          <span>{notice.text}</span>
          {notice.undoJob !== undefined && (
            <Button size="sm" onClick={() => void undo(notice.undoJob as number)}>
              Undo
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={dismiss}>
            Close
          </Button>
        </>
      )}
    </div>
  );
}
