import { useState } from 'react';
import { dayOf } from '@/lib/day';
import { siteOf } from '@/lib/page/site-name';
import { type GemItemProps, openButtonProps, SelectedMark, TagList, useGemDnd } from './GemRow';

/** A gem in the cards view: its image (sent no referrer), title, site and tags. */
export function GemCard(props: GemItemProps) {
  const { gem, open, selected } = props;
  const [broken, setBroken] = useState(false);
  return (
    <div
      {...useGemDnd(props)}
      className="library-card"
      data-open={open || undefined}
      data-selected={selected || undefined}
    >
      <div className="library-card-image" aria-hidden="true">
        {gem.image && !broken ? (
          <img src={gem.image} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setBroken(true)} />
        ) : (
          <span>{gem.media_type}</span>
        )}
      </div>
      <button {...openButtonProps(props)}>
        <span className="library-row-title">
          <SelectedMark selected={selected} />
          {gem.title}
          {selected && <span className="visually-hidden"> (selected)</span>}
        </span>
        <span className="library-row-meta">
          <span>{siteOf(gem.url)}</span>
          <span>{dayOf(gem.createdAt)}</span>
        </span>
      </button>
      <TagList gem={gem} />
    </div>
  );
}
