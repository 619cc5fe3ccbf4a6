import { z } from 'zod';
import { dataOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { publicSettingsBody, publicSettingsSchema, seoDetailsBody } from '../public-collection-contract';
import { defineRoute } from '../route';

const byId = z.object({ id: idParamSchema });
const SETTINGS = 'The owner’s publishing settings; another user’s collection is a 404.';

/** Publishing a collection as a public page: the owner's routes (mounted at /api). */
export const publicCollectionApi = {
  get: defineRoute({
    method: 'get',
    path: '/api/is-public-collection/{id}',
    tag: 'Public collections',
    summary: 'Whether a collection is published, and its public settings',
    description: SETTINGS,
    auth: 'user',
    params: byId,
    responses: {
      200: { description: 'The settings and, while public, the address', schema: dataOf(publicSettingsSchema) },
    },
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/collections/{id}/public',
    tag: 'Public collections',
    summary: 'Publish a collection, or change its public settings',
    description:
      '`isPublic: true` publishes it at `/{username}/{slug}`; a first publication without `slug` gets one made from ' +
      'the name. A slug another of the owner’s collections has is a 409 naming `data.slug`. Unfiltered and AI Chats ' +
      'cannot be published (400).',
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: publicSettingsBody },
    responses: { 200: { description: 'The settings as saved', schema: dataOf(publicSettingsSchema) } },
    errors: [409],
  }),
  seoDetails: defineRoute({
    method: 'patch',
    path: '/api/collections/{id}/seo-details',
    tag: 'Public collections',
    summary: 'Change a collection’s SEO title, description or image',
    description:
      'Only the fields sent change (an empty text or null removes one); whether it is published does not. The ' +
      'public page’s title, description and Open Graph tags use them. The image is an http(s) address.',
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: seoDetailsBody },
    responses: { 200: { description: 'The settings as saved', schema: dataOf(publicSettingsSchema) } },
    errors: [],
  }),
  unpublish: defineRoute({
    method: 'delete',
    path: '/api/collections/{id}/public',
    tag: 'Public collections',
    summary: 'Unpublish a collection',
    description: 'Its page answers 404 at once; the slug and SEO settings are kept for the next publication.',
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The settings as saved', schema: dataOf(publicSettingsSchema) } },
    errors: [],
  }),
};

const page = z.object({ username: z.string(), slug: z.string() });
const pageQuery = z.object({
  q: z.string().optional(),
  tag: z.string().optional(),
  page: z.string().optional(),
});
const HTML = 'text/html';
const NO_PAGE = { 404: { description: 'No such public page (unknown, private or unpublished alike)', content: HTML } };

/**
 * The public pages (mounted at the root, after every other path): plain HTML without scripts. An unknown user, an
 * unknown slug and a collection that is not published all answer the same 404 page.
 */
export const publicPageApi = {
  sitemap: defineRoute({
    method: 'get',
    path: '/sitemap.xml',
    tag: 'Public collections',
    summary: 'The public collections that want to be found',
    auth: 'none',
    responses: { 200: { description: 'A sitemap (sitemaps.org 0.9)', content: 'application/xml' } },
    errors: [],
  }),
  page: defineRoute({
    method: 'get',
    path: '/{username}/{slug}',
    tag: 'Public collections',
    summary: 'A published collection’s page',
    description: '`q`: a search in the library’s query language; `tag`: a tag’s path; `page`: 20 gems a page.',
    auth: 'none',
    params: page,
    query: pageQuery,
    responses: {
      200: { description: 'The page', content: HTML },
      304: { description: 'Not modified (the ETag matched)', content: HTML },
      ...NO_PAGE,
    },
    errors: [],
  }),
  subPage: defineRoute({
    method: 'get',
    path: '/{username}/{slug}/{sub}',
    tag: 'Public collections',
    summary: 'A sub-collection of a published collection',
    description: '`sub`: the path of the sub-collection below the published one, e.g. `desserts/cakes`.',
    auth: 'none',
    params: page.extend({ sub: z.string() }),
    query: pageQuery,
    responses: {
      200: { description: 'The page', content: HTML },
      304: { description: 'Not modified (the ETag matched)', content: HTML },
      ...NO_PAGE,
    },
    errors: [],
  }),
  rss: defineRoute({
    method: 'get',
    path: '/{username}/{slug}/feed.rss',
    tag: 'Public collections',
    summary: 'A published collection’s newest gems as RSS 2.0',
    auth: 'none',
    params: page,
    responses: { 200: { description: 'The feed', content: 'application/rss+xml' }, ...NO_PAGE },
    errors: [],
  }),
  atom: defineRoute({
    method: 'get',
    path: '/{username}/{slug}/feed.atom',
    tag: 'Public collections',
    summary: 'A published collection’s newest gems as Atom',
    auth: 'none',
    params: page,
    responses: { 200: { description: 'The feed', content: 'application/atom+xml' }, ...NO_PAGE },
    errors: [],
  }),
};
