/**
 * The library page's address: `library.html`, with `#gem=<id>` to open that gem's detail sheet (the popup's
 * "Open in library", a save notification's Open).
 */
export const libraryPath = (gemId?: number): `/library.html${string}` =>
  `/library.html${gemId === undefined ? '' : `#gem=${gemId}`}`;

/** The library on its Following view, following `address` (`username/slug`): see components/library/use-follow-hash.ts. */
export const libraryFollowPath = (address: string): `/library.html${string}` =>
  `/library.html#follow=${encodeURIComponent(address)}`;

/** The gem a `#gem=<id>` address names, if any. */
export function gemIdFromHash(hash: string): number | null {
  const match = /^#gem=([1-9]\d{0,9})$/.exec(hash);
  return match ? Number(match[1]) : null;
}
