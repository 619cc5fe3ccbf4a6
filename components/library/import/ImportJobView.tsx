import type { ImportJob } from '@/lib/api/import-contract';
import { ImportProblems } from './ImportSummaryView';
import { isImportActive } from './queries';

const n = (value: number) => value.toLocaleString('en');

/** An import's progress while the server works it; once ended, its report: added, merged, skipped and why. */
export function ImportJobView({ job }: { job: ImportJob }) {
  if (isImportActive(job))
    return (
      <div className="import-job">
        <p className="import-file">
          <strong>{job.fileName}</strong>
        </p>
        <progress value={job.done} max={Math.max(job.total, 1)} aria-label="Import progress" />
        <p aria-live="polite">
          {job.status === 'queued' ? 'Waiting to start…' : `${n(job.done)} of ${n(job.total)} items imported`}
        </p>
        <p className="hint">You can close this window: the import goes on, and the library shows its progress.</p>
      </div>
    );
  return (
    <div className="import-job" role="status">
      <p className="import-file">
        <strong>{job.fileName}</strong> {job.status === 'failed' ? 'could not be imported' : 'imported'}
      </p>
      {job.status === 'failed' && <p className="import-failed">{job.error ?? 'The import failed.'}</p>}
      <dl className="import-figures">
        <dt>Added</dt>
        <dd>{n(job.added)}</dd>
        <dt>Merged</dt>
        <dd>{n(job.merged)} (into gems you had, or repeated in the file)</dd>
        <dt>Skipped</dt>
        <dd>{n(job.skipped)}</dd>
      </dl>
      {(job.skippedItems?.length ?? 0) > 0 && (
        <details className="import-problems" open={job.skipped <= 5}>
          <summary>Why items were skipped</summary>
          <ul>
            {job.skippedItems?.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same title and address can be skipped twice
              <li key={index}>
                <span className="import-where">{item.title || item.url || 'An item'}</span>: {item.reason}
              </li>
            ))}
            {job.skipped > (job.skippedItems?.length ?? 0) && (
              <li>and {n(job.skipped - (job.skippedItems?.length ?? 0))} more</li>
            )}
          </ul>
        </details>
      )}
      <ImportProblems problems={job.problems} total={job.problemCount} />
    </div>
  );
}
