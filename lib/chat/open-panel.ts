import { browser } from 'wxt/browser';

/** Firefox's sidebar, which WXT builds from the same side panel entrypoint. */
export type Sidebar = { open(): Promise<void>; close(): Promise<void>; toggle(): Promise<void> };
export const firefoxSidebar = () => (browser as unknown as { sidebarAction?: Sidebar }).sidebarAction;

/**
 * Opens Trove's side panel on the tab (Firefox: the sidebar). Browsers allow it only in answer to a
 * user's gesture, so call it straight from the click's handler, before any await.
 */
export function openChatPanel(tabId: number): Promise<void> {
  if (browser.sidePanel) return browser.sidePanel.open({ tabId });
  const sidebar = firefoxSidebar();
  if (!sidebar) return Promise.reject(new Error('This browser has no side panel.'));
  return sidebar.open();
}
