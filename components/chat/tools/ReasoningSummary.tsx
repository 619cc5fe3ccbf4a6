import './tools.css';
/** Research: the model's summary of its reasoning, collapsed under its own summary line (untrusted: shown as text). */
export function ReasoningSummary({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <details className="reasoning-summary">
      <summary>{streaming ? 'Reasoning…' : 'Reasoning'}</summary>
      <p className="reasoning-text">{text}</p>
    </details>
  );
}
