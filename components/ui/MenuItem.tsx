import { useFloatingTree, useListItem } from '@floating-ui/react';
import type { ReactNode } from 'react';
import { MENU_ITEM_CHOSEN, useMenuContext } from './menu-context';

interface MenuItemProps {
  label: string;
  /** Shown instead of `label` (an icon and text, say); `label` still drives typeahead. */
  children?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** Said on hover and to screen readers: why it is disabled, for one. */
  title?: string;
  danger?: boolean;
}

/** A menu command: Enter, Space or a click runs it and closes the whole menu. */
export function MenuItem({ label, children, onSelect, disabled = false, title, danger = false }: MenuItemProps) {
  const menu = useMenuContext('MenuItem');
  const tree = useFloatingTree();
  const item = useListItem({ label: disabled ? null : label });
  return (
    <button
      ref={item.ref}
      type="button"
      role="menuitem"
      className={danger ? 'ui-menu-item ui-menu-item-danger' : 'ui-menu-item'}
      tabIndex={item.index === menu.activeIndex ? 0 : -1}
      disabled={disabled}
      title={title}
      {...menu.getItemProps({
        onClick() {
          onSelect();
          tree?.events.emit(MENU_ITEM_CHOSEN);
        },
      })}
    >
      {children ?? label}
    </button>
  );
}

interface MenuCheckboxItemProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off menu entry (role menuitemcheckbox); toggling keeps the menu open so several can be changed. */
export function MenuCheckboxItem({ label, checked, onCheckedChange, disabled = false }: MenuCheckboxItemProps) {
  const menu = useMenuContext('MenuCheckboxItem');
  const item = useListItem({ label: disabled ? null : label });
  return (
    <button
      ref={item.ref}
      type="button"
      role="menuitemcheckbox"
      aria-checked={checked}
      className="ui-menu-item ui-menu-item-checkbox"
      tabIndex={item.index === menu.activeIndex ? 0 : -1}
      disabled={disabled}
      {...menu.getItemProps({ onClick: () => onCheckedChange(!checked) })}
    >
      <span aria-hidden="true" className="ui-menu-check">
        {checked ? '✓' : ''}
      </span>
      {label}
    </button>
  );
}

/** A line between groups of menu items. */
export function MenuSeparator() {
  return <hr className="ui-menu-separator" />;
}
