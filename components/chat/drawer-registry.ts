import { type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { DrawerPanelProps } from './drawer-panel-props';
import type { ModelTool } from './models/model-groups';

/** What a heading depends on. */
interface TitleState {
  tool: ModelTool;
  /** Switch Model / Switch language: the pick regenerates one answer. */
  switching: boolean;
}

/** What a menu's list depends on. */
export interface MenuState {
  /** Write mode. */
  writer: boolean;
  /** The attached page has a saved gem (Edit Gem). */
  pageGem: boolean;
}

/** Where a menu lists a panel: under which labels, in which part of the menu. */
interface MenuPlaces {
  /** Chat settings: 'lead' before AI settings, 'top' after it, 'end' after the checkboxes; `shown`: when it is listed. */
  settings?: { group: 'lead' | 'top' | 'end'; labels: readonly string[]; shown?: (state: MenuState) => boolean };
  /** The composer's Attach menu: 'top' before Upload from device, 'end' after it. */
  attach?: { group: 'top' | 'end'; labels: readonly string[] };
}

type PanelComponent<P> = (props: P) => ReactNode;

interface DrawerEntry {
  /** The drawer's heading (it names the dialog). */
  title: string | ((state: TitleState) => string);
  /** The panel, loaded when first opened: the panel's first paint (what a click on the toolbar waits for) carries none. */
  Panel: LazyExoticComponent<PanelComponent<DrawerPanelProps<DrawerName>>>;
  menus?: MenuPlaces;
}

const load = <P>(module: () => Promise<PanelComponent<P>>) =>
  lazy(() => module().then((Panel) => ({ default: Panel })));

/**
 * The bottom drawer's panels, one entry each: its name, heading, component and the menus that list it (in this
 * order). A new panel is an entry here and its component, which reads what it needs from the chat's contexts
 * (chat-session.tsx) and atoms; it gets DrawerPanelProps.
 */
export const DRAWERS = {
  'edit-gem': {
    title: 'Edit Gem',
    Panel: load(() => import('./page/EditGemPanel').then((m) => m.EditGemDrawer)),
    menus: { settings: { group: 'lead', labels: ['Edit Gem'], shown: ({ pageGem }: MenuState) => pageGem } },
  },
  models: {
    title: ({ switching, tool }: TitleState) =>
      switching ? 'Switch Model' : tool === 'picture' ? 'AI Image Models' : 'AI Models',
    Panel: load(() => import('./models/ChatModelsPanel').then((m) => m.ChatModelsPanel)),
    menus: { settings: { group: 'top', labels: ['AI Models'] } },
  },
  prompts: {
    title: 'AI Prompts',
    Panel: load(() => import('./prompts/PromptsPanel').then((m) => m.PromptsDrawer)),
    menus: { attach: { group: 'top', labels: ['Select Prompt'] } },
  },
  voices: {
    title: 'Brand voices and agents',
    Panel: load(() => import('./voices/VoicesPanel').then((m) => m.VoicesDrawer)),
    menus: {
      settings: { group: 'top', labels: ['Brand voices', 'Agents'] },
      attach: { group: 'top', labels: ['Select Brand Voice', 'Select Agents'] },
    },
  },
  language: {
    title: ({ switching }: TitleState) => (switching ? 'Switch language' : 'Language'),
    Panel: load(() => import('./language/LanguageDrawer').then((m) => m.LanguageDrawer)),
    menus: { settings: { group: 'top', labels: ['Language'] } },
  },
  memory: {
    title: 'Memory',
    Panel: load(() => import('./memory/MemoryPanel').then((m) => m.MemoryPanel)),
    menus: { settings: { group: 'top', labels: ['Memory'] } },
  },
  history: {
    title: 'Chat History',
    Panel: load(() => import('./history/HistoryPanel').then((m) => m.HistoryDrawer)),
    // Write mode has no Chat history.
    menus: { settings: { group: 'top', labels: ['Chat history'], shown: ({ writer }: MenuState) => !writer } },
  },
  bookmarks: {
    title: 'Gems and collections',
    Panel: load(() => import('./bookmarks/BookmarkPanel').then((m) => m.BookmarkPanel)),
    menus: { attach: { group: 'end', labels: ['Select gems/collections'] } },
  },
  shortcuts: {
    title: 'Keyboard Shortcuts',
    Panel: load(() => import('./ShortcutsPanel').then((m) => m.ShortcutsPanel)),
    menus: { settings: { group: 'end', labels: ['Keyboard shortcuts'] } },
  },
  contexts: {
    title: 'Contexts',
    Panel: load(() => import('./contexts/ContextsPanel').then((m) => m.ContextsDrawer)),
  },
  invite: {
    title: 'Invite Other',
    Panel: load(() => import('./share/InvitePanel').then((m) => m.InviteDrawer)),
  },
} as const;

export type DrawerName = keyof typeof DRAWERS;

/** A panel's entry; its type checks the panel takes what the drawer gives (the panels it opens exist). */
export const drawerEntry = (name: DrawerName): DrawerEntry => DRAWERS[name];

export function drawerTitle(name: DrawerName, state: TitleState): string {
  const { title } = drawerEntry(name);
  return typeof title === 'string' ? title : title(state);
}

interface MenuItemOf {
  name: DrawerName;
  label: string;
}

/** The panels the Chat settings menu lists in one of its parts, in the registry's order, one item per label. */
export function settingsMenuItems(group: 'lead' | 'top' | 'end', state: MenuState): MenuItemOf[] {
  return (Object.keys(DRAWERS) as DrawerName[]).flatMap((name) => {
    const place = drawerEntry(name).menus?.settings;
    if (!place || place.group !== group || (place.shown && !place.shown(state))) return [];
    return place.labels.map((label) => ({ name, label }));
  });
}

/** The panels the Attach menu lists in one of its parts, in the registry's order, one item per label. */
export function attachMenuItems(group: 'top' | 'end'): MenuItemOf[] {
  return (Object.keys(DRAWERS) as DrawerName[]).flatMap((name) => {
    const place = drawerEntry(name).menus?.attach;
    return place?.group === group ? place.labels.map((label) => ({ name, label })) : [];
  });
}
