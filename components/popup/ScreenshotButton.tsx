import { useState } from 'react';
import { errorMessage, unwrap, useBackground } from '../app/background-context';
import { useToast } from '../ui/Toast';

/**
 * Save screenshot: what the tab shows, saved as an Image gem through the background's save queue (to the quick-save
 * collection); the outcome is a toast, with the gem one click away in the library.
 */
export function ScreenshotButton({ onOpenLibrary }: { onOpenLibrary: (gemId: number) => void }) {
  const background = useBackground();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const outcome = unwrap(await background.saveScreenshot());
      if (outcome.status === 'saved') {
        const { id } = outcome.gem;
        toast('success', 'Screenshot saved', { action: { label: 'Open', onAction: () => onOpenLibrary(id) } });
      } else if (outcome.status === 'queued') toast('info', `Screenshot queued: ${outcome.reason}`);
      else toast('error', `The screenshot was not saved: ${outcome.error.message}`);
    } catch (error) {
      toast('error', `The screenshot was not saved: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="link-button" aria-busy={busy} disabled={busy} onClick={() => void save()}>
      {busy ? 'Saving screenshot…' : 'Save screenshot'}
    </button>
  );
}
