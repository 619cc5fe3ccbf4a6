import type { SearchHit } from '../../../lib/api/search-contract';
import { escapeHtml, httpUrl } from '../../http/html';

/** One gem on a public page: its image, title (a link to the saved address), site, description, notes and tags. */

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** The host a gem is on, without `www.`. */
export function siteOf(url: string): string {
  const href = httpUrl(url);
  return href ? new URL(href).hostname.replace(/^www\./, '') : '';
}

/**
 * An image the page may show: https anywhere, or this server's own files (the CSP allows no more). Anything else,
 * `data:` and `javascript:` included, is left out.
 */
export function pageImage(value: string | null | undefined, base: string): string | null {
  const href = httpUrl(value);
  if (!href) return null;
  return href.startsWith('https:') || href.startsWith(`${base}/`) ? href : null;
}

const snippetHtml = (hit: SearchHit) =>
  hit.snippet.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join('');

export function renderGem(hit: SearchHit, base: string, tagHref: (path: string) => string): string {
  const href = httpUrl(hit.url);
  const title = escapeHtml(hit.title || hit.url || 'Untitled');
  const image = pageImage(hit.image, base);
  const site = siteOf(hit.url);
  const added = new Date(hit.createdAt);
  return [
    '<li class="gem">',
    image
      ? `<img src="${escapeHtml(image)}" alt="" width="120" height="90" loading="lazy" decoding="async" referrerpolicy="no-referrer">`
      : '',
    '<div>',
    `<h3>${href ? `<a href="${escapeHtml(href)}" rel="nofollow noopener ugc">${title}</a>` : title}</h3>`,
    `<p class="site">${site ? `${escapeHtml(site)} · ` : ''}<time datetime="${added.toISOString()}">${escapeHtml(dateFormat.format(added))}</time></p>`,
    hit.description ? `<p>${escapeHtml(hit.description)}</p>` : '',
    hit.notes ? `<p class="note">${escapeHtml(hit.notes)}</p>` : '',
    hit.snippet.length ? `<p class="note">${snippetHtml(hit)}</p>` : '',
    hit.tags.length
      ? `<ul class="tags">${hit.tags.map((t) => `<li><a href="${escapeHtml(tagHref(t.tag))}">${escapeHtml(t.tag)}</a></li>`).join('')}</ul>`
      : '',
    '</div>',
    '</li>',
  ].join('');
}
