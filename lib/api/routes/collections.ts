import { z } from 'zod';
import {
  collectionBookmarksQuery,
  collectionBookmarksSchema,
  collectionSchema,
  createCollectionBody,
  dataOf,
  idParamSchema,
  listOf,
  pagedListOf,
  updateCollectionBody,
} from '../core-contract';
import {
  bulkDeleteCollectionsBody,
  bulkDeleteCollectionsResultSchema,
  collectionCountsSchema,
  deleteCollectionQuery,
  deleteCollectionResultSchema,
  subPageQuery,
} from '../library-contract';
import { defineRoute } from '../route';

const byId = z.object({ id: idParamSchema });
const toDest = z.object({ id: idParamSchema, dest: idParamSchema });
const GEMS_FATE =
  '`gems=unfiltered` (the default) moves the gems of the collection and of its sub-collections to Unfiltered, ' +
  '`gems=trash` puts them in the trash, `gems=move&to=<id>` moves them to that collection (not one being deleted; ' +
  'a missing `to` is a 400 naming it). Unfiltered cannot be deleted.';

/** The spec's collection paths, not all under one prefix. */
export const collectionApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/get-user-collections',
    tag: 'Collections',
    summary: 'The collections to save into',
    description: "All of the user's but AI Chats (it holds chats; the chat history lists them).",
    auth: 'user',
    responses: { 200: { description: 'Every collection of the user', schema: listOf(collectionSchema) } },
    errors: [],
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/collections',
    tag: 'Collections',
    summary: 'Create a collection',
    auth: 'user',
    body: { type: 'json', schema: createCollectionBody },
    responses: { 201: { description: 'The new collection', schema: dataOf(collectionSchema) } },
    errors: [404, 409],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/collections/{id}',
    tag: 'Collections',
    summary: 'One collection',
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The collection', schema: dataOf(collectionSchema) } },
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/collections/{id}',
    tag: 'Collections',
    summary: 'Rename or move a collection',
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: updateCollectionBody },
    responses: { 200: { description: 'The collection as saved', schema: dataOf(collectionSchema) } },
    errors: [409],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/collections/{id}',
    tag: 'Collections',
    summary: 'Delete a collection and its sub-collections, saying what happens to their gems',
    description: GEMS_FATE,
    auth: 'user',
    params: byId,
    query: deleteCollectionQuery,
    responses: {
      200: {
        description: 'The deleted id and where its gems went',
        schema: dataOf(deleteCollectionResultSchema),
      },
    },
    errors: [400, 409],
  }),
  bookmarks: defineRoute({
    method: 'get',
    path: '/api/collections/{id}/bookmarks',
    tag: 'Collections',
    summary: "A page of a collection's gems",
    description: 'Chats, prompts, brand voices, agents and memories are not saves and are left out.',
    auth: 'user',
    params: byId,
    query: collectionBookmarksQuery,
    responses: { 200: { description: 'The collection with a page of its gems', schema: collectionBookmarksSchema } },
    errors: [],
  }),
};

/** The collection tree: moves, copies, bulk deletes, counts and sub-collections (the library's sidebar). */
export const collectionTreeApi = {
  move: defineRoute({
    method: 'post',
    path: '/api/collections/{id}/move/{dest}',
    tag: 'Collections',
    summary: 'Move a collection under another',
    description:
      'A move under the collection itself or one of its sub-collections is a 400 saying why; Unfiltered stays at the ' +
      'top level and AI Chats is not a destination.',
    auth: 'user',
    params: toDest,
    responses: { 200: { description: 'The collection as moved', schema: dataOf(collectionSchema) } },
    errors: [400],
  }),
  moveToRoot: defineRoute({
    method: 'post',
    path: '/api/collections/{id}/move-to-root',
    tag: 'Collections',
    summary: 'Move a collection to the top level',
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The collection as moved', schema: dataOf(collectionSchema) } },
    errors: [],
  }),
  copy: defineRoute({
    method: 'post',
    path: '/api/copy-collection/{id}',
    tag: 'Collections',
    summary: 'Copy a collection with its sub-collections and their gems',
    description:
      'The copy is a sibling named "<name> (copy)"; each gem is copied with its tags and notes (not the trashed ones). ' +
      'Unfiltered and AI Chats cannot be copied.',
    auth: 'user',
    params: byId,
    responses: { 201: { description: 'The new top collection of the copy', schema: dataOf(collectionSchema) } },
    errors: [400],
  }),
  bulkDelete: defineRoute({
    method: 'delete',
    path: '/api/bulk-collection-delete',
    tag: 'Collections',
    summary: 'Delete several collections at once',
    description: `All or none: one id that is not the user's collection is a 404, Unfiltered a 400. ${GEMS_FATE}`,
    auth: 'user',
    query: deleteCollectionQuery,
    body: { type: 'json', schema: bulkDeleteCollectionsBody },
    responses: {
      200: {
        description: 'The deleted ids and where their gems went',
        schema: dataOf(bulkDeleteCollectionsResultSchema),
      },
    },
    errors: [404, 409],
  }),
  counts: defineRoute({
    method: 'get',
    path: '/api/collection-wise-counts',
    tag: 'Collections',
    summary: "Each collection's saves, alone and with its sub-collections",
    description:
      "Trashed gems and chats are not counted; `all`, `favourites` and `trash` are the sidebar's other counts. AI Chats " +
      'is left out.',
    auth: 'user',
    responses: { 200: { description: 'The counts', schema: collectionCountsSchema } },
    errors: [],
  }),
  children: defineRoute({
    method: 'get',
    path: '/api/sub-collection/{id}',
    tag: 'Collections',
    summary: 'A page of the collections right under one, by name',
    auth: 'user',
    params: byId,
    query: subPageQuery,
    responses: { 200: { description: 'A page of sub-collections', schema: pagedListOf(collectionSchema) } },
    errors: [],
  }),
};
