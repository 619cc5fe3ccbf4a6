import type { Browser } from 'wxt/browser';
import { toggleChatPanel } from './chat-panel';
import { runQuickSave } from './confirm-save';
import { savePage } from './quick-save';

/** The keyboard shortcuts (the manifest's `commands`): Alt+Shift+S saves the page, Alt+Shift+C toggles the chat. */
export async function handleCommand(command: string, tab: Browser.tabs.Tab | undefined) {
  if (command === 'save-page') await runQuickSave(command, () => savePage(tab?.id));
  if (command === 'toggle-chat') await toggleChatPanel(tab);
}
