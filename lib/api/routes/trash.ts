import { z } from 'zod';
import {
  deletedSchema,
  gemSummarySchema,
  idParamSchema,
  listOf,
  pagedListOf,
  trashedGemSchema,
} from '../core-contract';
import { countResultSchema, gemIdsBody, subPageQuery } from '../library-contract';
import { defineRoute } from '../route';

/** The trash: deleted gems, kept TRASH_DAYS (lib/api/library-contract.ts) and then deleted for good. */
export const trashApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/trash',
    tag: 'Trash',
    summary: 'A page of the trash, newest deleted first',
    auth: 'user',
    query: subPageQuery,
    responses: { 200: { description: 'A page of trashed gems', schema: pagedListOf(trashedGemSchema) } },
    errors: [],
  }),
  restore: defineRoute({
    method: 'post',
    path: '/api/trash/restore',
    tag: 'Trash',
    summary: 'Put gems back from the trash',
    description:
      'Each goes back to its collection with its tags and notes, or to Unfiltered if its collection is gone. All or ' +
      'none: an id that is not a trashed gem of the user is a 404.',
    auth: 'user',
    body: { type: 'json', schema: gemIdsBody },
    responses: { 200: { description: 'The restored gems', schema: listOf(gemSummarySchema) } },
    errors: [404],
  }),
  empty: defineRoute({
    method: 'delete',
    path: '/api/trash',
    tag: 'Trash',
    summary: 'Empty the trash',
    description: 'Deletes every trashed gem for good, with its files.',
    auth: 'user',
    responses: { 200: { description: 'How many gems were deleted', schema: countResultSchema } },
    errors: [],
  }),
  deleteOne: defineRoute({
    method: 'delete',
    path: '/api/trash/{id}',
    tag: 'Trash',
    summary: 'Delete one trashed gem for good',
    auth: 'user',
    params: z.object({ id: idParamSchema }),
    responses: { 200: { description: 'The deleted id', schema: deletedSchema } },
    errors: [],
  }),
};
