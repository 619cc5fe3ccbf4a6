import { storage } from 'wxt/utils/storage';
import type { ChatType } from '@/lib/api/chat-contract';

/** The side panel's tab and each tab's chat, as it last showed them. */
export interface RememberedChat {
  mode: ChatType;
  ids: Record<ChatType, number | null>;
}

/**
 * Reopening the panel (even mid-answer) comes back to them; gone with the browser. Read before the panel's
 * first render (entrypoints/sidepanel/main.ts), so a reopened panel never shows a new chat first.
 */
export const rememberedChatItem = storage.defineItem<RememberedChat | null>('session:panelChats', { fallback: null });

/** The chat the remembered tab showed, if any. */
export const rememberedChatId = (remembered: RememberedChat | null): number | null =>
  remembered ? remembered.ids[remembered.mode] : null;
