import { createTagBody, dataOf, listOf, tagSchema } from '../contract';
import { defineRoute } from '../route';

export const tagApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/tags',
    tag: 'Tags',
    summary: "The user's tags",
    auth: 'user',
    responses: { 200: { description: 'Every tag of the user', schema: listOf(tagSchema) } },
    errors: [],
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/tags',
    tag: 'Tags',
    summary: 'Create a tag',
    description: 'A name the user already has returns that tag, so creating on the fly never duplicates.',
    auth: 'user',
    body: { type: 'json', schema: createTagBody },
    responses: { 201: { description: 'The tag (new, or the one of that name)', schema: dataOf(tagSchema) } },
    errors: [404, 409],
  }),
};
