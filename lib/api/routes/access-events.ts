import { accessEventsQuery } from '../access-events-contract';
import { defineRoute } from '../route';

/** What the user may read through shares, and what they read, as they change (access-events-contract.ts). */
export const accessEventsApi = {
  stream: defineRoute({
    method: 'get',
    path: '/api/access-events',
    tag: 'Sharing',
    summary: 'Be told when what is shared with you changes',
    description:
      'Server-sent events for the signed-in user: `ready` once their shares are read, then `access` (`lost`, ' +
      '`gained`, `changed`: the collections and tags with owner and role) each time a share or a team membership ' +
      'that reaches them is removed, added or given another role, seen within about half a second on any copy of ' +
      'the server; and `library` when their gems, collections or tags changed, or what is shared with them, whoever ' +
      'changed them and from wherever. It ends after `seconds` (at most 300; 0 ends after `ready`), ' +
      'when the client goes away, or when the server stops; the client then opens the next.',
    auth: 'user',
    query: accessEventsQuery,
    responses: {
      200: {
        description:
          'Server-sent events: `ready`, then `access` and `library` on each change; comments keep the connection alive',
        content: 'text/event-stream',
      },
    },
    errors: [],
  }),
};
