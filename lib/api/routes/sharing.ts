import { z } from 'zod';
import { dataOf, deletedSchema, listOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';
import {
  inviteBody,
  removeAccessQuery,
  sharedItemSchema,
  sharedWithMeSchema,
  shareSchema,
  sharesInheritBody,
  sharesInheritSchema,
  updateShareBody,
} from '../sharing-contract';

const byId = z.object({ id: idParamSchema });

const ROLES =
  'Roles: viewer (reads), contributor (also adds gems and edits or deletes the ones they added), editor (edits and ' +
  'deletes every gem), admin (also manages who has access). ';
const MANAGE =
  'Only the owner and admins manage access: a member with another role gets a 403, anyone without access a 404. ';
const INVITE =
  'Inviting yourself, the owner, or a username no account has is a 400 naming the field; someone invited already a ' +
  '409 (one declined is invited again). The invitation is pending until the invitee accepts it (it shows in their ' +
  '`GET /api/share-invitations`); only then can they read.';

/** Sharing collections and tags with people (server/features/sharing/). */
export const sharingApi = {
  inviteToCollection: defineRoute({
    method: 'post',
    path: '/api/collection-email/{id}',
    tag: 'Sharing',
    summary: 'Invite someone to a collection',
    description: `${ROLES}A share covers the sub-collections, except one set not to inherit. ${MANAGE}${INVITE}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: inviteBody },
    responses: { 201: { description: 'The invitation', schema: dataOf(shareSchema) } },
    errors: [403, 404, 409],
  }),
  inviteToTag: defineRoute({
    method: 'post',
    path: '/api/tags/{id}/shares',
    tag: 'Sharing',
    summary: 'Invite someone to a tag',
    description: `${ROLES}A tag's share covers the gems carrying it or one of its sub-tags. ${MANAGE}${INVITE}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: inviteBody },
    responses: { 201: { description: 'The invitation', schema: dataOf(shareSchema) } },
    errors: [403, 404, 409],
  }),
  collectionShares: defineRoute({
    method: 'get',
    path: '/api/collections/{id}/shares',
    tag: 'Sharing',
    summary: 'Who has access to a collection (and who is invited)',
    description: `Members and invitations (pending, declined) of the collection itself. ${MANAGE}`,
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'Its shares, oldest first', schema: listOf(shareSchema) } },
    errors: [403, 404],
  }),
  tagShares: defineRoute({
    method: 'get',
    path: '/api/tags/{id}/shares',
    tag: 'Sharing',
    summary: 'Who has access to a tag (and who is invited)',
    description: `Members and invitations (pending, declined) of the tag itself. ${MANAGE}`,
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'Its shares, oldest first', schema: listOf(shareSchema) } },
    errors: [403, 404],
  }),
  updateShare: defineRoute({
    method: 'put',
    path: '/api/shares/{id}',
    tag: 'Sharing',
    summary: "Change a member's role",
    description: `${ROLES}${MANAGE}Effective with the member's next request.`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: updateShareBody },
    responses: { 200: { description: 'The share', schema: dataOf(shareSchema) } },
    errors: [403, 404],
  }),
  deleteShare: defineRoute({
    method: 'delete',
    path: '/api/shares/{id}',
    tag: 'Sharing',
    summary: 'Remove access, withdraw an invitation, or leave',
    description:
      'The owner or an admin removes a member or withdraws an invitation; the invitee leaves (or drops an ' +
      `invitation). Effective at once: their next request no longer reads anything through it. ${MANAGE}`,
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The removed share', schema: deletedSchema } },
    errors: [403, 404],
  }),
  removeAccess: defineRoute({
    method: 'delete',
    path: '/api/collection/{id}/remove-access',
    tag: 'Sharing',
    summary: "Remove someone's access to a collection, or leave it",
    description:
      'With `shareId` (a share of this collection): as `DELETE /api/shares/{id}`. Without: the caller leaves the ' +
      'collection (their own share of it; a 404 when they have none).',
    auth: 'user',
    params: byId,
    query: removeAccessQuery,
    responses: { 200: { description: 'The removed share', schema: deletedSchema } },
    errors: [403, 404],
  }),
  accept: defineRoute({
    method: 'post',
    path: '/api/shares/{id}/accept',
    tag: 'Sharing',
    summary: 'Accept an invitation',
    description: "The invitee's own (pending or declined) invitation; anyone else's is a 404.",
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The share, accepted', schema: dataOf(shareSchema) } },
    errors: [404],
  }),
  decline: defineRoute({
    method: 'post',
    path: '/api/shares/{id}/decline',
    tag: 'Sharing',
    summary: 'Decline an invitation',
    description: "The invitee's own invitation (or access: declining it after accepting drops the access).",
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The share, declined', schema: dataOf(shareSchema) } },
    errors: [404],
  }),
  invitations: defineRoute({
    method: 'get',
    path: '/api/share-invitations',
    tag: 'Sharing',
    summary: 'My pending invitations',
    description:
      "Invitations to the user's account and to their email address (these become the account's when listed).",
    auth: 'user',
    responses: { 200: { description: 'Pending invitations, newest first', schema: listOf(sharedItemSchema) } },
    errors: [],
  }),
  sharedWithMe: defineRoute({
    method: 'get',
    path: '/api/share-with-me',
    tag: 'Sharing',
    summary: 'Collections and tags shared with me',
    description:
      'The accepted shares, each with its owner, the role and how many gems the user can read there. Their gems ' +
      'are listed and searched by `GET /api/filter-search` with `collectionId` or `tagId`.',
    auth: 'user',
    responses: { 200: { description: 'Shared collections and tags', schema: sharedWithMeSchema } },
    errors: [],
  }),
  sharesInherit: defineRoute({
    method: 'put',
    path: '/api/collections/{id}/shares-inherit',
    tag: 'Sharing',
    summary: "Whether a sub-collection follows its parents' shares",
    description:
      '`inherit: false` stops the shares of the collections above it reaching it (and what is under it); its own ' +
      `shares still count. ${MANAGE}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: sharesInheritBody },
    responses: { 200: { description: 'The setting', schema: sharesInheritSchema } },
    errors: [403, 404],
  }),
};
