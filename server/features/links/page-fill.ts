import { cleanText } from '../../../lib/api/clean-text';
import { limits } from '../../../lib/api/validators';
import { isWebAddress } from '../../../lib/api/web-address';
import { readPageText } from './page-text';

/** The gem's fields a page fill may set: each only when the gem has none (what the user or the file gave stays). */
export interface FillableGem {
  title: string;
  url: string;
  description: string;
  image: string | null;
  text: string | null;
  byline: string | null;
}

/** The bounds the save routes keep (lib/api/contract.ts gemFields). */
const MAX = { description: 10_000, text: 2_000_000, byline: 500, image: 4096 };

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
function cut(value: string, max: number): string {
  const clean = cleanText(value).trim();
  if (clean.length <= max) return clean;
  const end = /[\uD800-\uDBFF]/.test(clean[max - 1] ?? '') ? max - 1 : max;
  return clean.slice(0, end);
}

/**
 * What an imported gem gets from its page's HTML: its text, and the description, image, author and title it lacks.
 * An empty object when the page adds nothing.
 */
export function pageFill(gem: FillableGem, html: string, pageUrl: string): Partial<FillableGem> {
  const page = readPageText(html, pageUrl);
  const fill: Partial<FillableGem> = {};
  if (!gem.text?.trim() && page.text) fill.text = cut(page.text, MAX.text);
  if (!gem.description.trim() && page.description) fill.description = cut(page.description, MAX.description);
  if (!gem.image && page.image && isWebAddress(page.image) && page.image.length <= MAX.image) fill.image = page.image;
  if (!gem.byline && page.byline) fill.byline = cut(page.byline, MAX.byline);
  // A file without titles (a list of addresses) leaves the address as the title.
  if ((gem.title === gem.url || !gem.title.trim()) && page.title && page.title !== pageUrl)
    fill.title = cut(page.title, limits.titleMax);
  return fill;
}
