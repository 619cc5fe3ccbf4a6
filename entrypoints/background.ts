import { registerContextMenus } from '@/lib/background/context-menus';
import { registerMessageHandlers } from '@/lib/background/handlers';

export default defineBackground(() => {
  // Tokens live in extension storage; content scripts must not be able to read it.
  browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => {});
  registerMessageHandlers();
  registerContextMenus();
});
