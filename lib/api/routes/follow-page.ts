import { z } from 'zod';
import { defineRoute } from '../route';

/** The page a public collection's "Follow in Trove" link opens (mounted at the root, before the public pages). */
export const followPageApi = {
  page: defineRoute({
    method: 'get',
    path: '/follow',
    tag: 'Following',
    summary: 'How to follow a public collection in Trove',
    description:
      '`collection`: `username/slug`. Plain HTML without scripts: the collection’s name and owner, and how to follow ' +
      'it (the Trove button in the toolbar on this page, or its address pasted in the library’s Following). A ' +
      'collection that is not public gets the public pages’ one 404 page.',
    auth: 'none',
    query: z.object({ collection: z.string().optional() }),
    responses: {
      200: { description: 'The page', content: 'text/html' },
      404: { description: 'No public collection at that address', content: 'text/html' },
    },
    errors: [],
  }),
};
