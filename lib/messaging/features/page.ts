import type { ActivePage, ActiveTab, Result } from '../types';

/** The tab the user is on. */
export interface PageMessages {
  /** The tab's address and title at once; getActivePage adds what the page says about itself (slower). */
  getActiveTab(input: { tabId?: number }): Result<ActiveTab>;
  getActivePage(input: { tabId?: number }): Result<ActivePage>;
}
