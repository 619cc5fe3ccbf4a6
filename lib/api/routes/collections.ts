import { z } from 'zod';
import {
  collectionBookmarksQuery,
  collectionBookmarksSchema,
  collectionSchema,
  createCollectionBody,
  dataOf,
  idParamSchema,
  listOf,
  updateCollectionBody,
} from '../contract';
import { defineRoute } from '../route';

const byId = z.object({ id: idParamSchema });

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
    summary: 'Delete a collection; its gems move to Unfiltered',
    description: "Its gems and its sub-collections' go to Unfiltered, which cannot be deleted.",
    auth: 'user',
    params: byId,
    responses: {
      200: {
        description: 'The deleted id and the collection its gems moved to',
        schema: dataOf(z.object({ id: z.number(), movedToCollectionId: z.number().nullable() })),
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
