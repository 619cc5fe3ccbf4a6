import { z } from 'zod';
import { dataOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { checkNowBody, checkNowResultSchema, LINK_FAILURES_BROKEN, linkCheckSchema } from '../link-contract';
import { defineRoute } from '../route';

/** The dead-link check: what it last found at a gem's address, and "Check now" for a selection. */
export const linkApi = {
  checkNow: defineRoute({
    method: 'post',
    path: '/api/link-checks',
    tag: 'Dead links',
    summary: 'Check the addresses of some gems now',
    description:
      "The user's gems among `gemIds` go first in the server's queue of link checks (ids that are not the user's " +
      'gems, trashed gems and gems with no web address are left out; `queued` says how many are left). Each check ' +
      'asks with HEAD, then GET when HEAD is refused, following redirects to public addresses only; its result is ' +
      'read with GET /api/gems/{id}/link-check and found by `is:broken`.',
    auth: 'user',
    body: { type: 'json', schema: checkNowBody },
    responses: { 202: { description: 'Queued', schema: dataOf(checkNowResultSchema) } },
    errors: [],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/gems/{id}/link-check',
    tag: 'Dead links',
    summary: "The last check of a gem's address",
    description:
      '`status` is null until the first check; `ok`, `broken` (gone: 404, 410 and other client errors, a name ' +
      `that no longer resolves, endless redirects, or ${LINK_FAILURES_BROKEN} temporary failures in a row), ` +
      '`failing` (5xx, 429, a timeout: checked again sooner) or `refused` (it, or a redirect, points at a ' +
      'non-public address, which the server never calls). `code` is the HTTP status of the last answer.',
    auth: 'user',
    params: z.object({ id: idParamSchema }),
    responses: { 200: { description: 'The last check', schema: dataOf(linkCheckSchema) } },
    errors: [404],
  }),
};
