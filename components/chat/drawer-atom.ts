import { atom } from 'jotai';
import type { DrawerName } from './drawer-registry';

/** The panel the bottom drawer shows; null: the drawer is closed. */
export const drawerAtom = atom<DrawerName | null>(null);
