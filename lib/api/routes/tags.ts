import { z } from 'zod';
import {
  createTagBody,
  dataOf,
  deletedSchema,
  idParamSchema,
  listOf,
  pagedListOf,
  tagWithPathSchema,
} from '../core-contract';
import {
  countResultSchema,
  deleteAllTagsQuery,
  deleteTagsBody,
  subPageQuery,
  tagColorsBody,
  tagCountSchema,
  updateTagBody,
} from '../library-contract';
import { defineRoute } from '../route';
import { tagSchema } from '../tag-contract';

const byId = z.object({ id: idParamSchema });

export const tagApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/tags',
    tag: 'Tags',
    summary: "The user's tags",
    description: 'Each with its path from the top (`parent/child`).',
    auth: 'user',
    responses: { 200: { description: 'Every tag of the user', schema: listOf(tagWithPathSchema) } },
    errors: [],
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/tags',
    tag: 'Tags',
    summary: 'Create a tag',
    description:
      'A name the user already has returns that tag, so creating on the fly never duplicates. A path `a/b` ' +
      'makes `b` a child of `a`, creating each tag that is missing (under `parentId` when given).',
    auth: 'user',
    body: { type: 'json', schema: createTagBody },
    responses: { 201: { description: 'The tag (new, or the one of that name)', schema: dataOf(tagSchema) } },
    errors: [404, 409],
  }),
};

/** Nested tags: rename, move, colours, counts, merge and deletes (the library's sidebar). */
export const tagTreeApi = {
  update: defineRoute({
    method: 'put',
    path: '/api/tags/{id}',
    tag: 'Tags',
    summary: 'Rename, move or colour a tag',
    description:
      'A name another tag of the user has is a 409; a parent that is the tag itself or one below it a 400 naming ' +
      '`data.parentId` and saying why; `color` is `#rrggbb` or null.',
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: updateTagBody },
    responses: { 200: { description: 'The tag as saved', schema: dataOf(tagWithPathSchema) } },
    errors: [409],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/tags/{id}',
    tag: 'Tags',
    summary: 'Delete a tag',
    description: 'Its gems lose it; its child tags move up to its parent.',
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The deleted id', schema: deletedSchema } },
    errors: [],
  }),
  merge: defineRoute({
    method: 'post',
    path: '/api/tags/{id}/merge/{into}',
    tag: 'Tags',
    summary: 'Merge a tag into another',
    description:
      'The gems of `id` get `into`, its child tags move under `into`, and `id` is deleted. Merging a tag into itself ' +
      'is a 400.',
    auth: 'user',
    params: z.object({ id: idParamSchema, into: idParamSchema }),
    responses: { 200: { description: 'The tag merged into', schema: dataOf(tagWithPathSchema) } },
    errors: [400],
  }),
  children: defineRoute({
    method: 'get',
    path: '/api/sub-tag/{id}',
    tag: 'Tags',
    summary: 'A page of the tags right under one, by name',
    auth: 'user',
    params: byId,
    query: subPageQuery,
    responses: { 200: { description: 'A page of child tags', schema: pagedListOf(tagWithPathSchema) } },
    errors: [],
  }),
  colors: defineRoute({
    method: 'put',
    path: '/api/tag-colors',
    tag: 'Tags',
    summary: 'Set the colours of several tags',
    description: "All or none: an id that is not the user's tag is a 404.",
    auth: 'user',
    body: { type: 'json', schema: tagColorsBody },
    responses: { 200: { description: 'The tags as saved', schema: listOf(tagWithPathSchema) } },
    errors: [404],
  }),
  counts: defineRoute({
    method: 'get',
    path: '/api/tag-wise-gem-counts',
    tag: 'Tags',
    summary: "Each tag's saves, alone and with the tags below it",
    description: 'Trashed gems and chats are not counted; a gem with a tag and its child counts once.',
    auth: 'user',
    responses: { 200: { description: 'The counts', schema: listOf(tagCountSchema) } },
    errors: [],
  }),
  deleteMany: defineRoute({
    method: 'delete',
    path: '/api/tags-delete',
    tag: 'Tags',
    summary: 'Delete several tags',
    description: "All or none: an id that is not the user's tag is a 404. Child tags of a deleted tag move up.",
    auth: 'user',
    body: { type: 'json', schema: deleteTagsBody },
    responses: { 200: { description: 'How many were deleted', schema: countResultSchema } },
    errors: [404],
  }),
  deleteAll: defineRoute({
    method: 'delete',
    path: '/api/delete-all-tags',
    tag: 'Tags',
    summary: "Delete all of the user's tags",
    description:
      '`expected` is how many tags the user saw: if they have another number now, nothing is deleted (409), so a ' +
      'tag made meanwhile (or a stray call) is never lost.',
    auth: 'user',
    query: deleteAllTagsQuery,
    responses: { 200: { description: 'How many were deleted', schema: countResultSchema } },
    errors: [409],
  }),
};
