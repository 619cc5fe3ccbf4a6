import type { useInteractions } from '@floating-ui/react';
import { createContext, type Dispatch, type SetStateAction, useContext } from 'react';

/** What a menu's items need from the menu around them (Menu.tsx provides it, MenuItem.tsx reads it). */
export interface MenuContextValue {
  activeIndex: number | null;
  setActiveIndex: Dispatch<SetStateAction<number | null>>;
  getItemProps: ReturnType<typeof useInteractions>['getItemProps'];
}

export const MenuContext = createContext<MenuContextValue | null>(null);

/** Tree event that closes every menu of the tree once an item was chosen. */
export const MENU_ITEM_CHOSEN = 'menu-item-chosen';
/** Tree event announcing that a (sub)menu opened, so its open siblings close. */
export const MENU_OPENED = 'menu-opened';

export function useMenuContext(part: string) {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error(`${part} must be inside a Menu`);
  return menu;
}
