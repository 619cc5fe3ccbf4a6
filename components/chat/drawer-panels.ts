import { lazy } from 'react';

/**
 * The drawer's panels, each loaded when first opened: the panel's first paint (what a click on the
 * toolbar waits for) carries none of them.
 */
export const ChatModelsPanel = lazy(() =>
  import('./models/ChatModelsPanel').then((m) => ({ default: m.ChatModelsPanel })),
);
export const LanguagePicker = lazy(() =>
  import('./language/LanguagePicker').then((m) => ({ default: m.LanguagePicker })),
);
export const HistoryPanel = lazy(() => import('./history/HistoryPanel').then((m) => ({ default: m.HistoryPanel })));
export const ShortcutsPanel = lazy(() => import('./ShortcutsPanel').then((m) => ({ default: m.ShortcutsPanel })));
export const InvitePanel = lazy(() => import('./share/InvitePanel').then((m) => ({ default: m.InvitePanel })));
export const EditGemPanel = lazy(() => import('./page/EditGemPanel').then((m) => ({ default: m.EditGemPanel })));
export const PromptsPanel = lazy(() => import('./prompts/PromptsPanel').then((m) => ({ default: m.PromptsPanel })));
export const VoicesPanel = lazy(() => import('./voices/VoicesPanel').then((m) => ({ default: m.VoicesPanel })));
export const BookmarkPanel = lazy(() =>
  import('./bookmarks/BookmarkPanel').then((m) => ({ default: m.BookmarkPanel })),
);
export const ContextsPanel = lazy(() => import('./contexts/ContextsPanel').then((m) => ({ default: m.ContextsPanel })));
export const MemoryPanel = lazy(() => import('./memory/MemoryPanel').then((m) => ({ default: m.MemoryPanel })));
