/**
 * An http(s) address: the only pages Trove saves, reads, links or opens (not the browser's own pages,
 * about:blank, file:, javascript:…). A cheap check of the scheme, for addresses the browser or a stored
 * row gives; `isHttpUrl` (./validators) also parses the address and wants a host.
 */
export function isWebAddress(value: string | null | undefined): value is string {
  return !!value && /^https?:\/\//i.test(value);
}
