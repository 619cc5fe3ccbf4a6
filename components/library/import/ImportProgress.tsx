import type { ImportJob } from '@/lib/api/import-contract';
import { Button } from '../../ui/Button';
import { isImportActive } from './queries';

const n = (value: number) => value.toLocaleString('en');

/** The library's compact line for the import it follows: a bar while it runs, then what it did, until closed. */
export function ImportProgress({ job, onShow, onDismiss }: { job: ImportJob; onShow(): void; onDismiss(): void }) {
  const active = isImportActive(job);
  const ended =
    job.status === 'failed'
      ? `Import of ${job.fileName} failed`
      : `Imported ${job.fileName}: ${n(job.added)} added, ${n(job.merged)} merged, ${n(job.skipped)} skipped`;
  return (
    <div className="import-progress" role="status" aria-label="Import">
      {active ? (
        <>
          <span className="import-progress-text" title={job.fileName}>
            Importing {job.fileName}
          </span>
          <progress value={job.done} max={Math.max(job.total, 1)} aria-label="Import progress" />
          <span className="import-progress-count">
            {n(job.done)} / {n(job.total)}
          </span>
        </>
      ) : (
        <span className="import-progress-text" title={ended}>
          {ended}
        </span>
      )}
      <Button size="sm" variant="ghost" onClick={onShow}>
        {active ? 'Details' : 'Report'}
      </Button>
      {!active && (
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Close
        </Button>
      )}
    </div>
  );
}
