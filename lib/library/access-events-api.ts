import { ACCESS_EVENTS_MAX_SECONDS, type AccessChange, accessStreamEvents } from '../api/access-events-contract';
import { CallError } from '../api/call-error';
import type { ApiClient } from '../api/client';
import { accessEventsApi } from '../api/routes/access-events';
import { readSse } from '../chat/sse';

/** One event of the access stream, parsed (lib/api/access-events-contract.ts). */
export type AccessEvent = { type: 'ready' } | { type: 'access'; change: AccessChange } | { type: 'library' };

/**
 * The library's stream of changes to what is shared with the user and to the libraries they read
 * (server/features/access-events).
 */
export function createAccessEventsApi(client: ApiClient) {
  return {
    /** The events of one stream, until the server ends it (after its longest time) or `signal` aborts. */
    async *events(signal: AbortSignal): AsyncGenerator<AccessEvent> {
      const response = await client.send(accessEventsApi.stream, {
        query: { seconds: ACCESS_EVENTS_MAX_SECONDS },
        signal,
      });
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
        throw new CallError({ kind: 'server', status: response.status, message: 'The server sent no event stream.' });
      for await (const sse of readSse(response.body)) {
        if (sse.event === 'ready') yield { type: 'ready' };
        else if (sse.event === 'access') {
          const change = accessStreamEvents.access.safeParse(JSON.parse(sse.data));
          if (change.success) yield { type: 'access', change: change.data };
        } else if (sse.event === 'library') yield { type: 'library' };
      }
    },
  };
}
