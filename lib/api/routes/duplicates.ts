import { duplicateGroupsSchema, duplicatesQuery, mergeDuplicatesBody, mergeResultSchema } from '../duplicates-contract';
import { defineRoute } from '../route';

/** The library's Duplicates view: gems saved at one page (by canonical address), and merging them into one. */
export const duplicatesApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/duplicates',
    tag: 'Duplicates',
    summary: 'Groups of gems saved at the same page',
    description:
      "The user's saves outside the trash grouped by canonical address (lib/api/canonical-url.ts, rules in the " +
      'README), only groups of two or more, the group with the latest save first; each group lists its gems ' +
      'oldest first with their tags. `total` counts the groups.',
    auth: 'user',
    query: duplicatesQuery,
    responses: { 200: { description: 'A page of groups', schema: duplicateGroupsSchema } },
    errors: [],
  }),
  merge: defineRoute({
    method: 'post',
    path: '/api/duplicates/merge',
    tag: 'Duplicates',
    summary: 'Merge gems saved at one page into one',
    description:
      'In one transaction, `keepId` (the oldest of `ids` when left out) gets the union of their tags, their notes ' +
      'joined, the favourite mark if any had it, the oldest date, and its empty fields (description, image, icon, ' +
      'page text, byline, published date) filled from the others; chat messages whose context or citations named ' +
      'another of them name it instead. The others go to the trash as they were (restore them to undo). An id that ' +
      'is not a save of the user outside the trash is a 404 naming it; gems of different addresses a 400 on `ids`.',
    auth: 'user',
    body: { type: 'json', schema: mergeDuplicatesBody },
    responses: { 200: { description: 'The merged gem and the trashed ids', schema: mergeResultSchema } },
    errors: [404],
  }),
};
