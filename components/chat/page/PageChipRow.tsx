import type { ReactNode } from 'react';

/** `url` when it is a web address (http or https), else null: only those are shown, fetched or opened. */
export function webUrl(url: string | null | undefined): URL | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A page drawn as a globe: the icon of a page whose own icon is not known. */
function PagePlaceholder() {
  return (
    <svg
      className="page-chip-icon page-chip-placeholder"
      viewBox="0 0 24 24"
      width={16}
      height={16}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20ZM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}

interface PageChipRowProps {
  url: string;
  /** The page's title (from the page itself: shown as text only). */
  title: string;
  favIconUrl?: string | null;
  /** The site shown after the title, when the title alone may not say where the page is. */
  host?: string | null;
  /** What follows, at the end of the row (e.g. how much of the page fits). */
  children?: ReactNode;
}

/** One page in a page chip: its icon (or a placeholder), its title (its address on hover), and maybe its site. */
export function PageChipRow({ url, title, favIconUrl, host, children }: PageChipRowProps) {
  return (
    <div className="page-chip-row">
      {webUrl(favIconUrl) ? (
        <img
          className="page-chip-icon"
          src={favIconUrl as string}
          alt=""
          width={16}
          height={16}
          referrerPolicy="no-referrer"
        />
      ) : (
        <PagePlaceholder />
      )}
      <span className="page-chip-title" title={url}>
        {title}
      </span>
      {host ? <span className="page-chip-host">{host}</span> : null}
      {children}
    </div>
  );
}
