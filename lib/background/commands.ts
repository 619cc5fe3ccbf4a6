import type { Browser } from 'wxt/browser';
import { toggleChatPanel } from './chat-panel';
import { runQuickSave } from './confirm-save';
import { openLibrary } from './context-menus';
import { savePage } from './quick-save';

/**
 * The keyboard commands (the manifest's `commands`, wxt.config.ts): `save-page` (Alt+Shift+G by default) saves the
 * page, `toggle-chat` (Alt+Shift+O) opens or closes the chat, `open-library` (Alt+Shift+L) opens the library page. The keys are the browser's to bind; the panel and
 * the options page show what it bound (lib/browser-shortcuts.ts).
 */
export async function handleCommand(command: string, tab: Browser.tabs.Tab | undefined) {
  if (command === 'save-page') await runQuickSave(command, () => savePage(tab?.id));
  if (command === 'toggle-chat') await toggleChatPanel(tab);
  if (command === 'open-library') await openLibrary();
}
