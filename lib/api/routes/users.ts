import { populateQuery, userSchema } from '../core-contract';
import { defineRoute } from '../route';

export const userApi = {
  me: defineRoute({
    method: 'get',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'The signed-in user',
    description:
      'With `unfiltered_collection_id` and `ai_chats_collection_id`; `populate=tags` (or `*`) adds their tags.',
    auth: 'user',
    query: populateQuery,
    responses: { 200: { description: 'The user (not wrapped in `data`, as Strapi answers it)', schema: userSchema } },
    errors: [],
  }),
};
