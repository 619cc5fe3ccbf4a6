import { z } from 'zod';
import { dataOf, listOf } from '../core-contract';
import { importBody, importJobSchema, importSummarySchema, LISTED_PROBLEMS } from '../import-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

/** Bringing a library in from a file: a dry run, then a job the server works and the library follows. */
export const importsApi = {
  create: defineRoute({
    method: 'post',
    path: '/api/collection-import',
    tag: 'Import and export',
    summary: 'Import a bookmarks file (or only say what importing it would do)',
    description:
      'The format is told from the content: browser bookmarks HTML, Pocket, Raindrop or Instapaper CSV, Pinboard, ' +
      'Karakeep, Linkwarden or Omnivore JSON, or a list of addresses. With `dryRun` nothing is written and the ' +
      'answer says how many items the file has, the collections it would create, how many are saved already or ' +
      `repeated in the file, and the parts it cannot read and why (the first ${LISTED_PROBLEMS}). Otherwise the ` +
      'items are staged as a job (202) the server works in batches, resumed after a restart; an address the user ' +
      'has is merged into that gem, never added twice, so importing the same file again creates nothing new. A ' +
      'file of no known format is a 400 saying which formats are read.',
    auth: 'user',
    body: { type: 'json', schema: importBody },
    responses: {
      200: { description: 'The dry run: what importing would do', schema: dataOf(importSummarySchema) },
      202: { description: 'The import, staged and queued', schema: dataOf(importJobSchema) },
    },
    errors: [],
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/imports',
    tag: 'Import and export',
    summary: "The user's recent imports, newest first",
    description: 'So a library opened again shows an import still running.',
    auth: 'user',
    responses: { 200: { description: 'Up to 10 imports', schema: listOf(importJobSchema) } },
    errors: [],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/imports/{id}',
    tag: 'Import and export',
    summary: "An import's progress and report",
    description: `With the items read but not imported and why (the first ${LISTED_PROBLEMS}).`,
    auth: 'user',
    params: z.object({ id: idParamSchema }),
    responses: { 200: { description: 'The import', schema: dataOf(importJobSchema) } },
    errors: [404],
  }),
};
