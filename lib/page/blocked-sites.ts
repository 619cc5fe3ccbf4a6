import { storage } from 'wxt/utils/storage';
import { isBlockedUrl } from '../api/blocked-host';

/**
 * The signed-in user's blocked sites (hosts and `*.domain` patterns), as the server keeps them: written by the
 * background at sign-in, start-up and each change (lib/background/blocked-sites.ts), removed at sign-out. Pages on
 * them are neither read nor offered to save.
 */
export const blockedSitesItem = storage.defineItem<string[]>('local:blockedSites', { fallback: [] });

export async function isBlockedPage(url: string | undefined): Promise<boolean> {
  return isBlockedUrl(url, await blockedSitesItem.getValue());
}

/** The host of a page's address, as the popup names a blocked site. */
export const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};
