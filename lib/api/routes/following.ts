import { dataOf, deletedSchema, pageQuery } from '../core-contract';
import {
  followBody,
  followedGemsSchema,
  followedListSchema,
  followSchema,
  seenSchema,
  unfollowBody,
} from '../following-contract';
import { defineRoute } from '../route';

const NOT_PUBLIC = 'A collection that is not public (or no one’s) is a 404, the same answer for both.';

/** Following public collections (server/features/following/). */
export const followingApi = {
  follow: defineRoute({
    method: 'post',
    path: '/api/following-users',
    tag: 'Following',
    summary: 'Follow a public collection',
    description:
      `By \`collectionId\` or by \`address\` (\`username/slug\` or its public page's address). ${NOT_PUBLIC} ` +
      'Following your own collection is a 400; following it twice a 409.',
    auth: 'user',
    body: { type: 'json', schema: followBody },
    responses: { 201: { description: 'The followed collection', schema: dataOf(followSchema) } },
    errors: [404, 409],
  }),
  unfollow: defineRoute({
    method: 'post',
    path: '/api/unfollowing-users',
    tag: 'Following',
    summary: 'Stop following a collection',
    description: 'Works whether or not it is still public. A collection the user does not follow is a 404.',
    auth: 'user',
    body: { type: 'json', schema: unfollowBody },
    responses: { 200: { description: 'The collection no longer followed', schema: deletedSchema } },
    errors: [404],
  }),
  followed: defineRoute({
    method: 'get',
    path: '/api/followed-by-me',
    tag: 'Following',
    summary: 'The collections the user follows, and what is new in them',
    description:
      'Newest follow first. A collection unpublished since is listed with `isPublic: false` and nothing else of it.',
    auth: 'user',
    responses: { 200: { description: 'The followed collections', schema: followedListSchema } },
    errors: [],
  }),
  gems: defineRoute({
    method: 'get',
    path: '/api/following-gems',
    tag: 'Following',
    summary: 'The gems of the followed public collections, newest first',
    description:
      'What their public pages show (a collection publishing its sub-collections brings theirs), with the ' +
      'collection and its owner; nothing of a collection that is no longer public.',
    auth: 'user',
    query: pageQuery,
    responses: { 200: { description: 'A page of gems', schema: followedGemsSchema } },
    errors: [],
  }),
  seen: defineRoute({
    method: 'post',
    path: '/api/followed-by-me/seen',
    tag: 'Following',
    summary: 'Mark every followed gem as seen',
    description: 'The Following view calls it when opened: the new counts start again from zero.',
    auth: 'user',
    responses: { 200: { description: 'When', schema: seenSchema } },
    errors: [],
  }),
};
