/** A page's site as people read it: the host without `www.`; an address that does not parse is shown as it is. */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
