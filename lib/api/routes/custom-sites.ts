import { z } from 'zod';
import { dataOf } from '../core-contract';
import {
  assignDomainBody,
  assignSubdirectoryBody,
  collectionIdQuery,
  customSiteSchema,
  verifyDomainBody,
} from '../custom-site-contract';
import { defineRoute } from '../route';

const SITE = { 200: { description: 'The collection’s custom site', schema: dataOf(customSiteSchema) } } as const;
const OWNER = 'Another user’s collection is a 404.';

/** A public collection served as a site: under `/sites/{name}` and on its own domain (mounted at /api). */
export const customSiteApi = {
  details: defineRoute({
    method: 'get',
    path: '/api/fetch-collection-domain-details',
    tag: 'Custom sites',
    summary: 'A collection’s subdirectory and domain, with the domain’s verification token',
    description: OWNER,
    auth: 'user',
    query: collectionIdQuery,
    responses: SITE,
    errors: [404],
  }),
  assignDomain: defineRoute({
    method: 'post',
    path: '/api/assign-collection-to-domain',
    tag: 'Custom sites',
    summary: 'Bind a domain to a collection (served once verified)',
    description:
      'A new domain gets a new token and is unverified. A domain another collection has is a 409 naming ' +
      `\`data.domain\`. ${OWNER}`,
    auth: 'user',
    body: { type: 'json', schema: assignDomainBody },
    responses: SITE,
    errors: [404, 409],
  }),
  verifyDomain: defineRoute({
    method: 'post',
    path: '/api/verify-cname',
    tag: 'Custom sites',
    summary: 'Verify the bound domain by the token at http(s)://{domain}/.well-known/trove-verify.txt',
    description:
      'Fetched from public addresses only (checked after resolution and on every redirect). Not found, or another ' +
      `text: a 400 saying what was found. ${OWNER}`,
    auth: 'user',
    body: { type: 'json', schema: verifyDomainBody },
    responses: SITE,
    errors: [404],
  }),
  removeDomain: defineRoute({
    method: 'delete',
    path: '/api/remove-collection-to-domain',
    tag: 'Custom sites',
    summary: 'Unbind a collection’s domain (it serves nothing from then on)',
    description: OWNER,
    auth: 'user',
    query: collectionIdQuery,
    responses: SITE,
    errors: [404],
  }),
  assignSubdirectory: defineRoute({
    method: 'post',
    path: '/api/assign-collection-to-subdirectory',
    tag: 'Custom sites',
    summary: 'Serve a collection at /sites/{subdirectory} (null: no longer)',
    description: `A name another collection has is a 409 naming \`data.subdirectory\`. ${OWNER}`,
    auth: 'user',
    body: { type: 'json', schema: assignSubdirectoryBody },
    responses: SITE,
    errors: [404, 409],
  }),
};

const site = z.object({ name: z.string() });
const pageQuery = z.object({ q: z.string().optional(), tag: z.string().optional(), page: z.string().optional() });
const HTML = 'text/html';
const PAGE = {
  200: { description: 'The page', content: HTML },
  404: { description: 'No public collection at this address', content: HTML },
} as const;

/**
 * A collection's site under `/sites/{name}` (mounted at the root): its public page, sub-collections and feeds. The same
 * pages answer at `/` on its verified domain (by the request's Host).
 */
export const customSitePageApi = {
  page: defineRoute({
    method: 'get',
    path: '/sites/{name}',
    tag: 'Custom sites',
    summary: 'A collection’s site',
    auth: 'none',
    params: site,
    query: pageQuery,
    responses: PAGE,
    errors: [],
  }),
  subPage: defineRoute({
    method: 'get',
    path: '/sites/{name}/{sub}',
    tag: 'Custom sites',
    summary: 'A sub-collection of a collection’s site',
    auth: 'none',
    params: site.extend({ sub: z.string() }),
    query: pageQuery,
    responses: PAGE,
    errors: [],
  }),
  rss: defineRoute({
    method: 'get',
    path: '/sites/{name}/feed.rss',
    tag: 'Custom sites',
    summary: 'A collection’s site’s newest gems as RSS 2.0',
    auth: 'none',
    params: site,
    responses: { 200: { description: 'The feed', content: 'application/rss+xml' }, 404: PAGE[404] },
    errors: [],
  }),
  atom: defineRoute({
    method: 'get',
    path: '/sites/{name}/feed.atom',
    tag: 'Custom sites',
    summary: 'A collection’s site’s newest gems as Atom',
    auth: 'none',
    params: site,
    responses: { 200: { description: 'The feed', content: 'application/atom+xml' }, 404: PAGE[404] },
    errors: [],
  }),
};
