import type { ReactNode } from 'react';

interface Props {
  label: string;
  count?: number | null;
  current: boolean;
  onSelect: () => void;
  /** Drawn before the label (a tag's colour). */
  mark?: ReactNode;
  depth?: number;
  /** A disclosure button for an item with children. */
  toggle?: ReactNode;
  /** Shown at the end of the row (an item's menu). */
  actions?: ReactNode;
}

/** One row of the sidebar: a button that shows that part of the library, with its count. */
export function SidebarItem({ label, count, current, onSelect, mark, depth = 0, toggle, actions }: Props) {
  return (
    <div className="library-nav-row" style={{ paddingInlineStart: `calc(${depth} * var(--space-4))` }}>
      {toggle ?? <span className="library-nav-toggle-space" aria-hidden="true" />}
      <button type="button" className="library-nav-item" aria-current={current ? 'page' : undefined} onClick={onSelect}>
        {mark}
        <span className="library-nav-label">{label}</span>
        {count != null && (
          <span className="library-nav-count">
            {count}
            <span className="visually-hidden"> gems</span>
          </span>
        )}
      </button>
      {actions}
    </div>
  );
}
