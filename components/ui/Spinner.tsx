/** A spinning ring. Announced as a status with its label, or hidden from screen readers when `decorative`
 * (inside a button that already says it is busy). */
export function Spinner({ label = 'Loading', decorative = false }: { label?: string; decorative?: boolean }) {
  if (decorative) return <span className="spinner" aria-hidden="true" />;
  return <span className="spinner" role="status" aria-label={label} />;
}
