/**
 * Public collection pages (server/features/public-pages/): the owner's publishing routes, the pages themselves
 * (paging, tag filter, search, sub-collections), their feeds and the sitemap, the same 404 for whatever is not
 * published, and an XSS corpus rendered into a page that real Chromium then loads with JavaScript on and off.
 * One server for the file; runs on PGlite and PostgreSQL.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { HtmlValidate } from 'html-validate';
import puppeteer from 'puppeteer';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { type PublicSettings, publicSettingsSchema } from '../../lib/api/public-collection-contract';
import { messages } from '../../lib/api/validators';
import { backend, expectError, expectFieldError, gemBody, type Session, setupTestServer } from './harness';
import { OWN_TAGS, XSS } from './xss-corpus';

const t = setupTestServer();
const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));

const settingsOf = (body: unknown): PublicSettings => dataOf(publicSettingsSchema).parse(body).data;

async function createCollection(s: Session, name: string, parentId?: number) {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function saveGem(s: Session, data: Record<string, unknown>, notes?: string) {
  const res = await t.api('/api/gems', { token: s.jwt, body: gemBody(data) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body as { data: { id: number } }).data.id;
  if (notes !== undefined) {
    const put = await t.api(`/api/gems/${id}`, { token: s.jwt, method: 'PUT', body: { data: { notes } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  return id;
}

const publish = (s: Session, id: number, data: Record<string, unknown> = {}) =>
  t.api(`/api/collections/${id}/public`, { token: s.jwt, method: 'PUT', body: { data: { isPublic: true, ...data } } });

/** A page as the visitor's browser gets it. */
async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { headers: { Accept: 'text/html,*/*;q=0.8', ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The gem titles a page lists, in order. */
const titlesOf = (html: string) =>
  [...html.matchAll(/<h3>(?:<a [^>]*>)?([^<]*)/g)].map((m) => m[1]?.replaceAll('&amp;', '&') ?? '');

let owner: Session;
let stranger: Session;
let recipesId: number;
let dessertsId: number;
let secretId: number;
let base: string;

beforeAll(async () => {
  owner = await t.signUp('chef');
  stranger = await t.signUp('other');
  recipesId = await createCollection(owner, 'Recipes & Más');
  dessertsId = await createCollection(owner, 'Desserts & Cakes', recipesId);
  const piesId = await createCollection(owner, 'Pies', dessertsId);
  secretId = await createCollection(owner, 'Secret');
  // 41 gems in Recipes (every one "food", every third also "vegan"), 2 in Desserts, 1 in Pies: 44 in all.
  for (let i = 1; i <= 41; i += 1)
    await saveGem(owner, {
      title: `Recipe ${String(i).padStart(2, '0')}`,
      url: `https://cooking.example/r/${i}`,
      description: `Dish number ${i}`,
      collectionId: recipesId,
      tags: i % 3 === 0 ? ['food', 'vegan'] : ['food'],
    });
  await saveGem(owner, {
    title: 'Chocolate cake',
    url: 'https://sweet.example/cake',
    collectionId: dessertsId,
    tags: ['sweet'],
  });
  await saveGem(owner, {
    title: 'Vanilla cream',
    url: 'https://sweet.example/cream',
    collectionId: dessertsId,
    tags: ['sweet'],
  });
  await saveGem(owner, {
    title: 'Lemon tart',
    url: 'https://sweet.example/tart',
    description: 'Zesty',
    text: 'A crumbly shortcrust with a quince glaze',
    collectionId: piesId,
  });
  await saveGem(owner, { title: 'Private plan', url: 'https://secret.example/', collectionId: secretId });
  base = `/${owner.user.username}`;
});

describe('publishing routes (owner only)', () => {
  it('starts unpublished, with pages unindexed and sub-collections included', async () => {
    const res = await t.api(`/api/is-public-collection/${recipesId}`, { token: owner.jwt });
    expect(res.status).toBe(200);
    expect(settingsOf(res.body)).toMatchObject({
      collectionId: recipesId,
      isPublic: false,
      slug: null,
      url: null,
      noindex: true,
      includeSubcollections: true,
      publishedAt: null,
    });
  });

  it('publishes with a slug made from the name, and answers the address', async () => {
    const res = await publish(owner, recipesId, { seoDescription: 'Tested at home' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const settings = settingsOf(res.body);
    expect(settings.slug).toBe('recipes-mas');
    expect(settings.url).toBe(`${t.url}${base}/recipes-mas`);
    expect(settings.isPublic).toBe(true);
    expect(settings.seoDescription).toBe('Tested at home');
    expect(Date.parse(settings.publishedAt ?? '')).not.toBeNaN();
  });

  it('refuses a malformed slug naming the field, and a taken one with a 409', async () => {
    for (const slug of ['123', 'Upper', 'two  words', '-edge', 'a--b', 'x'.repeat(61), 'é'])
      expectFieldError(await publish(owner, secretId, { slug }), 'data.slug');
    const taken = await publish(owner, secretId, { slug: 'recipes-mas' });
    expectError(taken, 409);
    expect(JSON.stringify(taken.body)).toContain('data.slug');
    expect(settingsOf((await t.api(`/api/is-public-collection/${secretId}`, { token: owner.jwt })).body).isPublic).toBe(
      false,
    );
  });

  it('refuses SEO images that are not http(s) and unknown fields', async () => {
    for (const seoImage of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png'])
      expectFieldError(await publish(owner, secretId, { seoImage }), 'data.seoImage');
    expectError(await publish(owner, secretId, { bogus: true }), 400);
  });

  it('refuses Unfiltered', async () => {
    expectFieldError(await publish(owner, owner.user.unfiltered_collection_id ?? 0), 'data.isPublic');
  });

  it("answers 404 for another user's collection on every route", async () => {
    expectError(await t.api(`/api/is-public-collection/${recipesId}`, { token: stranger.jwt }), 404);
    expectError(await publish(stranger, recipesId, { slug: 'stolen' }), 404);
    expectError(await t.api(`/api/collections/${recipesId}/public`, { token: stranger.jwt, method: 'DELETE' }), 404);
    expectError(await t.api(`/api/is-public-collection/${recipesId}`), 401);
    expect((await visit(`${base}/recipes-mas`)).status).toBe(200);
  });

  it('unpublishes at once and publishes again at the same address', async () => {
    const id = await createCollection(owner, 'Short lived');
    expect(settingsOf((await publish(owner, id)).body).slug).toBe('short-lived');
    expect((await visit(`${base}/short-lived`)).status).toBe(200);
    const off = await t.api(`/api/collections/${id}/public`, { token: owner.jwt, method: 'DELETE' });
    expect(settingsOf(off.body)).toMatchObject({ isPublic: false, slug: 'short-lived', url: null });
    expect((await visit(`${base}/short-lived`)).status).toBe(404);
    expect(settingsOf((await publish(owner, id)).body).url).toBe(`${t.url}${base}/short-lived`);
    // a second collection of the same name gets the next free slug
    const twin = await createCollection(owner, 'Short lived');
    expect(settingsOf((await publish(owner, twin)).body).slug).toBe('short-lived-2');
  });

  it('changes the SEO details alone with PATCH …/seo-details, leaving out what is not sent', async () => {
    const id = await createCollection(owner, 'Seo only');
    const seo = (data: unknown, who: Session | null = owner) =>
      t.api(`/api/collections/${id}/seo-details`, { token: who?.jwt, method: 'PATCH', body: { data } });
    // unpublished, the details are kept for the publication
    const draft = settingsOf((await seo({ seoTitle: 'Draft title' })).body);
    expect([draft.isPublic, draft.seoTitle]).toEqual([false, 'Draft title']);
    await publish(owner, id);
    const both = settingsOf((await seo({ seoTitle: '  A better title ', seoDescription: 'All about it' })).body);
    expect([both.isPublic, both.seoTitle, both.seoDescription, both.seoImage]).toEqual([
      true,
      'A better title',
      'All about it',
      null,
    ]);
    const image = settingsOf((await seo({ seoImage: 'https://img.example/seo.png' })).body);
    expect([image.seoTitle, image.seoImage]).toEqual(['A better title', 'https://img.example/seo.png']);
    const page = await visit(`${base}/seo-only`);
    expect(page.text).toContain('<title>A better title</title>');
    expect(page.text).toContain('<meta name="description" content="All about it">');
    expect(page.text).toContain('<meta property="og:image" content="https://img.example/seo.png">');
    // an empty text removes one; null too
    const cleared = settingsOf((await seo({ seoTitle: '', seoDescription: null })).body);
    expect([cleared.seoTitle, cleared.seoDescription, cleared.seoImage]).toEqual([
      null,
      null,
      'https://img.example/seo.png',
    ]);
    expect((await visit(`${base}/seo-only`)).text).toContain(`<title>Seo only · ${owner.user.username}</title>`);
    // refused: nothing to change, an image that is not http(s), a field that is not SEO, another's collection
    expectFieldError(await seo({}), 'data');
    expectFieldError(await seo({ seoImage: 'javascript:alert(1)' }), 'data.seoImage');
    expectFieldError(await seo({ seoTitle: 'x'.repeat(201) }), 'data.seoTitle');
    expectError(await seo({ isPublic: false }), 400);
    expectError(await seo({ seoTitle: 'Stolen' }, stranger), 404);
    expectError(await seo({ seoTitle: 'Anonymous' }, null), 401);
    const kept = settingsOf((await t.api(`/api/is-public-collection/${id}`, { token: owner.jwt })).body);
    expect([kept.isPublic, kept.seoTitle]).toEqual([true, null]);
  });

  it('reserves the server’s own top-level names as usernames', async () => {
    for (const username of ['api', 'Shared', 'uploads', 'sitemap']) {
      const res = await t.api('/api/auth/local/register', {
        body: { username, email: `${username}@example.test`, password: 'correct-horse-1' },
      });
      expectFieldError(res, 'username', messages.usernameReserved);
    }
  });
});

describe('the public page', () => {
  it('lists 20 gems a page, newest first, with prev/next links', async () => {
    const first = await visit(`${base}/recipes-mas`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const titles = titlesOf(first.text);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Lemon tart');
    expect(first.text).toContain('44 gems');
    expect(first.text).toContain('Page 1 of 3');
    expect(first.text).toContain(`href="${base}/recipes-mas?page=2" rel="next"`);
    expect(first.text).not.toContain('rel="prev"');
    const third = await visit(`${base}/recipes-mas?page=3`);
    expect(titlesOf(third.text)).toEqual(['Recipe 04', 'Recipe 03', 'Recipe 02', 'Recipe 01']);
    expect(third.text).toContain(`href="${base}/recipes-mas?page=2" rel="prev"`);
    expect(third.text).not.toContain('rel="next"');
    const all = [...titles, ...titlesOf((await visit(`${base}/recipes-mas?page=2`)).text), ...titlesOf(third.text)];
    expect(new Set(all).size).toBe(44);
    expect(all).not.toContain('Private plan');
    // junk page numbers read as the first page
    expect(titlesOf((await visit(`${base}/recipes-mas?page=abc`)).text)).toEqual(titles);
  });

  it('has its title, description, canonical link, Open Graph and Twitter tags, feeds and no robots meta by choice', async () => {
    const { text, headers } = await visit(`${base}/recipes-mas?page=2`);
    expect(text).toContain(`<title>Recipes &amp; Más · ${owner.user.username}</title>`);
    expect(text).toContain('<meta name="description" content="Tested at home">');
    expect(text).toContain(`<link rel="canonical" href="${t.url}${base}/recipes-mas?page=2">`);
    expect(text).toContain('<meta property="og:title" content="Recipes &amp; Más');
    expect(text).toContain(`<meta property="og:url" content="${t.url}${base}/recipes-mas?page=2">`);
    expect(text).toContain('<meta name="twitter:card" content="summary">');
    expect(text).toContain(`href="${t.url}${base}/recipes-mas/feed.rss"`);
    // noindex is the default
    expect(text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
    await publish(owner, recipesId, {
      noindex: false,
      seoTitle: 'Home cooking',
      seoImage: 'https://img.example/c.png',
    });
    const indexed = await visit(`${base}/recipes-mas`);
    expect(indexed.text).not.toContain('name="robots"');
    expect(indexed.headers.get('x-robots-tag')).toBeNull();
    expect(indexed.text).toContain('<title>Home cooking</title>');
    expect(indexed.text).toContain('<meta property="og:image" content="https://img.example/c.png">');
    expect(indexed.text).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('sends a strict CSP, no sniffing, no referrer, and caches by ETag', async () => {
    const page = await visit(`${base}/recipes-mas`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none'; img-src 'self' https:; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = page.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await visit(`${base}/recipes-mas`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await visit(`${base}/recipes-mas?page=2`, { 'If-None-Match': etag })).status).toBe(200);
  });

  it('filters by tag with counts, and keeps the tag across pages', async () => {
    const { text } = await visit(`${base}/recipes-mas`);
    expect(text).toContain(`<a href="${base}/recipes-mas?tag=food">food <span class="count">(41)</span></a>`);
    expect(text).toContain('vegan <span class="count">(13)</span>');
    expect(text).toContain('sweet <span class="count">(2)</span>');
    const vegan = await visit(`${base}/recipes-mas?tag=vegan`);
    expect(titlesOf(vegan.text)).toHaveLength(13);
    expect(titlesOf(vegan.text).every((title) => Number(title.slice(-2)) % 3 === 0)).toBe(true);
    expect(vegan.text).toContain('13 gems found');
    expect(vegan.text).toContain('<strong aria-current="true">vegan');
    const food2 = await visit(`${base}/recipes-mas?tag=food&page=2`);
    expect(titlesOf(food2.text)).toHaveLength(20);
    expect(food2.text).toContain(`href="${base}/recipes-mas?tag=food&amp;page=3" rel="next"`);
  });

  it('searches with the library’s query language, page text included', async () => {
    const quince = await visit(`${base}/recipes-mas?q=quince`);
    expect(titlesOf(quince.text)).toEqual(['Lemon tart']);
    expect(quince.text).toContain('<mark>quince</mark>');
    expect(quince.text).toContain('value="quince"');
    const sweet = await visit(`${base}/recipes-mas?q=${encodeURIComponent('tag:sweet -cream')}`);
    expect(titlesOf(sweet.text)).toEqual(['Chocolate cake']);
    expect(sweet.text).toContain('1 gem found'); // no free words: read newest first, and counted
    // past the last page: read in index order (page 2), and sorted (page 400: index order would check too many rows)
    for (const page of [2, 400]) {
      const past = await visit(`${base}/recipes-mas?q=${encodeURIComponent('tag:vegan')}&page=${page}`);
      expect(titlesOf(past.text)).toEqual([]);
      expect(past.text).toContain('13 gems found');
    }
    expect(titlesOf((await visit(`${base}/recipes-mas?q=${encodeURIComponent('"Recipe 07"')}`)).text)).toEqual([
      'Recipe 07',
    ]);
    // the search never leaves the published collection
    expect(titlesOf((await visit(`${base}/recipes-mas?q=private`)).text)).toEqual([]);
    expect((await visit(`${base}/recipes-mas?q=private`)).text).toContain('Nothing here matches.');
    // the owner's favourites are theirs: is:fav is refused, and the page lists everything
    const fav = await visit(`${base}/recipes-mas?q=${encodeURIComponent('-is:fav cake')}`);
    expect(fav.text).toContain('is:fav is not available on public pages');
    expect(titlesOf(fav.text)).toHaveLength(20);
    // a query that cannot be parsed says so and lists everything
    const broken = await visit(`${base}/recipes-mas?q=${encodeURIComponent('(unclosed')}`);
    expect(broken.status).toBe(200);
    expect(broken.text).toContain('That search cannot be read');
    expect(titlesOf(broken.text)).toHaveLength(20);
  });

  it('shows sub-collections as pages of their own, with readable addresses', async () => {
    const { text } = await visit(`${base}/recipes-mas`);
    expect(text).toContain(`<a href="${base}/recipes-mas/desserts-cakes">Desserts &amp; Cakes</a>`);
    const desserts = await visit(`${base}/recipes-mas/desserts-cakes`);
    expect(desserts.status).toBe(200);
    expect(titlesOf(desserts.text)).toEqual(['Lemon tart', 'Vanilla cream', 'Chocolate cake']);
    expect(desserts.text).toContain(`<a href="${base}/recipes-mas/desserts-cakes/pies">Pies</a>`);
    const pies = await visit(`${base}/recipes-mas/desserts-cakes/pies`);
    expect(titlesOf(pies.text)).toEqual(['Lemon tart']);
    expect(pies.text).toContain(`<a href="${base}/recipes-mas/desserts-cakes">Desserts &amp; Cakes</a> / Pies`);
    expect((await visit(`${base}/recipes-mas/desserts-cakes/nope`)).status).toBe(404);
    // without its sub-collections the page lists its own gems only, and their pages are gone
    await publish(owner, recipesId, { includeSubcollections: false });
    const alone = await visit(`${base}/recipes-mas`);
    expect(alone.text).toContain('41 gems');
    expect(alone.text).not.toContain('desserts-cakes');
    expect((await visit(`${base}/recipes-mas/desserts-cakes`)).status).toBe(404);
    await publish(owner, recipesId, { includeSubcollections: true });
  });

  it('matches the username in any case', async () => {
    expect((await visit(`/${owner.user.username.toUpperCase()}/recipes-mas`)).status).toBe(200);
  });
});

describe('feeds and the sitemap', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['item', 'entry', 'url', 'category'].includes(name),
  });

  it('serves RSS 2.0 with the 20 newest gems', async () => {
    const res = await visit(`${base}/recipes-mas/feed.rss`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.text)).toBe(true);
    const channel = parser.parse(res.text).rss.channel;
    expect(channel.title).toBe('Home cooking');
    expect(channel.link).toBe(`${t.url}${base}/recipes-mas`);
    expect(channel.item).toHaveLength(20);
    expect(channel.item[0]).toMatchObject({
      title: 'Lemon tart',
      link: 'https://sweet.example/tart',
      description: 'Zesty',
    });
    expect(channel.item.at(-1).title).toBe('Recipe 25');
    expect(channel.item.find((i: { title: string }) => i.title === 'Recipe 39').category).toEqual(['food', 'vegan']);
    expect(Date.parse(channel.item[0].pubDate)).not.toBeNaN();
  });

  it('serves Atom with the same entries', async () => {
    const res = await visit(`${base}/recipes-mas/feed.atom`);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(res.text)).toBe(true);
    const feed = parser.parse(res.text).feed;
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.entry).toHaveLength(20);
    expect(feed.entry[0].title).toBe('Lemon tart');
    expect(feed.entry[0].link['@_href']).toBe('https://sweet.example/tart');
    expect(feed.author.name).toBe(owner.user.username);
  });

  it('lists in /sitemap.xml the public collections that want to be found, and no others', async () => {
    const hidden = await createCollection(owner, 'Hidden but public');
    await publish(owner, hidden);
    const res = await visit('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const locs = (parser.parse(res.text).urlset.url ?? []).map((u: { loc: string }) => u.loc);
    expect(locs).toContain(`${t.url}${base}/recipes-mas`);
    expect(locs).not.toContain(`${t.url}${base}/hidden-but-public`);
    expect(locs.some((l: string) => l.includes('secret'))).toBe(false);
  });
});

describe('what is not published', () => {
  it('answers the same 404 page for unknown users, unknown slugs, private and unpublished collections', async () => {
    const unknown = await visit('/nosuchuser99/recipes-mas');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(unknown.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(unknown.text).toContain('There is no public page at this address.');
    await publish(owner, secretId, { slug: 'secret' });
    await t.api(`/api/collections/${secretId}/public`, { token: owner.jwt, method: 'DELETE' });
    for (const path of [
      `${base}/no-such`,
      `${base}/secret`,
      `${base}/secret/feed.rss`,
      `${base}/Recipes`,
      `${base}/123`,
    ])
      expect(await visit(path), path).toMatchObject({ status: 404, text: unknown.text });
  });

  it('answers an API client (no text/html accepted) with the error envelope', async () => {
    const res = await t.api('/nosuchuser99/recipes-mas/feed.rss');
    expect(expectError(res, 404).message).toBe('No public page at this address');
  });

  it('leaves the API, shared chats and files to their own routes', async () => {
    const api = await visit('/api/nosuchroute');
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect((await visit('/shared/chats/nope')).headers.get('content-type')).toContain('application/json');
    expect((await visit('/uploads/nope.png')).headers.get('content-type')).toContain('application/json');
  });
});

describe('escaping (an XSS corpus in real Chromium) and valid markup', () => {
  let xssPath = '';

  beforeAll(async () => {
    const name = `${XSS[0]} & ${XSS[1]}`;
    const id = await createCollection(owner, name);
    const sub = await createCollection(owner, XSS[5] ?? '', id);
    for (const [i, payload] of XSS.entries())
      await saveGem(
        owner,
        {
          title: `${payload} ${i}`,
          description: XSS[(i + 1) % XSS.length],
          text: `quince ${XSS[(i + 2) % XSS.length]}`,
          url: `https://site.example/p?q=${encodeURIComponent('"><script>alert(7)</script>')}&i=${i}`,
          collectionId: i % 2 ? sub : id,
          tags: [`t${i} ${payload}`.slice(0, 100)],
        },
        XSS[(i + 3) % XSS.length],
      );
    const res = await publish(owner, id, { slug: 'xss', seoTitle: XSS[6], seoDescription: XSS[2], noindex: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    xssPath = `${base}/xss`;
  });

  it('escapes every payload in the HTML and the feeds', async () => {
    for (const path of [xssPath, `${xssPath}?q=quince`, `${xssPath}?tag=${encodeURIComponent(`t1 ${XSS[1]}`)}`]) {
      const { text } = await visit(path);
      // every tag in the page is one the renderer writes: the payloads are all text
      const tags = new Set([...text.matchAll(/<\/?([a-z0-9!]+)/gi)].map((m) => m[1]?.toLowerCase()));
      expect([...tags].filter((tag) => !OWN_TAGS.has(tag ?? ''))).toEqual([]);
      expect(text).not.toMatch(/(href|src|content)="(javascript|data):/i);
      expect(text.match(/<style>/g)).toHaveLength(1);
      expect(text).not.toContain('\u0000');
    }
    for (const feed of ['feed.rss', 'feed.atom']) {
      const { text } = await visit(`${xssPath}/${feed}`);
      expect(XMLValidator.validate(text), feed).toBe(true);
      expect(text).not.toMatch(/<script/i);
    }
  });

  it('validates with html-validate', async () => {
    // A title's length is the owner's choice (an SEO hint, not an error).
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'], rules: { 'long-title': 'off' } });
    const pages = [
      xssPath,
      `${xssPath}?q=quince`,
      `${base}/recipes-mas?page=2&tag=food`,
      `${base}/recipes-mas/desserts-cakes`,
    ];
    for (const path of [...pages, '/nosuchuser99/x']) {
      const report = await validator.validateString((await visit(path)).text);
      const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
      expect(problems, path).toEqual([]);
    }
  });

  it('runs nothing and loads nothing from elsewhere in Chromium; reads with JavaScript off', async ({ skip }) => {
    // The page's bytes are the same on either database (the markup checks above run on both): one browser is enough.
    skip(backend !== 'pglite', 'Chromium runs on the PGlite run only');
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      pipe: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
    try {
      const origin = new URL(t.url).origin;
      const page = await browser.newPage();
      const dialogs: string[] = [];
      const requests: string[] = [];
      const consoleErrors: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        requests.push(request.url());
        // nothing may leave the test server (and nothing reaches the network here anyway)
        if (new URL(request.url()).origin === origin) void request.continue();
        else void request.abort();
      });
      for (const path of [
        xssPath,
        `${xssPath}?q=quince`,
        `${xssPath}?page=1&tag=${encodeURIComponent('t12 javascript:alert(5)')}`,
      ]) {
        await page.goto(`${t.url}${path}`, { waitUntil: 'load' });
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const dom = await page.evaluate(() => ({
          scripts: document.scripts.length,
          handlers: [...document.querySelectorAll('*')].flatMap((el) =>
            [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
          ),
          frames: document.querySelectorAll('iframe, object, embed, base').length,
          h1: document.querySelector('h1')?.textContent,
          gems: document.querySelectorAll('.gem').length,
        }));
        expect(dom).toEqual({
          scripts: 0,
          handlers: [],
          frames: 0,
          h1: `${XSS[0]} & ${XSS[1]}`,
          gems: expect.any(Number),
        });
        expect(dom.gems).toBeGreaterThan(0);
      }
      expect(dialogs).toEqual([]);
      expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      // the CSP blocked nothing: no style or script was even attempted outside it
      expect(consoleErrors.filter((m) => /Content Security Policy/.test(m))).toEqual([]);

      await page.setJavaScriptEnabled(false);
      await page.goto(`${t.url}${base}/recipes-mas?page=2`, { waitUntil: 'load' });
      const read = await page.evaluate(() => ({
        title: document.title,
        gems: document.querySelectorAll('.gem h3 a').length,
        next: document.querySelector('a[rel="next"]')?.getAttribute('href'),
        background: getComputedStyle(document.body).backgroundColor,
      }));
      expect(read).toEqual({
        title: 'Home cooking',
        gems: 20,
        next: `${base}/recipes-mas?page=3`,
        background: 'rgb(247, 247, 248)',
      });
      // light and dark follow the system; wide and narrow windows (the screenshots are looked at, not compared)
      mkdirSync(SCREENSHOTS, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
        for (const [width, size] of [
          [1100, 'wide'],
          [390, 'narrow'],
        ] as const) {
          await page.setViewport({ width, height: 900 });
          await page.screenshot({ path: `${SCREENSHOTS}public-page-${size}-${scheme}.png` as `${string}.png` });
        }
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
          scheme === 'light' ? 'rgb(247, 247, 248)' : 'rgb(22, 24, 28)',
        );
      }
      // the search form works without script
      await page.type('#q', 'quince');
      await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
      expect(new URL(page.url()).search).toBe('?q=quince');
      expect(await page.$$eval('.gem h3', (els) => els.map((el) => el.textContent))).toEqual(['Lemon tart']);
      await page.close();
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('totals and paging without a search or tag (the index and the kept counts)', () => {
  // Shelf: Book 01…21, then Lower (its sub-collection): Low 1…3, saved last so they are the newest.
  let shelfId: number;
  let lowerId: number;
  let member: Session;
  const books = Array.from({ length: 21 }, (_, i) => `Book ${String(i + 1).padStart(2, '0')}`);

  beforeAll(async () => {
    shelfId = await createCollection(owner, 'Shelf');
    lowerId = await createCollection(owner, 'Lower', shelfId);
    for (const title of books)
      await saveGem(owner, { title, url: `https://books.example/${title}`, collectionId: shelfId });
    for (const n of [1, 2, 3])
      await saveGem(owner, { title: `Low ${n}`, url: `https://books.example/low/${n}`, collectionId: lowerId });
    expect((await publish(owner, shelfId, { slug: 'shelf' })).status).toBe(200);
    member = await t.signUp('helper');
  });

  /** Every title of the page and the ones after it, and the total the page states. */
  async function listing(path: string) {
    const first = await visit(path);
    const total = Number(
      /<meta name="description" content="([\d,]+) gems? in /.exec(first.text)?.[1]?.replace(',', ''),
    );
    const titles = [...titlesOf(first.text)];
    for (let page = 2; page <= Math.ceil(total / 20) + 1; page += 1)
      titles.push(...titlesOf((await visit(`${path}?page=${page}`)).text));
    return { total, titles };
  }

  const newestFirst = (titles: string[]) => [...titles].reverse();

  it('lists every gem of the tree once, newest first, and states their number', async () => {
    const { total, titles } = await listing(`${base}/shelf`);
    expect(titles).toEqual(newestFirst([...books, 'Low 1', 'Low 2', 'Low 3']));
    expect(total).toBe(24);
    expect((await visit(`${base}/shelf?page=2`)).text).toContain('Page 2 of 2');
    const past = await visit(`${base}/shelf?page=9`);
    expect(titlesOf(past.text)).toEqual([]);
    expect(past.text).toContain('Page 9 of 2');
    expect(await listing(`${base}/shelf/lower`)).toEqual({ total: 3, titles: ['Low 3', 'Low 2', 'Low 1'] });
  });

  it('leaves out trashed gems, and counts them again once restored', async () => {
    const trashed = await saveGem(owner, {
      title: 'Torn page',
      url: 'https://books.example/torn',
      collectionId: lowerId,
    });
    expect((await listing(`${base}/shelf`)).total).toBe(25);
    expect((await t.api(`/api/gems/${trashed}`, { method: 'DELETE', token: owner.jwt })).status).toBe(200);
    const after = await listing(`${base}/shelf`);
    expect(after).toEqual({ total: 24, titles: newestFirst([...books, 'Low 1', 'Low 2', 'Low 3']) });
    expect((await listing(`${base}/shelf/lower`)).total).toBe(3);
    const restored = await t.api('/api/trash/restore', { token: owner.jwt, body: { ids: [trashed] } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await listing(`${base}/shelf/lower`)).titles).toEqual(['Torn page', 'Low 3', 'Low 2', 'Low 1']);
    expect((await listing(`${base}/shelf`)).total).toBe(25);
    expect((await t.api(`/api/gems/${trashed}`, { method: 'DELETE', token: owner.jwt })).status).toBe(200);
  });

  it('counts and lists only the published collection when sub-collections are left out', async () => {
    expect((await publish(owner, shelfId, { includeSubcollections: false })).status).toBe(200);
    expect(await listing(`${base}/shelf`)).toEqual({ total: 21, titles: newestFirst(books) });
    const feed = await visit(`${base}/shelf/feed.rss`);
    expect([...feed.text.matchAll(/<item><title>([^<]*)/g)].map((m) => m[1])).toEqual(newestFirst(books).slice(0, 20));
    expect((await publish(owner, shelfId, { includeSubcollections: true })).status).toBe(200);
    const whole = await visit(`${base}/shelf/feed.rss`);
    expect([...whole.text.matchAll(/<item><title>([^<]*)/g)].map((m) => m[1])).toEqual(
      newestFirst([...books, 'Low 1', 'Low 2', 'Low 3']).slice(0, 20),
    );
  });

  it('lists and counts a gem a member added to the shared collection', async () => {
    const invite = await t.api(`/api/collection-email/${shelfId}`, {
      token: owner.jwt,
      body: { data: { username: member.user.username, role: 'contributor' } },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    const shareId = (invite.body as { data: { id: number } }).data.id;
    expect((await t.api(`/api/shares/${shareId}/accept`, { method: 'POST', token: member.jwt })).status).toBe(200);
    await saveGem(member, { title: 'Lent book', url: 'https://books.example/lent', collectionId: lowerId });
    const { total, titles } = await listing(`${base}/shelf`);
    expect(total).toBe(25);
    expect(titles[0]).toBe('Lent book');
    expect((await listing(`${base}/shelf/lower`)).titles).toEqual(['Lent book', 'Low 3', 'Low 2', 'Low 1']);
  });

  it('leaves out a chat moved into the collection, from the list and the total', async () => {
    const chat = await t.api('/api/chats', { token: owner.jwt, body: { title: 'Reading plan' } });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    const chatId = (chat.body as { data: { id: number } }).data.id;
    const moved = await t.api(`/api/gems/${chatId}`, {
      token: owner.jwt,
      method: 'PUT',
      body: { data: { collectionId: lowerId } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const { total, titles } = await listing(`${base}/shelf`);
    expect(total).toBe(25);
    expect(titles).not.toContain('Reading plan');
    expect(titles).toHaveLength(25);
  });
});
