import { Button } from '../../ui/Button';

export interface ContextCounts {
  /** Files attached to the next question. */
  files: number;
  /** Collections chosen as context. */
  collections: number;
  /** Gems chosen one by one as context. */
  gems: number;
  /** Library searches whose gems go as context. */
  searches?: number;
  /** The user's gems saved for the attached page (sent when `pageGemsIncluded`). */
  pageGems: number;
  /** Free text from Contexts → Context Text. */
  text?: boolean;
}

interface ContextSummaryProps {
  counts: ContextCounts;
  pageGemsIncluded: boolean;
  onClear: () => void;
  onIncludePageGems: () => void;
  /** Opens the Contexts panel, where all of it is shown and changed. */
  onEdit?: () => void;
  /** The Contexts panel's switch is off: the text, gems and files are kept but not sent. */
  held?: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What goes with the next question besides the page; it can be cleared. */
export function ContextSummary({
  counts,
  pageGemsIncluded,
  onClear,
  onIncludePageGems,
  onEdit,
  held = false,
}: ContextSummaryProps) {
  const parts = [
    counts.text ? 'context text' : null,
    counts.files ? plural(counts.files, 'file', 'files') : null,
    counts.collections ? plural(counts.collections, 'collection', 'collections') : null,
    counts.gems ? plural(counts.gems, 'gem', 'gems') : null,
    counts.searches ? plural(counts.searches, 'search', 'searches') : null,
    counts.pageGems && pageGemsIncluded ? plural(counts.pageGems, 'gem of this page', 'gems of this page') : null,
  ].filter(Boolean);
  if (!parts.length) {
    if (!counts.pageGems) return null;
    return (
      <p className="context-summary" data-state="cleared">
        Your gems of this page are left out.{' '}
        <Button size="sm" variant="ghost" onClick={onIncludePageGems}>
          Include them
        </Button>
      </p>
    );
  }
  return (
    <p className="context-summary">
      <span>
        {held ? 'Held back (Context is off)' : 'Also sent'}: {parts.join(' · ')}
      </span>
      {onEdit ? (
        <Button size="sm" variant="ghost" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear the context">
        Clear
      </Button>
    </p>
  );
}
