import { browser } from 'wxt/browser';

/** One of the manifest's keyboard commands as the browser bound it (`shortcut` null: the browser left it unset). */
export interface BrowserShortcut {
  name: string;
  description: string;
  shortcut: string | null;
}

/**
 * The manifest's commands with the keys the browser actually gave them. A suggested key is only a wish:
 * Chromium leaves a command unbound when the key is one of its own shortcuts, and the user may change or
 * clear any of them. The browser's own commands (`_execute_action`…) are left out.
 */
export async function readBrowserShortcuts(): Promise<BrowserShortcut[]> {
  const commands = await browser.commands.getAll();
  return commands.flatMap((command) =>
    command.name && !command.name.startsWith('_')
      ? [{ name: command.name, description: command.description || command.name, shortcut: command.shortcut || null }]
      : [],
  );
}

/** Where the user sets the shortcuts, as the browser names it. */
export const SHORTCUT_SETTINGS =
  import.meta.env.BROWSER === 'firefox' ? 'about:addons → Manage Extension Shortcuts' : 'chrome://extensions/shortcuts';

/**
 * Opens the browser's shortcut settings. Firefox refuses about:addons in `tabs.create` but opens its
 * shortcut page itself (`commands.openShortcutSettings`, Firefox 137+); Chromium opens its page as a tab.
 */
export async function openShortcutSettings(): Promise<void> {
  const commands = browser.commands as typeof browser.commands & { openShortcutSettings?: () => Promise<void> };
  if (commands.openShortcutSettings) return commands.openShortcutSettings();
  await browser.tabs.create({ url: 'chrome://extensions/shortcuts', active: true });
}
