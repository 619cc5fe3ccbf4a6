import { useId, useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import type { DuplicateGroup } from '@/lib/api/duplicates-contract';
import { shortDayOf } from '@/lib/day';
import { siteOf } from '@/lib/page/site-name';
import { Button } from '../ui/Button';
import { TagList } from './GemRow';

interface Props {
  group: DuplicateGroup;
  collections: Collection[];
  onMerge: (group: DuplicateGroup, keepId: number) => Promise<void>;
  onOpen: (id: number) => void;
  onTrash: (id: number) => void;
}

/**
 * One group of gems saved at the same page: each with its title, collection, date and tags, a choice of the one to
 * keep (the oldest at first), and Merge.
 */
export function DuplicateGroupCard({ group, collections, onMerge, onOpen, onTrash }: Props) {
  const [chosen, setKeepId] = useState(group.gems[0]?.id ?? 0);
  // The chosen gem may have left the group (trashed here or elsewhere): the oldest again.
  const keepId = group.gems.some((gem) => gem.id === chosen) ? chosen : (group.gems[0]?.id ?? 0);
  const [merging, setMerging] = useState(false);
  const headingId = useId();
  const collectionName = (id: number) => collections.find((c) => c.id === id)?.name ?? 'Collection';
  const merge = async () => {
    setMerging(true);
    try {
      await onMerge(group, keepId);
    } finally {
      setMerging(false);
    }
  };
  return (
    <li className="library-dupe-group">
      <section aria-labelledby={headingId}>
        <div className="library-dupe-head">
          <h3 id={headingId}>
            {siteOf(group.canonicalUrl)} <span className="library-dupe-count">{group.gems.length} saves</span>
          </h3>
          <span className="library-dupe-key">{group.canonicalUrl}</span>
          <Button size="sm" variant="primary" loading={merging} onClick={() => void merge()}>
            Merge
          </Button>
        </div>
        <fieldset className="library-dupe-gems">
          <legend className="library-dupe-legend">Keep the chosen gem; Merge unites the others into it.</legend>
          {group.gems.map((gem) => (
            <div key={gem.id} className="library-dupe-gem">
              <label className="library-dupe-keep">
                <input
                  type="radio"
                  name={`keep-${headingId}`}
                  checked={keepId === gem.id}
                  onChange={() => setKeepId(gem.id)}
                  aria-label={`Keep ${gem.title}`}
                />
                <span className="library-dupe-title">{gem.title}</span>
              </label>
              <span className="library-dupe-meta">
                {gem.isFavourite && (
                  <span>
                    <span aria-hidden="true">★</span>
                    <span className="visually-hidden">Favourite</span>
                  </span>
                )}
                <span>{collectionName(gem.collectionId)}</span>
                <time dateTime={gem.createdAt}>{shortDayOf(gem.createdAt)}</time>
              </span>
              <TagList gem={gem} />
              <span className="library-dupe-actions">
                <Button size="sm" variant="ghost" onClick={() => onOpen(gem.id)} aria-label={`Open ${gem.title}`}>
                  Open
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onTrash(gem.id)} aria-label={`Trash ${gem.title}`}>
                  Trash
                </Button>
              </span>
            </div>
          ))}
        </fieldset>
      </section>
    </li>
  );
}
