/**
 * The key under which gems are matched to a page ("already saved?"). Two URLs that load the same page
 * for any visitor get the same key: scheme and host are lower-cased, default ports, fragments and
 * well-known tracking parameters are dropped, and the remaining query parameters are sorted.
 * Path case and trailing slashes are kept: servers may treat them as different pages.
 */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'msclkid',
  'mc_cid',
  'mc_eid',
  'igshid',
  'yclid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wickedid',
  'ref_src',
  'si',
]);

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

export function canonicalizeUrl(input: string): string {
  const url = new URL(input.trim());
  url.hash = '';
  // URL already lower-cases scheme and host and drops the scheme's default port.
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  const kept = [...url.searchParams.entries()].filter(([name]) => !isTrackingParam(name));
  // By name only: the sort is stable, so a repeated name keeps its values' order (?tag=b&tag=a), which may matter.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = kept.length ? new URLSearchParams(kept).toString() : '';
  return url.toString();
}
