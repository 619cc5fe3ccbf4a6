import { z } from 'zod';
import { defineRoute } from '../route';

export const healthApi = {
  check: defineRoute({
    method: 'get',
    path: '/api/health',
    tag: 'Server',
    summary: 'Whether this is a Trove server, up',
    description: 'The options page checks a server address with it; it needs no sign-in.',
    auth: 'none',
    responses: {
      200: { description: 'The server is up', schema: z.object({ data: z.object({ status: z.literal('ok') }) }) },
    },
    errors: [],
  }),
};
