import { sql } from 'drizzle-orm';
import type { SearchHit } from '../../../lib/api/search-contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { escapeHtml, httpUrl } from '../../http/html';
import type { PublicCollection } from './public-collection';
import { nodePath } from './render-page';

/** A public collection's feeds (RSS 2.0 and Atom) and the sitemap of the collections that want to be found. */

const e = escapeHtml;
const XML = '<?xml version="1.0" encoding="utf-8"?>';

const describe = (collection: PublicCollection) =>
  collection.seoDescription || `Gems ${collection.username} saved in ${collection.name}, published with Trove.`;

/** The gem's own address, or the page's when it has none a feed reader could open. */
const linkOf = (hit: SearchHit, page: string) => httpUrl(hit.url) ?? page;

export function renderRss(collection: PublicCollection, hits: SearchHit[], base: string): string {
  const page = `${base}${nodePath(collection, collection.tree)}`;
  const items = hits.map((hit) =>
    [
      '<item>',
      `<title>${e(hit.title || hit.url)}</title>`,
      `<link>${e(linkOf(hit, page))}</link>`,
      `<guid isPermaLink="false">${e(`${page}#gem-${hit.id}`)}</guid>`,
      `<pubDate>${new Date(hit.createdAt).toUTCString()}</pubDate>`,
      hit.description ? `<description>${e(hit.description)}</description>` : '',
      ...hit.tags.map((t) => `<category>${e(t.tag)}</category>`),
      '</item>',
    ].join(''),
  );
  return [
    XML,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${e(collection.seoTitle || collection.name)}</title>`,
    `<link>${e(page)}</link>`,
    `<description>${e(describe(collection))}</description>`,
    `<atom:link href="${e(page)}/feed.rss" rel="self" type="application/rss+xml"/>`,
    `<lastBuildDate>${(hits[0] ? new Date(hits[0].createdAt) : collection.publishedAt).toUTCString()}</lastBuildDate>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function renderAtom(collection: PublicCollection, hits: SearchHit[], base: string): string {
  const page = `${base}${nodePath(collection, collection.tree)}`;
  const updated = hits[0] ? new Date(hits[0].updatedAt) : collection.publishedAt;
  const entries = hits.map((hit) =>
    [
      '<entry>',
      `<title>${e(hit.title || hit.url)}</title>`,
      `<link href="${e(linkOf(hit, page))}"/>`,
      `<id>${e(`${page}#gem-${hit.id}`)}</id>`,
      `<published>${new Date(hit.createdAt).toISOString()}</published>`,
      `<updated>${new Date(hit.updatedAt).toISOString()}</updated>`,
      hit.description ? `<summary>${e(hit.description)}</summary>` : '',
      ...hit.tags.map((t) => `<category term="${e(t.tag)}"/>`),
      '</entry>',
    ].join(''),
  );
  return [
    XML,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${e(collection.seoTitle || collection.name)}</title>`,
    `<subtitle>${e(describe(collection))}</subtitle>`,
    `<link href="${e(page)}"/>`,
    `<link rel="self" href="${e(page)}/feed.atom"/>`,
    `<id>${e(page)}</id>`,
    `<updated>${updated.toISOString()}</updated>`,
    `<author><name>${e(collection.username)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** At most this many addresses: the sitemaps.org limit for one file. */
const SITEMAP_MAX = 50_000;

/** Every published collection that does not ask for noindex, newest change first. */
export async function renderSitemap(db: Db, base: string): Promise<string> {
  const rows = await selectRows<{ username: string; slug: string; updated_at: Date | string }>(
    db,
    sql`SELECT u.username, c.public_slug AS slug, c.updated_at FROM collections c JOIN users u ON u.id = c.owner_id
    WHERE c.is_public AND NOT c.noindex AND c.public_slug IS NOT NULL
    ORDER BY c.updated_at DESC, c.id LIMIT ${SITEMAP_MAX}`,
  );
  const urls = rows.map(
    (r) =>
      `<url><loc>${e(`${base}/${encodeURIComponent(r.username)}/${r.slug}`)}</loc><lastmod>${new Date(r.updated_at).toISOString()}</lastmod></url>`,
  );
  return [XML, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
