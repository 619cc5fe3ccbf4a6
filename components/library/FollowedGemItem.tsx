import type { FollowedGem } from '@/lib/api/following-contract';
import { dayOf } from '@/lib/day';
import { siteOf } from '@/lib/page/site-name';

/** One gem of a followed collection: its title (to the saved page), site, collection and owner, and "new". */
export function FollowedGemItem({ gem }: { gem: FollowedGem }) {
  return (
    <li className="library-following-gem">
      <div className="library-following-title">
        <a href={gem.url} target="_blank" rel="noreferrer">
          {gem.title}
        </a>
        {gem.isNew && <span className="library-follow-new">New</span>}
      </div>
      <p className="library-follow-meta">
        {siteOf(gem.url)} · {gem.collection.name} by {gem.owner.username} ·{' '}
        <time dateTime={gem.createdAt}>{dayOf(gem.createdAt)}</time>
      </p>
      {gem.description && <p className="library-following-description">{gem.description}</p>}
    </li>
  );
}
