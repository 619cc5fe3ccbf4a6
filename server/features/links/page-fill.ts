import { parseHTML } from 'linkedom';
import { cleanText } from '../../../lib/api/clean-text';
import { limits } from '../../../lib/api/validators';
import { isWebAddress } from '../../../lib/api/web-address';
import { extractPage } from '../../../lib/page/extract';

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

const cut = (value: string, max: number) => Array.from(value).slice(0, max).join('');

/**
 * What an imported gem gets from its page's HTML (read as the extension reads a page, lib/page/extract.ts): its
 * text, and the description, image, author and title it lacks. An empty object when the page adds nothing.
 */
export function pageFill(gem: FillableGem, html: string, pageUrl: string): Partial<FillableGem> {
  const { document } = parseHTML(html);
  const page = extractPage(document as unknown as Document, pageUrl);
  const fill: Partial<FillableGem> = {};
  const text = cleanText(page.text).trim();
  if (!gem.text?.trim() && text) fill.text = cut(text, MAX.text);
  const description = cleanText(page.description).trim();
  if (!gem.description.trim() && description) fill.description = cut(description, MAX.description);
  if (!gem.image && page.image && isWebAddress(page.image) && page.image.length <= MAX.image) fill.image = page.image;
  if (!gem.byline && page.byline) fill.byline = cut(cleanText(page.byline).trim(), MAX.byline);
  const title = cleanText(page.title).trim();
  // A file without titles (a list of addresses) leaves the address as the title.
  if ((gem.title === gem.url || !gem.title.trim()) && title && title !== pageUrl)
    fill.title = cut(title, limits.titleMax);
  return fill;
}
