import { feedbackSchema, pagedListOf, pageQuery } from '../contract';
import { defineRoute } from '../route';

export const adminApi = {
  feedbacks: defineRoute({
    method: 'get',
    path: '/api/admin/feedbacks',
    tag: 'Admin',
    summary: "Everyone's bug reports, newest first (the operator's view)",
    description:
      '`Authorization: Bearer <TROVE_ADMIN_TOKEN>`; without a configured token the route answers 404. Authors come with their email.',
    auth: 'admin',
    query: pageQuery,
    responses: { 200: { description: 'A page of reports', schema: pagedListOf(feedbackSchema) } },
    errors: [404],
  }),
};
