import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, memo, type ReactNode, useEffect, useRef } from 'react';
import type { GemSummary } from '@/lib/api/contract';
import type { LibrarySort, LibraryView } from '@/lib/library/view-prefs';
import { GemCard } from './GemCard';
import { type GemItemProps, GemRow } from './GemRow';
import { GemTableHead, GemTableRow } from './GemTable';
import { useWidth } from './use-row-width';

/**
 * A gem's row, card or table row drawn again only when what it shows changes: while the list scrolls, only the
 * rows coming into view render (bench/RESULTS.md). Its callbacks read the view's latest props when called
 * (ResultsView's `latest`), so a new closure alone is no change.
 */
function sameItem(a: GemItemProps, b: GemItemProps) {
  const sameDrag =
    a.dragIds === b.dragIds ||
    (a.dragIds?.length === b.dragIds?.length && !!a.dragIds?.every((id, at) => id === b.dragIds?.[at]));
  return (
    a.gem === b.gem &&
    a.index === b.index &&
    a.active === b.active &&
    a.open === b.open &&
    a.selected === b.selected &&
    sameDrag &&
    a.action?.label === b.action?.label &&
    !a.onPlace === !b.onPlace
  );
}
const Row = memo(GemRow, sameItem);
const Card = memo(GemCard, sameItem);
const TableRow = memo(GemTableRow, (a, b) => a.rowRef === b.rowRef && sameItem(a, b));

const ROW_HEIGHT: Record<LibraryView, number> = { list: 64, table: 40, cards: 248 };
const CARD_WIDTH = 220;
/** How many gems before the end the next page is asked for. */
const LOAD_AHEAD = 10;

export interface ResultsViewProps {
  gems: GemSummary[];
  total: number;
  label: string;
  view: LibraryView;
  sort: LibrarySort;
  onSort: (sort: LibrarySort) => void;
  activeIndex: number;
  openId: number | null;
  selected: ReadonlySet<number>;
  onActivate: (index: number) => void;
  onOpen: (gem: GemSummary, event?: MouseEvent) => void;
  /** A command beside each gem of the list (Restore, in the trash). */
  rowAction?: { label: string; run: (gem: GemSummary) => void };
  /** In a manual order: gem `id` was dropped right before or after `gem`. */
  onPlace?: (id: number, gem: GemSummary, position: 'before' | 'after') => void;
  /** Called when the gems near the end are drawn; loading only when more exist and none is loading is the caller's. */
  onNearEnd: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>, perRow: number) => void;
}

/**
 * The results as a list, cards or a table, virtualised: only the rows in view are in the page, so 100,000 gems
 * scroll as 50 do. One gem's button is in the tab order; the keys move it (Results.tsx).
 */
export function ResultsView(props: ResultsViewProps) {
  const { gems, total, label, view, activeIndex, openId, selected, onActivate, onNearEnd } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const width = useWidth(scroller, 900);
  const perRow = view === 'cards' ? Math.max(1, Math.floor(width / CARD_WIDTH)) : 1;
  const virtualizer = useVirtualizer({
    count: Math.ceil(gems.length / perRow),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT[view],
    overscan: 6,
    // Rows are drawn in React's next batch, not synchronously inside each scroll event (bench/RESULTS.md).
    useFlushSync: false,
    getItemKey: (row) => (perRow === 1 ? (gems[row]?.id ?? row) : `row-${row}`),
  });
  const rows = virtualizer.getVirtualItems();
  const lastDrawn = Math.min(((rows.at(-1)?.index ?? -1) + 1) * perRow - 1, gems.length - 1);

  useEffect(() => {
    if (gems.length && lastDrawn >= gems.length - LOAD_AHEAD) onNearEnd();
  }, [lastDrawn, gems.length, onNearEnd]);

  // The active gem is focused once drawn: rows come in React's batch after the scroll, so it may be a render later.
  const pendingFocus = useRef(-1);
  const focusPending = () => {
    const list = scroller.current;
    // the focused row may have left the page as the list scrolled (focus is then on the body); elsewhere, the user moved on
    const focused = document.activeElement;
    if (pendingFocus.current < 0 || !list || (focused !== document.body && !list.contains(focused))) return;
    const row = list.querySelector<HTMLElement>(`[data-gem-index="${pendingFocus.current}"]`);
    if (!row) return;
    pendingFocus.current = -1;
    row.focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the active gem, not each redraw.
  useEffect(() => {
    if (activeIndex < 0 || !scroller.current?.contains(document.activeElement)) return;
    pendingFocus.current = activeIndex;
    virtualizer.scrollToIndex(Math.floor(activeIndex / perRow));
    focusPending();
  }, [activeIndex, perRow]);
  useEffect(focusPending);

  const item = (gem: GemSummary, index: number): GemItemProps => ({
    gem,
    index,
    active: index === Math.max(Math.min(activeIndex, gems.length - 1), 0),
    open: gem.id === openId,
    selected: selected.has(gem.id),
    onOpen: (event) => latest.current.onOpen(gem, event),
    action: props.rowAction && { label: props.rowAction.label, run: () => latest.current.rowAction?.run(gem) },
    dragIds: props.rowAction ? undefined : selected.has(gem.id) ? [...selected] : [gem.id],
    onPlace: props.onPlace && ((id, position) => latest.current.onPlace?.(id, gem, position)),
  });

  let body: ReactNode;
  if (view === 'table') {
    const before = rows[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);
    body = (
      <table className="library-table" aria-label={label} aria-rowcount={total + 1}>
        <GemTableHead sort={props.sort} onSort={props.onSort} />
        <tbody>
          {before > 0 && <Spacer height={before} />}
          {rows.map((row) => {
            const gem = gems[row.index];
            return gem ? (
              <TableRow key={row.key} {...item(gem, row.index)} rowRef={virtualizer.measureElement} />
            ) : null;
          })}
          {after > 0 && <Spacer height={after} />}
        </tbody>
      </table>
    );
  } else {
    body = (
      <ul aria-label={label} className="library-virtual-list" style={{ height: virtualizer.getTotalSize() }}>
        {rows.flatMap((row) =>
          gems.slice(row.index * perRow, (row.index + 1) * perRow).map((gem, column) => {
            const index = row.index * perRow + column;
            return (
              <li
                key={gem.id}
                data-index={row.index}
                ref={perRow === 1 ? virtualizer.measureElement : undefined}
                aria-posinset={index + 1}
                aria-setsize={total}
                className="library-virtual-item"
                style={{
                  transform: `translateY(${row.start}px)`,
                  width: `${100 / perRow}%`,
                  left: `${(100 / perRow) * column}%`,
                }}
              >
                {view === 'cards' ? <Card {...item(gem, index)} /> : <Row {...item(gem, index)} />}
              </li>
            );
          }),
        )}
      </ul>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys pressed on the gems' buttons, handled in one place.
    <div
      ref={scroller}
      className={`library-scroller library-view-${view}`}
      onKeyDown={(event) => props.onKeyDown(event, perRow)}
      onFocus={(event) => {
        const index = (event.target as HTMLElement).dataset.gemIndex;
        if (index !== undefined) onActivate(Number(index));
      }}
    >
      {body}
    </div>
  );
}

/** The rows not drawn, as one row of their height (the table's virtualisation). */
function Spacer({ height }: { height: number }) {
  return (
    <tr className="library-spacer" style={{ height }}>
      <td colSpan={6} />
    </tr>
  );
}
