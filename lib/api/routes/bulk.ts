import { z } from 'zod';
import { bulkJobBody, bulkJobSchema, MAX_BULK_IDS } from '../bulk-contract';
import { dataOf, listOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

const byId = z.object({ id: idParamSchema });

/** Bulk changes to gems as jobs: started, followed, listed and undone. */
export const bulkApi = {
  create: defineRoute({
    method: 'post',
    path: '/api/bulk-jobs',
    tag: 'Bulk changes',
    summary: 'Move, tag, untag, favourite, unfavourite, trash or restore many gems',
    description:
      `The gems are named by id (up to ${MAX_BULK_IDS}; ids that are not the user's gems are left out) or by a ` +
      'search (`target.query`, the query language of the library) with the count the user saw (`expectedCount`): ' +
      'if the search now matches more, nothing is done and the answer is a 409 naming both numbers. A ' +
      "`collectionId` or `tagIds` that is not the user's is a 404. Small jobs are done within the request (201, " +
      'status `done`); larger ones are queued (202) and worked by the server, `done` counting up to `total`. ' +
      '`tag-suggested` gives each gem named in `assignments` its own tags (the AI suggestions the user accepted), ' +
      'recorded as added by the AI. Every job can be undone.',
    auth: 'user',
    body: { type: 'json', schema: bulkJobBody },
    responses: {
      201: { description: 'The job, already done', schema: dataOf(bulkJobSchema) },
      202: { description: 'The job, queued', schema: dataOf(bulkJobSchema) },
    },
    errors: [404, 409],
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/bulk-jobs',
    tag: 'Bulk changes',
    summary: "The user's recent bulk jobs, newest first",
    description: 'So a page opened again finds a job still running.',
    auth: 'user',
    responses: { 200: { description: 'Up to 20 jobs', schema: listOf(bulkJobSchema) } },
    errors: [],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/bulk-jobs/{id}',
    tag: 'Bulk changes',
    summary: "A job's progress",
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The job', schema: dataOf(bulkJobSchema) } },
    errors: [404],
  }),
  undo: defineRoute({
    method: 'post',
    path: '/api/bulk-jobs/{id}/undo',
    tag: 'Bulk changes',
    summary: 'Undo a bulk job',
    description:
      "Puts back what the job changed: each gem's collection (Unfiltered if that is gone), the tags it added or " +
      'removed, its favourite mark, its trash state. A job still queued or running, or undone already, is a 409.',
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The job, now undone', schema: dataOf(bulkJobSchema) } },
    errors: [404, 409],
  }),
};
