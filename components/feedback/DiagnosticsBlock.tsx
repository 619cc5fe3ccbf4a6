import type { Diagnostics } from '@/lib/api/contract';

/** Exactly what will be sent about this installation, so the user can read it before sending (or untick it). */
export function DiagnosticsBlock({
  diagnostics,
  unavailable,
}: {
  diagnostics: Diagnostics | undefined;
  unavailable: boolean;
}) {
  if (unavailable) return <p className="hint">Diagnostics are unavailable; the report will be sent without them.</p>;
  if (!diagnostics) return <p className="hint">Collecting diagnostics…</p>;
  return (
    <dl className="diagnostics" aria-label="Diagnostics to send">
      <dt>Extension</dt>
      <dd>{diagnostics.extensionVersion}</dd>
      <dt>Browser</dt>
      <dd>{diagnostics.browser}</dd>
      <dt>System</dt>
      <dd>{diagnostics.os}</dd>
      <dt>AI model</dt>
      <dd>{diagnostics.activeModel ?? 'none'}</dd>
      <dt>Recent errors</dt>
      <dd>
        {diagnostics.recentErrors.length ? (
          <ul>
            {diagnostics.recentErrors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; identical lines may repeat
              <li key={i}>{e}</li>
            ))}
          </ul>
        ) : (
          'none'
        )}
      </dd>
    </dl>
  );
}
