import { z } from 'zod';
import { dataOf, deletedSchema, listOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';
import {
  disableLinkBody,
  linkPasswordBody,
  openedLinkSchema,
  openLinkBody,
  shareLinkListQuery,
  shareLinkSchema,
  shareLinkSettingsBody,
} from '../share-link-contract';

const byId = z.object({ id: idParamSchema });
const byToken = z.object({ token: z.string() });
const WHO =
  'Only the owner (and, for a collection or tag, a member with the admin role) manages its link: anyone else gets a 404. ';
const SETTINGS =
  'Creates the link (one per resource, with a new token) or changes its settings. `accessType`: anyone with the ' +
  'link, signed-in users, or the addresses in `allowEmail`. ';
const link = { 200: { description: 'The link', schema: dataOf(shareLinkSchema) } };
const HTML = 'text/html';

/** Share links: managing them (mounted at /api). */
export const shareLinkApi = {
  collectionLink: defineRoute({
    method: 'post',
    path: '/api/collection-link/{id}',
    tag: 'Share links',
    summary: 'Share a collection (and its sub-collections) by a link, or change its link',
    description: `${SETTINGS}${WHO}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: shareLinkSettingsBody },
    responses: link,
    errors: [],
  }),
  tagLink: defineRoute({
    method: 'post',
    path: '/api/tags/{id}/link',
    tag: 'Share links',
    summary: 'Share a tag (the gems carrying it or a sub-tag) by a link, or change its link',
    description: `${SETTINGS}${WHO}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: shareLinkSettingsBody },
    responses: link,
    errors: [],
  }),
  gemLink: defineRoute({
    method: 'post',
    path: '/api/gems/{id}/link',
    tag: 'Share links',
    summary: 'Share one gem by a link, or change its link',
    description: `${SETTINGS}Only the gem's owner; while the gem is in the trash its link opens as not found.`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: shareLinkSettingsBody },
    responses: link,
    errors: [],
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/collection-link',
    tag: 'Share links',
    summary: 'The links you manage',
    description:
      'Every link of your collections, tags and gems (and of collections you administer); filter by `kind` and `resourceId`.',
    auth: 'user',
    query: shareLinkListQuery,
    responses: { 200: { description: 'The links, newest first', schema: listOf(shareLinkSchema) } },
    errors: [],
  }),
  regenerateCollection: defineRoute({
    method: 'post',
    path: '/api/collections/{id}/generatelink',
    tag: 'Share links',
    summary: "Give a collection's link a new token",
    description: `The old address stops working at once. A collection without a link gets one. ${WHO}`,
    auth: 'user',
    params: byId,
    responses: link,
    errors: [],
  }),
  disableCollection: defineRoute({
    method: 'post',
    path: '/api/collection/{id}/disable-link',
    tag: 'Share links',
    summary: "Disable (or enable again) a collection's link",
    description: `A disabled link answers the same 404 as an unknown one. ${WHO}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: disableLinkBody },
    responses: link,
    errors: [],
  }),
  collectionPassword: defineRoute({
    method: 'post',
    path: '/api/collection/{id}/password',
    tag: 'Share links',
    summary: "Set or remove (`null`) the password of a collection's link",
    description: `Kept as an argon2 hash; visitors type it once a day per link. ${WHO}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: linkPasswordBody },
    responses: link,
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/share-links/{id}',
    tag: 'Share links',
    summary: "Change a link's settings (password, expiry, audience, disabled, notes)",
    description: WHO,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: shareLinkSettingsBody },
    responses: link,
    errors: [],
  }),
  regenerate: defineRoute({
    method: 'post',
    path: '/api/share-links/{id}/regenerate',
    tag: 'Share links',
    summary: 'Give a link a new token; the old address stops working at once',
    description: WHO,
    auth: 'user',
    params: byId,
    responses: link,
    errors: [],
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/share-links/{id}',
    tag: 'Share links',
    summary: 'Delete a link',
    description: WHO,
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'Deleted', schema: deletedSchema } },
    errors: [],
  }),
  open: defineRoute({
    method: 'post',
    path: '/api/share-links/open/{token}',
    tag: 'Share links',
    summary: 'Read what a link shares, as the signed-in user (the library’s `#link=TOKEN`)',
    description:
      'For links limited to signed-in users or to listed addresses (checked against your account’s email). A ' +
      'password-protected link needs `password` (a missing or wrong one is a 403 naming `data.password`; guesses ' +
      'are limited, 429). Unknown, expired, disabled and replaced links and addresses not listed all answer the ' +
      'same 404. Each open counts.',
    auth: 'user',
    params: byToken,
    body: { type: 'json', schema: openLinkBody },
    responses: { 200: { description: 'The page of gems', schema: dataOf(openedLinkSchema) } },
    errors: [403, 429],
  }),
};

const PAGE = {
  200: { description: 'The shared page, the password form, or the "open it in Trove" page', content: HTML },
  404: { description: 'No link at this address (unknown, expired, disabled or replaced alike)', content: HTML },
};

/** The links' own pages (mounted at the root): plain HTML without scripts, never indexed. */
export const shareLinkPageApi = {
  page: defineRoute({
    method: 'get',
    path: '/s/{token}',
    tag: 'Share links',
    summary: 'What a link shares',
    description: '`q`, `tag` and `page` (20 gems a page) for a collection or tag.',
    auth: 'none',
    params: byToken,
    query: z.object({ q: z.string().optional(), tag: z.string().optional(), page: z.string().optional() }),
    responses: PAGE,
    errors: [],
  }),
  password: defineRoute({
    method: 'post',
    path: '/s/{token}',
    tag: 'Share links',
    summary: "A link's password form",
    description:
      'The form (`password`). The right one sets a signed cookie for this link (a day, or until it expires) and ' +
      'redirects to the page; a wrong one shows the form again (401); guesses are limited per link and per address (429).',
    auth: 'none',
    params: byToken,
    body: { type: 'multipart', schema: z.object({ password: z.string() }), files: [] },
    responses: {
      ...PAGE,
      303: { description: 'The password is right: back to the page, with the cookie', content: HTML },
      401: { description: 'The form again, saying the password is wrong', content: HTML },
      429: { description: 'Too many guesses: the form again, saying when to try again', content: HTML },
    },
    errors: [],
  }),
};
