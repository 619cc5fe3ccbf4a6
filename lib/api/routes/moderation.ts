import { z } from 'zod';
import { dataOf, pageQuery } from '../core-contract';
import { idParamSchema } from '../integers';
import { decideBody, offerBody, offerListSchema, offerSchema } from '../moderation-contract';
import { defineRoute } from '../route';

const byId = z.object({ id: idParamSchema });
const OWNER = 'The collection’s owner and its admins moderate it: anyone else gets a 404.';
const offers = { 200: { description: 'A page of offers, newest first', schema: offerListSchema } };

/** Gems offered to public collections, and their moderation (mounted at /api). */
export const moderationApi = {
  offer: defineRoute({
    method: 'post',
    path: '/api/offered-gems',
    tag: 'Moderation',
    summary: 'Offer one of your gems to a public collection',
    description:
      'By the collection’s public address (`username/slug` or its page’s address) or its id. The offer waits for ' +
      'the owner; nothing is written in the collection until they approve it (then a copy of what was offered is ' +
      'made there, owned by them). A collection that is not public is a 404; one that does not accept offers a 409; ' +
      'your own collection a 400; a gem that is not yours (or is in the trash) a 404; the same gem pending there ' +
      'already, or its page already in the collection, a 409. Offers are limited per user (429).',
    auth: 'user',
    body: { type: 'json', schema: offerBody },
    responses: { 201: { description: 'The offer, pending', schema: dataOf(offerSchema) } },
    errors: [404, 409, 429],
  }),
  mine: defineRoute({
    method: 'get',
    path: '/api/offered-gems',
    tag: 'Moderation',
    summary: 'Your offers and what became of them',
    auth: 'user',
    query: pageQuery,
    responses: offers,
    errors: [],
  }),
  inbox: defineRoute({
    method: 'get',
    path: '/api/pending-gems',
    tag: 'Moderation',
    summary: 'The offers waiting in every collection you moderate, oldest first',
    description: 'The collections you own and those shared with you as admin (to you or a team of yours).',
    auth: 'user',
    query: pageQuery,
    responses: offers,
    errors: [],
  }),
  pending: defineRoute({
    method: 'get',
    path: '/api/pending-gems/{id}',
    tag: 'Moderation',
    summary: 'The offers waiting for the owner of a collection',
    description: OWNER,
    auth: 'user',
    params: byId,
    query: pageQuery,
    responses: offers,
    errors: [404],
  }),
  processed: defineRoute({
    method: 'get',
    path: '/api/processed-gems/{id}',
    tag: 'Moderation',
    summary: 'The offers to a collection its owner approved or rejected, newest decision first',
    description: OWNER,
    auth: 'user',
    params: byId,
    query: pageQuery,
    responses: offers,
    errors: [404],
  }),
  decide: defineRoute({
    method: 'put',
    path: '/api/collection/{id}/public-gem/{gemId}',
    tag: 'Moderation',
    summary: 'Approve or reject a pending offer',
    description:
      `\`gemId\`: the offered gem (\`gem.id\` of the pending offer). ${OWNER} Approving copies what was offered into ` +
      'the collection; a gem with no pending offer there is a 404.',
    auth: 'user',
    params: z.object({ id: idParamSchema, gemId: idParamSchema }),
    body: { type: 'json', schema: decideBody },
    responses: { 200: { description: 'The offer as decided', schema: dataOf(offerSchema) } },
    errors: [404],
  }),
};
