import { registerBlockedSites } from '@/lib/background/blocked-sites';
import { trackSidePanel } from '@/lib/background/chat-panel';
import { handleCommand } from '@/lib/background/commands';
import { handleMenuClick, registerContextMenus } from '@/lib/background/context-menus';
import { registerMessageHandlers } from '@/lib/background/handlers';
import { registerQueueTriggers } from '@/lib/background/queue-triggers';
import { onNoticeButton, registerSaveNotices } from '@/lib/background/save-notices';
import { drainQueue } from '@/lib/background/saves';
import { openWelcomeOnInstall } from '@/lib/background/welcome';

export default defineBackground(() => {
  // Tokens live in extension storage; content scripts must not be able to read it.
  browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => {});
  registerMessageHandlers();
  openWelcomeOnInstall();
  registerContextMenus();
  registerBlockedSites();
  registerSaveNotices();
  registerQueueTriggers();
  trackSidePanel();
  browser.commands.onCommand.addListener((command, tab) => void handleCommand(command, tab));
  // For DevTools and the end-to-end tests: run a menu item as a click on it would, send queued saves now as the
  // browser's "online" event does, or click a notification's button (system notifications cannot be clicked there).
  Object.assign(globalThis, { trove: { handleMenuClick, drainQueue: () => drainQueue(true), onNoticeButton } });
});
