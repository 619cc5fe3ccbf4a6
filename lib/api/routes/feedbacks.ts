import { dataOf, pagedListOf, pageQuery, populateQuery } from '../core-contract';
import { defineRoute } from '../route';
import { createFeedbackBody, feedbackSchema } from '../upload-contract';

/** Bug reports from the extension: tags and author always come populated (`populate` is accepted). */
export const feedbackApi = {
  create: defineRoute({
    method: 'post',
    path: '/api/feedbacks',
    tag: 'Feedback',
    summary: 'Report a bug',
    description:
      'Answers the report with its tags and author. `tags` are ids of the user’s tags; `imageLinks` are links of the ' +
      'user’s own uploads (`POST /api/upload`) not attached to another report.',
    auth: 'user',
    query: populateQuery,
    body: { type: 'json', schema: createFeedbackBody },
    responses: { 201: { description: 'The report', schema: dataOf(feedbackSchema) } },
    errors: [],
  }),
  list: defineRoute({
    method: 'get',
    path: '/api/feedbacks',
    tag: 'Feedback',
    summary: "The user's bug reports, newest first",
    auth: 'user',
    query: pageQuery.extend(populateQuery.shape),
    responses: { 200: { description: 'A page of reports', schema: pagedListOf(feedbackSchema) } },
    errors: [],
  }),
};
