import { browser } from 'wxt/browser';

/**
 * Opens an address in a new tab, in front: the one way the side panel opens what a chat shows (links in
 * answers, cited sources, search results, the attached page). A module function, so it is the same
 * function on every render and may be given to a context without rendering its readers again.
 */
export function openInNewTab(url: string): void {
  void browser.tabs.create({ url, active: true });
}
