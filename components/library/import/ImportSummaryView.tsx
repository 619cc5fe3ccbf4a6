import { IMPORT_FORMAT_NAMES, type ImportProblem, type ImportSummary } from '@/lib/api/import-contract';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The dry run: what importing the file would do, before anything is written. */
export function ImportSummaryView({ fileName, summary }: { fileName: string; summary: ImportSummary }) {
  const fresh = Math.max(0, summary.items - summary.alreadySaved - summary.repeatedInFile);
  return (
    <div className="import-summary">
      <p className="import-file">
        <strong>{fileName}</strong> · {IMPORT_FORMAT_NAMES[summary.format]}
      </p>
      <dl className="import-figures">
        <dt>In the file</dt>
        <dd>{count(summary.items, 'item')}</dd>
        <dt>New</dt>
        <dd>{count(fresh, 'new gem')}</dd>
        <dt>Saved already</dt>
        <dd>{summary.alreadySaved.toLocaleString('en')} (merged into the gem you have)</dd>
        <dt>Repeated in the file</dt>
        <dd>{summary.repeatedInFile.toLocaleString('en')} (merged into the first)</dd>
        <dt>Collections to create</dt>
        <dd>{summary.newCollections.length.toLocaleString('en')}</dd>
      </dl>
      {summary.newCollections.length > 0 && (
        <ul className="import-collections" aria-label="Collections to create">
          {summary.newCollections.slice(0, 50).map((path) => (
            <li key={path.join('/')}>{path.join(' / ')}</li>
          ))}
          {summary.newCollections.length > 50 && <li>and {summary.newCollections.length - 50} more</li>}
        </ul>
      )}
      <ImportProblems problems={summary.problems} total={summary.problemCount} />
    </div>
  );
}

/** The parts of the file that could not be read, and why (the first ones the server lists, and the whole count). */
export function ImportProblems({ problems, total }: { problems: readonly ImportProblem[]; total: number }) {
  if (total === 0) return null;
  return (
    <details className="import-problems" open={total <= 5}>
      <summary>{count(total, 'part', 'parts')} of the file cannot be read</summary>
      <ul>
        {problems.map((p) => (
          <li key={`${p.where}:${p.reason}`}>
            <span className="import-where">{p.where}</span>: {p.reason}
          </li>
        ))}
        {total > problems.length && <li>and {(total - problems.length).toLocaleString('en')} more</li>}
      </ul>
    </details>
  );
}
