import { escapeHtml } from '../../http/html';
import type { PageData, PageRequest } from './page-data';
import { PUBLIC_PAGE_SIZE } from './page-data';
import { PUBLIC_STYLE } from './page-style';
import type { PublicCollection, PublicNode } from './public-collection';
import { pageImage, renderGem } from './render-gem';

/**
 * A public collection's page: plain HTML that reads without any script. Every text that is not ours (names, titles,
 * descriptions, notes, tags, the visitor's query) goes through escapeHtml; addresses through httpUrl/pageImage.
 */

export interface PageContext {
  collection: PublicCollection;
  node: PublicNode;
  request: PageRequest;
  data: PageData;
  /** This server's origin (PUBLIC_URL or the request's), without a trailing slash. */
  base: string;
}

/** The page's path from the root: `/{username}/{slug}` and the sub-collection's path. */
export const nodePath = (collection: PublicCollection, node: PublicNode) =>
  `/${encodeURIComponent(collection.username)}/${collection.slug}${node.path ? `/${node.path}` : ''}`;

export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '' && value !== 1) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

function head(ctx: PageContext, title: string, description: string, canonical: string): string {
  const { collection, base, data } = ctx;
  const image = pageImage(collection.seoImage, base) ?? data.hits.map((h) => pageImage(h.image, base)).find(Boolean);
  const feedBase = `${base}${nodePath(collection, collection.tree)}`;
  const e = escapeHtml;
  return [
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(canonical)}">`,
    collection.noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Trove">',
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(canonical)}">`,
    image ? `<meta property="og:image" content="${e(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(title)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    image ? `<meta name="twitter:image" content="${e(image)}">` : '',
    `<link rel="alternate" type="application/rss+xml" title="${e(collection.name)} (RSS)" href="${e(feedBase)}/feed.rss">`,
    `<link rel="alternate" type="application/atom+xml" title="${e(collection.name)} (Atom)" href="${e(feedBase)}/feed.atom">`,
    `<style>${PUBLIC_STYLE}</style>`,
    '</head>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The path from the published collection down to this one, each a link but the last. */
function crumbs({ collection, node }: PageContext): string {
  const parts = [
    `<a href="${escapeHtml(`/${encodeURIComponent(collection.username)}/${collection.slug}`)}">${escapeHtml(collection.name)}</a>`,
  ];
  let at: PublicNode = collection.tree;
  for (const segment of node.path ? node.path.split('/') : []) {
    const next = at.children.find((c) => c.path.split('/').at(-1) === segment);
    if (!next) break;
    at = next;
    parts.push(
      next === node
        ? escapeHtml(next.name)
        : `<a href="${escapeHtml(nodePath(collection, next))}">${escapeHtml(next.name)}</a>`,
    );
  }
  return `<p class="crumbs">${escapeHtml(collection.username)} / ${parts.join(' / ')}</p>`;
}

function side(ctx: PageContext, path: string): string {
  const { node, data, request, collection } = ctx;
  const subs = node.children.length
    ? `<nav aria-label="Sub-collections"><h2>Sub-collections</h2><ul>${node.children
        .map((c) => `<li><a href="${escapeHtml(nodePath(collection, c))}">${escapeHtml(c.name)}</a></li>`)
        .join('')}</ul></nav>`
    : '';
  const tagItem = (t: PageData['tags'][number]) => {
    const active = request.tag.toLowerCase() === t.path.toLowerCase();
    const label = `${escapeHtml(t.path)} <span class="count">(${t.count.toLocaleString('en')})</span>`;
    const href = withQuery(path, { q: request.q, tag: t.path });
    return `<li>${active ? `<strong aria-current="true">${label}</strong>` : `<a href="${escapeHtml(href)}">${label}</a>`}</li>`;
  };
  const clear = request.tag ? `<li><a href="${escapeHtml(withQuery(path, { q: request.q }))}">All tags</a></li>` : '';
  const tags = data.tags.length
    ? `<nav aria-label="Tags"><h2>Tags</h2><ul>${clear}${data.tags.map(tagItem).join('')}</ul></nav>`
    : '';
  return subs || tags ? `<aside class="side">${subs}${tags}</aside>` : '';
}

export function pager(ctx: Pick<PageContext, 'request' | 'data'>, path: string): string {
  const { request, data } = ctx;
  const pages = Math.max(1, Math.ceil(data.total / PUBLIC_PAGE_SIZE));
  if (pages <= 1 && request.page === 1) return '';
  const link = (page: number, text: string, rel: string) =>
    `<a href="${escapeHtml(withQuery(path, { q: request.q, tag: request.tag, page }))}" rel="${rel}">${text}</a>`;
  return [
    '<nav class="pages" aria-label="Pages">',
    request.page > 1 ? link(Math.min(request.page - 1, pages), '← Newer', 'prev') : '<span></span>',
    `<span>Page ${request.page.toLocaleString('en')} of ${pages.toLocaleString('en')}</span>`,
    request.page < pages ? link(request.page + 1, 'Older →', 'next') : '<span></span>',
    '</nav>',
  ].join('');
}

/** The server's own /follow page for this collection (server/features/following/follow-page.ts). */
const followHref = (collection: PublicCollection) =>
  `/follow?collection=${encodeURIComponent(`${collection.username}/${collection.slug}`)}`;

export function renderPublicPage(ctx: PageContext): string {
  const { collection, node, request, data, base } = ctx;
  const path = nodePath(collection, node);
  const atRoot = node === collection.tree;
  const name = atRoot ? collection.name : node.name;
  const title = atRoot && collection.seoTitle ? collection.seoTitle : `${name} · ${collection.username}`;
  const description =
    (atRoot && collection.seoDescription) ||
    `${plural(data.total, 'gem')} in ${name}, a collection ${collection.username} published with Trove.`;
  const canonical = `${base}${withQuery(path, { page: request.page })}`;
  const found = request.q || request.tag ? `${plural(data.total, 'gem')} found` : plural(data.total, 'gem');
  const gems = data.hits.length
    ? `<ol class="gems">${data.hits.map((hit) => renderGem(hit, base, (t) => withQuery(path, { tag: t }))).join('')}</ol>`
    : `<p>${request.q || request.tag ? 'Nothing here matches.' : 'Nothing here yet.'}</p>`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    head(ctx, title, description, canonical),
    '<body>',
    '<div class="page">',
    '<header>',
    crumbs(ctx),
    `<h1>${escapeHtml(name)}</h1>`,
    atRoot && collection.seoDescription ? `<p class="lead">${escapeHtml(collection.seoDescription)}</p>` : '',
    `<p class="note"><a href="${escapeHtml(followHref(collection))}">Follow in Trove</a></p>`,
    `<form method="get" action="${escapeHtml(path)}" role="search">`,
    '<label for="q" class="count">Search</label>',
    `<input id="q" name="q" type="search" value="${escapeHtml(request.q)}" placeholder="Words, tag:name, site:example.com">`,
    request.tag ? `<input type="hidden" name="tag" value="${escapeHtml(request.tag)}">` : '',
    '<button type="submit">Search</button>',
    '</form>',
    data.queryError
      ? `<p class="note" role="alert">That search cannot be read: ${escapeHtml(data.queryError)}</p>`
      : '',
    '</header>',
    side(ctx, path),
    `<main><h2>${escapeHtml(found)}</h2>${gems}${pager(ctx, path)}</main>`,
    `<footer>Published with Trove · <a href="${escapeHtml(nodePath(collection, collection.tree))}/feed.rss">RSS</a> · <a href="${escapeHtml(nodePath(collection, collection.tree))}/feed.atom">Atom</a></footer>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The one page every unknown, private or unpublished address gets: it says nothing about what exists. */
export function renderNotFound(): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<title>Not found</title>',
    `<style>${PUBLIC_STYLE}</style>`,
    '</head>',
    '<body>',
    '<div class="page"><header><h1>Not found</h1><p class="lead">There is no public page at this address.</p></header></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
