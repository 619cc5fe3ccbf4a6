import type { ReactNode } from 'react';
import { isWebAddress } from '@/lib/api/web-address';
import { PageIcon } from '../../ui/icons';

/** `url` when it is a web address (http or https), else null: only those are shown, fetched or opened. */
export function webUrl(url: string | null | undefined): URL | null {
  if (!isWebAddress(url)) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
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
        <PageIcon />
      )}
      <span className="page-chip-title" title={url}>
        {title}
      </span>
      {host ? <span className="page-chip-host">{host}</span> : null}
      {children}
    </div>
  );
}
