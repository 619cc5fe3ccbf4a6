import { escapeHtml } from '../../http/html';
import { PUBLIC_STYLE } from '../public-pages/page-style';

/**
 * The page behind a public collection's "Follow in Trove" link. A public page runs no script and cannot know the
 * extension's id, so it links here, on the same server: the extension's popup, opened on this page, recognises it
 * and offers Follow (lib/library/follow-page.ts); without the extension the page says how to follow by address.
 */
export function renderFollowPage(collection: { name: string; username: string; address: string; pageUrl: string }) {
  const name = escapeHtml(collection.name);
  const owner = escapeHtml(collection.username);
  const address = escapeHtml(collection.address);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>Follow ${name} · ${owner}</title>`,
    `<style>${PUBLIC_STYLE}</style>`,
    '</head>',
    '<body>',
    '<div class="page">',
    '<header>',
    `<p class="crumbs"><a href="${escapeHtml(collection.pageUrl)}">${name}</a> · ${owner}</p>`,
    `<h1>Follow ${name}</h1>`,
    `<p class="lead">New gems ${owner} adds to it will show in your Trove library’s Following view.</p>`,
    '</header>',
    '<main>',
    '<h2>With Trove installed</h2>',
    '<p>Click the Trove button in your browser’s toolbar while this page is open, then <strong>Follow</strong>. ' +
      'Your library opens on Following with this collection.</p>',
    '<h2>Or by its address</h2>',
    `<p>Open your Trove library, choose <strong>Following</strong> and paste <code id="follow-address">${address}</code> ` +
      '(or this collection’s page address). You need an account on this Trove server.</p>',
    `<p><a href="${escapeHtml(collection.pageUrl)}">Back to ${name}</a></p>`,
    '</main>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
