/** Matching addresses against blocked sites (no zod here: the popup's first script uses it). */

/** Whether the page at `url` is on a blocked site (`hosts` as lib/api/validators.ts's blockedHostSchema gives them). */
export function isBlockedUrl(url: string | undefined, hosts: readonly string[]): boolean {
  if (!url || !hosts.length) return false;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? host === pattern.slice(2) || host.endsWith(pattern.slice(1)) : host === pattern,
  );
}
