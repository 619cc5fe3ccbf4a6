import { Suspense, useState } from 'react';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { ImportDialog } from '../lazy-parts';
import { ImportProgress } from './ImportProgress';
import './import.css';
import { useFileDrop } from './use-file-drop';
import { useFollowedImport } from './use-followed-import';

/**
 * The library's import: the "Import…" button, a file dropped anywhere on the page, the dialog, and the compact
 * progress of the import it follows (found again after a reload while it runs). `pollMs`: how often progress is read.
 */
export function LibraryImport({ pollMs }: { pollMs?: number }) {
  const followed = useFollowedImport(pollMs);
  const [dialog, setDialog] = useState<{ file: File | null; showJob: boolean } | null>(null);
  const dragging = useFileDrop((file) => setDialog({ file, showJob: false }));
  return (
    <>
      <Button
        size="sm"
        onClick={() => setDialog({ file: null, showJob: false })}
        onPointerEnter={() => void ImportDialog.preload()}
      >
        Import…
      </Button>
      {followed.job && (
        <ImportProgress
          job={followed.job}
          onShow={() => setDialog({ file: null, showJob: true })}
          onDismiss={followed.dismiss}
        />
      )}
      {dragging && (
        <div className="import-drop-target" aria-hidden="true">
          <p>Drop the file to import it</p>
        </div>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <ImportDialog
            job={followed.job}
            jobError={followed.error ? errorMessage(followed.error) : null}
            showJob={dialog.showJob}
            file={dialog.file}
            onStarted={(job) => {
              followed.follow(job);
              setDialog({ file: null, showJob: true });
            }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </>
  );
}
