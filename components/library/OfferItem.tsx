import type { ReactNode } from 'react';
import type { Offer } from '@/lib/api/moderation-contract';
import { dayOf } from '@/lib/day';
import { siteOf } from '@/lib/page/site-name';

const STATUS: Record<Offer['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** One offer as a row: what was offered (a link to its page), who offered it or where to, when, and its outcome. */
export function OfferItem({
  offer,
  side,
  children,
}: {
  offer: Offer;
  /** Who reads it: a collection's moderator, the moderator's inbox (which names the collection), the offerer. */
  side: 'owner' | 'inbox' | 'offerer';
  children?: ReactNode;
}) {
  return (
    <li className="offer-item" data-status={offer.status}>
      <div className="offer-item-text">
        <a href={offer.gem.url} target="_blank" rel="noreferrer" className="offer-item-title">
          {offer.gem.title}
        </a>
        <span className="offer-item-meta">
          {siteOf(offer.gem.url)} ·{' '}
          {side !== 'offerer'
            ? `${side === 'inbox' ? `to ${offer.collection.name}, ` : ''}offered by ${offer.offerer.username} on ${dayOf(offer.createdAt)}`
            : `to ${offer.collection.name} by ${offer.owner.username} on ${dayOf(offer.createdAt)}`}
        </span>
      </div>
      {children ?? (
        <span className="offer-item-status">
          {STATUS[offer.status]}
          {offer.decidedAt && ` on ${dayOf(offer.decidedAt)}`}
        </span>
      )}
    </li>
  );
}
