import type { ReactNode } from 'react';
import type { LibrarySort } from '@/lib/library/view-prefs';
import type { SearchSortKey } from '@/lib/search/ast';
import { addedOn, type GemItemProps, openButtonProps, siteOf, useGemDnd } from './GemRow';

const COLUMNS: { label: string; sort?: SearchSortKey }[] = [
  { label: 'Title', sort: 'title' },
  { label: 'Site', sort: 'site' },
  { label: 'Type' },
  { label: 'Tags' },
  { label: 'Added', sort: 'added' },
  { label: 'Updated', sort: 'updated' },
];

interface HeadProps {
  sort: LibrarySort;
  onSort: (sort: LibrarySort) => void;
}

/** The table's column heads; a sortable one sorts by it, and again the other way. */
export function GemTableHead({ sort, onSort }: HeadProps) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        {COLUMNS.map((column) => {
          const current = column.sort !== undefined && column.sort === sort.key;
          return (
            <th
              key={column.label}
              scope="col"
              aria-sort={current ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {column.sort ? (
                <button
                  type="button"
                  onClick={() =>
                    onSort({
                      key: column.sort as SearchSortKey,
                      dir: current
                        ? sort.dir === 'asc'
                          ? 'desc'
                          : 'asc'
                        : column.sort === 'title' || column.sort === 'site'
                          ? 'asc'
                          : 'desc',
                    })
                  }
                >
                  {column.label}
                  <span aria-hidden="true">{current ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                </button>
              ) : (
                column.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A gem in the compact table. */
export function GemTableRow(props: GemItemProps & { rowRef: (el: HTMLTableRowElement | null) => void }) {
  const { gem, index, open, selected, rowRef } = props;
  const cell = (content: ReactNode) => <td>{content}</td>;
  return (
    <tr
      {...useGemDnd(props)}
      ref={rowRef}
      data-index={index}
      aria-rowindex={index + 2}
      data-open={open || undefined}
      data-selected={selected || undefined}
    >
      <td>
        <button {...openButtonProps(props)}>
          <span className="library-row-title">
            {gem.title}
            {selected && <span className="visually-hidden"> (selected)</span>}
          </span>
        </button>
      </td>
      {cell(siteOf(gem.url))}
      {cell(gem.media_type)}
      {cell(gem.tags.map((t) => `#${t.tag}`).join(' '))}
      {cell(addedOn(gem.createdAt))}
      {cell(addedOn(gem.updatedAt))}
    </tr>
  );
}
