import { useEffect, useRef } from 'react';
import { IMPORT_FORMAT_NAMES, IMPORT_FORMATS, type ImportJob } from '@/lib/api/import-contract';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { ImportJobView } from './ImportJobView';
import { ImportSummaryView } from './ImportSummaryView';
import { isImportActive } from './queries';
import { useImportSteps } from './use-import-steps';

interface Props {
  /** The import the library follows; shown instead of the steps when `showJob`. */
  job: ImportJob | null;
  /** Why its progress could not be read last time (it is read again). */
  jobError: string | null;
  showJob: boolean;
  /** A file dropped on the page: read at once. */
  file: File | null;
  onStarted: (job: ImportJob) => void;
  onClose: () => void;
}

const ACCEPT = '.html,.htm,.csv,.json,.txt,text/html,text/csv,application/json,text/plain';

/**
 * "Import…": a file (picked or dropped) or the browser's bookmarks, read here and sent as a dry run; its summary with
 * Import / Cancel; then the job's progress and report. Escape closes it; the import goes on without it.
 */
export function ImportDialog({ job, jobError, showJob, file, onStarted, onClose }: Props) {
  const { state, readFile, readBookmarks, start, reset } = useImportSteps(onStarted);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (file) void readFile(file);
  }, [file, readFile]);

  if (showJob && job)
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title="Import" className="import-dialog">
        <ImportJobView job={job} />
        {jobError && (
          <p className="import-poll-error" role="alert">
            The progress could not be read ({jobError}); trying again.
          </p>
        )}
        <div className="dialog-actions">
          <Button variant={isImportActive(job) ? 'secondary' : 'primary'} onClick={onClose}>
            Close
          </Button>
        </div>
      </Dialog>
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Import" className="import-dialog">
      {state.step === 'choose' && (
        <div className="import-choose">
          <p>
            Bring in bookmarks from a file (or drop it on the library). What it holds is shown before anything is saved;
            addresses you have already are merged, never saved twice.
          </p>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Bookmarks file"
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (picked) void readFile(picked);
            }}
          />
          <div className="import-sources">
            <Button variant="primary" onClick={() => input.current?.click()}>
              Choose a file…
            </Button>
            <Button onClick={() => void readBookmarks()}>Import browser bookmarks</Button>
          </div>
          <p className="hint">
            Browser bookmarks ask once for permission to read your bookmarks. Files read:{' '}
            {IMPORT_FORMATS.map((format) => IMPORT_FORMAT_NAMES[format]).join(', ')}.
          </p>
        </div>
      )}
      {state.step === 'reading' && (
        <div className="import-reading">
          <Spinner label={`Reading ${state.fileName}`} />
          <span>Reading {state.fileName}…</span>
        </div>
      )}
      {state.step === 'summary' && <ImportSummaryView fileName={state.fileName} summary={state.summary} />}
      {state.step === 'error' && <ErrorMessage title="Cannot import this">{state.message}</ErrorMessage>}
      <div className="dialog-actions">
        {state.step === 'error' && <Button onClick={reset}>Choose another file</Button>}
        <Button onClick={onClose}>Cancel</Button>
        {state.step === 'summary' && (
          <Button variant="primary" loading={state.starting} onClick={() => void start()}>
            Import
          </Button>
        )}
      </div>
    </Dialog>
  );
}
