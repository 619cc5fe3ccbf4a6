/** The disclosure button of a sidebar item with children (a collection's sub-collections). */
export function TreeToggle({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="library-nav-toggle"
      aria-expanded={open}
      aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? '▾' : '▸'}</span>
    </button>
  );
}
