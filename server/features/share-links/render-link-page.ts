import type { SearchHit } from '../../../lib/api/search-contract';
import { escapeHtml, httpUrl } from '../../http/html';
import type { PageData, PageRequest } from '../public-pages/page-data';
import { PUBLIC_STYLE } from '../public-pages/page-style';
import { renderGem } from '../public-pages/render-gem';
import { pager, withQuery } from '../public-pages/render-page';

/**
 * A share link's pages, plain HTML like the public pages (their style, gem rendering, paging and escaping), never
 * indexed: what it shares, its password form, and the "open it in Trove" page of links limited to accounts.
 */

const e = escapeHtml;

function document(title: string, body: string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${e(title)}</title>`,
    `<style>${PUBLIC_STYLE}</style>`,
    '</head>',
    '<body>',
    '<div class="page">',
    ...body,
    '<footer>Shared with Trove</footer>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

export interface ListPage {
  kind: 'collection' | 'tag';
  name: string;
  path: string;
  request: PageRequest;
  data: PageData;
  base: string;
  showNotes: boolean;
}

const withoutNotes = (hit: SearchHit, show: boolean): SearchHit => (show ? hit : { ...hit, notes: '' });

/** A shared collection (with its sub-collections' gems) or tag: search, tag filter and 20 gems a page. */
export function renderListPage(p: ListPage): string {
  const { request, data, path } = p;
  const total = `${data.total.toLocaleString('en')} gem${data.total === 1 ? '' : 's'}`;
  const tagItem = (t: PageData['tags'][number]) => {
    const label = `${e(t.path)} <span class="count">(${t.count.toLocaleString('en')})</span>`;
    const active = request.tag.toLowerCase() === t.path.toLowerCase();
    const href = withQuery(path, { q: request.q, tag: t.path });
    return `<li>${active ? `<strong aria-current="true">${label}</strong>` : `<a href="${e(href)}">${label}</a>`}</li>`;
  };
  const clear = request.tag ? `<li><a href="${e(withQuery(path, { q: request.q }))}">All tags</a></li>` : '';
  const side = data.tags.length
    ? `<aside class="side"><nav aria-label="Tags"><h2>Tags</h2><ul>${clear}${data.tags.map(tagItem).join('')}</ul></nav></aside>`
    : '';
  const gems = data.hits.length
    ? `<ol class="gems">${data.hits
        .map((hit) => renderGem(withoutNotes(hit, p.showNotes), p.base, (t) => withQuery(path, { tag: t })))
        .join('')}</ol>`
    : `<p>${request.q || request.tag ? 'Nothing here matches.' : 'Nothing here yet.'}</p>`;
  return document(`${p.name} · shared with Trove`, [
    '<header>',
    `<p class="crumbs">A ${p.kind} shared with you</p>`,
    `<h1>${e(p.name)}</h1>`,
    `<form method="get" action="${e(path)}" role="search">`,
    '<label for="q" class="count">Search</label>',
    `<input id="q" name="q" type="search" value="${e(request.q)}" placeholder="Words, tag:name, site:example.com">`,
    request.tag ? `<input type="hidden" name="tag" value="${e(request.tag)}">` : '',
    '<button type="submit">Search</button>',
    '</form>',
    data.queryError ? `<p class="note" role="alert">That search cannot be read: ${e(data.queryError)}</p>` : '',
    '</header>',
    side,
    `<main><h2>${e(request.q || request.tag ? `${total} found` : total)}</h2>${gems}${pager(p, path)}</main>`,
  ]);
}

/** One shared gem: its title, address, description, tags and (when the owner chose) notes. */
export function renderGemPage(hit: SearchHit, showNotes: boolean, base: string): string {
  const href = httpUrl(hit.url);
  const title = hit.title || hit.url || 'Untitled';
  return document(`${title} · shared with Trove`, [
    '<header>',
    '<p class="crumbs">A gem shared with you</p>',
    `<h1>${e(title)}</h1>`,
    href ? `<p class="lead"><a href="${e(href)}" rel="nofollow noopener ugc">${e(href)}</a></p>` : '',
    '</header>',
    `<main><ol class="gems">${renderGem(withoutNotes({ ...hit, snippet: [] }, showNotes), base, () => '#')}</ol>`,
    '</main>',
  ]);
}

/** The password form: a plain POST back to the link, no script. */
export function renderPasswordPage(path: string, message: string | null): string {
  return document('Password needed · Trove', [
    '<header>',
    '<h1>This link needs a password</h1>',
    message ? `<p class="note" role="alert">${e(message)}</p>` : '',
    `<form method="post" action="${e(path)}">`,
    '<label for="password" class="count">Password</label>',
    '<input id="password" name="password" type="password" required autocomplete="current-password">',
    '<button type="submit">Open</button>',
    '</form>',
    '</header>',
  ]);
}

/** Links for signed-in users or listed addresses: the page cannot know the visitor, Trove's library can. */
export function renderOpenInTrovePage(token: string): string {
  return document('Open in Trove', [
    '<header>',
    '<h1>Open this link in Trove</h1>',
    '<p class="lead">It is shared with Trove accounts only. In the browser where the Trove extension is signed in, ' +
      'open its library and add this to its address:</p>',
    `<p><code>#link=${e(token)}</code></p>`,
    '</header>',
  ]);
}
