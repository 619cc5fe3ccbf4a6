import { momentOf, shortDayOf } from '@/lib/day';
import type { LibrarySort } from '@/lib/library/view-prefs';
import { siteOf } from '@/lib/page/site-name';
import type { SearchSortKey } from '@/lib/search/ast';
import { type GemItemProps, openButtonProps, SelectedMark, useGemDnd } from './GemRow';

/** The columns; each one's width is set by its class in library.css (the title takes the rest). */
const COLUMNS: { label: string; sort?: SearchSortKey; className: string }[] = [
  { label: 'Title', sort: 'title', className: 'library-col-title' },
  { label: 'Site', sort: 'site', className: 'library-col-site' },
  { label: 'Type', className: 'library-col-type' },
  { label: 'Tags', className: 'library-col-tags' },
  { label: 'Added', sort: 'added', className: 'library-col-date' },
  { label: 'Updated', sort: 'updated', className: 'library-col-date library-col-updated' },
];

/** A date short enough for its column; the whole date and time on hover. */
const DateCell = ({ iso, className }: { iso: string; className: string }) => (
  <td className={className}>
    <time dateTime={iso} title={momentOf(iso)}>
      {shortDayOf(iso)}
    </time>
  </td>
);

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
              className={column.className}
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
  const site = siteOf(gem.url);
  const tags = gem.tags.map((t) => `#${t.tag}`).join(' ');
  return (
    <tr
      {...useGemDnd(props)}
      ref={rowRef}
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-open={open || undefined}
      data-selected={selected || undefined}
    >
      <td className="library-col-title">
        <button {...openButtonProps(props)}>
          <span className="library-row-title">
            <SelectedMark selected={selected} />
            {gem.title}
            {selected && <span className="visually-hidden"> (selected)</span>}
          </span>
        </button>
      </td>
      <td className="library-col-site" title={site}>
        {site}
      </td>
      <td className="library-col-type">{gem.media_type}</td>
      <td className="library-col-tags" title={tags || undefined}>
        {tags}
      </td>
      <DateCell iso={gem.createdAt} className="library-col-date" />
      <DateCell iso={gem.updatedAt} className="library-col-date library-col-updated" />
    </tr>
  );
}
