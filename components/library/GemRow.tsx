import type { Gem } from '@/lib/api/contract';

/** The site a gem came from, as people say it (no `www.`). */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

export const addedOn = (gem: Gem) =>
  new Date(gem.createdAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

interface Props {
  gem: Gem;
  active: boolean;
  open: boolean;
  onOpen: () => void;
}

/** A gem in the list view: title, site, type, tags and when it was added; a click opens its sheet. */
export function GemRow({ gem, active, open, onOpen }: Props) {
  return (
    <div className="library-row" data-active={active || undefined} data-open={open || undefined}>
      <button
        type="button"
        className="library-row-open"
        tabIndex={active ? 0 : -1}
        onClick={onOpen}
        data-gem-id={gem.id}
      >
        <span className="library-row-title">{gem.title}</span>
        <span className="library-row-meta">
          <span>{siteOf(gem.url)}</span>
          <span>{gem.media_type}</span>
          <span>{addedOn(gem)}</span>
        </span>
      </button>
      {gem.tags.length > 0 && (
        <ul className="library-tags" aria-label="Tags">
          {gem.tags.map((tag) => (
            <li key={tag.id}>#{tag.tag}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
