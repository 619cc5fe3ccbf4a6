import { Suspense, useState } from 'react';
import { Button } from '../ui/Button';
import { ExportDialog } from './lazy-parts';

/** The library header's Export…: the whole library, in the format chosen. */
export function ExportLibraryButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} onPointerEnter={() => void ExportDialog.preload()}>
        Export…
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog title="Export the library" target={{ kind: 'library' }} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
