import type { HTMLAttributes, KeyboardEvent, ReactNode } from 'react';

interface Props {
  label: string;
  count?: number | null;
  /** What the count counts, read after it by screen readers (gems by default). */
  countOf?: (count: number) => string;
  current: boolean;
  onSelect: () => void;
  /** Drawn before the label (a tag's colour). */
  mark?: ReactNode;
  depth?: number;
  /** A disclosure button for an item with children. */
  toggle?: ReactNode;
  /** Shown at the end of the row (an item's menu). */
  actions?: ReactNode;
  /** Keys on the item's button (a collection's cut and paste). */
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** On the row: a drag source's and a drop target's handlers (use-tree-dnd.ts), data- marks. */
  rowProps?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | boolean | undefined>;
}

const gemsWord = (count: number) => (count === 1 ? 'gem' : 'gems');

/** One row of the sidebar: a button that shows that part of the library, with its count. */
export function SidebarItem(props: Props) {
  const {
    label,
    count,
    countOf = gemsWord,
    current,
    onSelect,
    mark,
    depth = 0,
    toggle,
    actions,
    onKeyDown,
    rowProps,
  } = props;
  return (
    <div {...rowProps} className="library-nav-row" style={{ paddingInlineStart: `calc(${depth} * var(--space-4))` }}>
      {toggle ?? <span className="library-nav-toggle-space" aria-hidden="true" />}
      <button
        type="button"
        className="library-nav-item"
        aria-current={current ? 'page' : undefined}
        onClick={onSelect}
        onKeyDown={onKeyDown}
      >
        {mark}
        <span className="library-nav-label">{label}</span>
        {count != null && (
          <span className="library-nav-count">
            {count}
            <span className="visually-hidden"> {countOf(count)}</span>
          </span>
        )}
      </button>
      {actions}
    </div>
  );
}
