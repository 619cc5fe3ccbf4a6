import { isWebAddress } from './web-address';

/**
 * `username/slug` from what a user pastes: the two words, or a public page's address (its first two path parts).
 * Null when it is neither. Kept apart from the zod contract: the popup reads every tab's address with it.
 */
export function parseFollowAddress(address: string): { username: string; slug: string } | null {
  let path = address.trim();
  if (isWebAddress(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const parts = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const [username, slug] = parts.map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  if (!username || !slug || slug.includes('.')) return null;
  return { username: username.replace(/^@/, ''), slug: slug.toLowerCase() };
}
