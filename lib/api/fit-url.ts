import { isHttpUrl, limits, urlSchema } from './validators';

const fits = (url: string) => urlSchema.safeParse(url).success;

/**
 * A page's address that the extension fills in itself (a bug report's URL), fitted to the contract's
 * urlMax so what the user did not type is never refused. An address that already fits, or is not an
 * http(s) address, is returned as it is. Otherwise the fragment is dropped, then the query's last whole
 * parameters, and last of all the path is cut.
 */
export function fitUrlToLimit(url: string): string {
  if (fits(url) || !isHttpUrl(url.trim())) return url;
  const parsed = new URL(url.trim());
  const base = `${parsed.origin}${parsed.pathname}`;
  const params = parsed.search.slice(1).split('&');
  // The whole parameters that fit as they are written; the canonical form (which may encode more) is checked after.
  const kept: string[] = [];
  let length = base.length;
  for (const param of params) {
    length += param.length + 1;
    if (length > limits.urlMax) break;
    kept.push(param);
  }
  while (kept.length) {
    const candidate = `${base}?${kept.join('&')}`;
    if (fits(candidate)) return candidate;
    kept.pop();
  }
  let path = parsed.pathname;
  let candidate = base;
  while (!fits(candidate) && path.length > 1) {
    const over = Math.max(1, candidate.length - limits.urlMax);
    // No half escape ("%2") is left at the end.
    path = path.slice(0, Math.max(1, path.length - over)).replace(/%[0-9A-Fa-f]?$/, '');
    candidate = `${parsed.origin}${path}`;
  }
  return candidate;
}
