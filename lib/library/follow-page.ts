import { parseFollowAddress } from '../api/follow-address';

/**
 * `username/slug` when `tabUrl` is the `/follow?collection=…` page of the user's own Trove server (a public page's
 * "Follow in Trove" link, server/features/following/follow-page.ts), else null. A public page runs no script and
 * cannot know the extension, so the popup, opened on that page, is where the two meet.
 */
export function followAddressOfTab(tabUrl: string, serverUrl: string): string | null {
  let tab: URL;
  let server: URL;
  try {
    tab = new URL(tabUrl);
    server = new URL(serverUrl);
  } catch {
    return null;
  }
  if (tab.origin !== server.origin || tab.pathname !== '/follow') return null;
  const parts = parseFollowAddress(tab.searchParams.get('collection') ?? '');
  return parts ? `${parts.username}/${parts.slug}` : null;
}

/** True when `tabUrl`'s path is /follow, the only page where the popup offers Follow. */
export function onFollowPath(tabUrl: string): boolean {
  try {
    return new URL(tabUrl).pathname === '/follow';
  } catch {
    return false;
  }
}
