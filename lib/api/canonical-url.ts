/**
 * The key under which gems are matched to a page: the popup's "already saved", the importer's duplicates, the
 * library's Duplicates view (column gems.canonical_url). Two addresses that load the same page get the same key.
 * The rules (also in the README, "Duplicates"), for http(s) addresses:
 *
 * 1. http and https are one: the key always starts `https://`.
 * 2. The host is lower-case, in punycode (IDN), without a trailing dot or a leading `www.`.
 * 3. The scheme's default port goes (`:80` for http, `:443` for https); any other port stays.
 * 4. The fragment goes, unless it is a route of a one-page app (`#/…` or `#!…`).
 * 5. Tracking parameters go: `utm_*` and the names in TRACKING_PARAMS (fbclid, gclid…), in any case.
 * 6. The other parameters are sorted by name (a repeated name keeps its values' order); an empty query goes;
 *    names and values are written in one encoding (`%20` and `+` are one space).
 * 7. A trailing slash on the path goes, except the root's (`/a/` is `/a`, `/` stays).
 * 8. Percent-escapes of letters, digits and `-._~` are decoded, the other escapes upper-cased (`%7e` is `~`,
 *    `%c3%a9` is `%C3%A9`); dot segments are resolved.
 *
 * Path case is kept: servers may treat `/A` and `/a` as different pages. Other schemes keep rule 4 only.
 * Changing a rule: bump CANONICAL_URL_VERSION, so the stored keys are recomputed at the next start
 * (server/features/duplicates/recanonicalize.ts).
 */
export const CANONICAL_URL_VERSION = 2;

const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'srsltid',
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

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Rule 8: one spelling of each percent-escape. */
const normalizeEscapes = (path: string) =>
  path.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });

/** Rule 4: a fragment that routes a one-page app (`#/inbox`, `#!/post/1`) names a page of its own. */
const routeFragment = (hash: string) => (hash.startsWith('#/') || hash.startsWith('#!') ? hash : '');

function canonicalQuery(params: URLSearchParams): string {
  const kept = [...params.entries()].filter(([name]) => !isTrackingParam(name));
  // By name only: the sort is stable, so a repeated name keeps its values' order (?tag=b&tag=a), which may matter.
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
}

export function canonicalizeUrl(input: string): string {
  const url = new URL(input.trim());
  // URL already lower-cases scheme and host, writes IDN hosts in punycode, drops the scheme's default port and
  // resolves dot segments.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    url.hash = routeFragment(url.hash);
    return url.toString();
  }
  let host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  if (host.startsWith('www.') && host.length > 4) host = host.slice(4);
  const port = url.port ? `:${url.port}` : '';
  const auth = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  let path = normalizeEscapes(url.pathname);
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return `https://${auth}${host}${port}${path}${canonicalQuery(url.searchParams)}${routeFragment(url.hash)}`;
}
