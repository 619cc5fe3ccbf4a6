import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Graceful close of a node:http server. `close(graceMs)` stops accepting connections, closes idle
 * keep-alive connections, and makes every response still to be sent (in flight now, or arriving on an
 * open connection later) carry `Connection: close`, so each connection ends after its current
 * response and clients stop sending on it. After `graceMs` the connections still open (long requests,
 * event streams) are destroyed. Resolves once every connection is gone; `forced` says whether the
 * bound was reached.
 */
export function drainable(server: Server) {
  const open = new Set<ServerResponse>();
  let closing = false;

  const endAfterThis = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    // Headers already sent as keep-alive (an event stream): end the connection once the response is done.
    else res.once('finish', () => res.socket?.end());
  };

  // Runs before the app's listener, so a response always gets the header before it is written.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      res.setHeader('Connection', 'close');
      return;
    }
    open.add(res);
    res.once('close', () => open.delete(res));
  });

  let closed: Promise<{ forced: boolean }> | undefined;
  return {
    close(graceMs: number): Promise<{ forced: boolean }> {
      closed ??= (async () => {
        closing = true;
        for (const res of open) endAfterThis(res);
        open.clear();
        const allClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const grace = new AbortController();
        const forced = await Promise.race([
          allClosed.then(() => false),
          sleep(graceMs, true, { signal: grace.signal }).catch(() => false),
        ]);
        grace.abort();
        if (forced) {
          console.warn(`Requests still in flight after ${graceMs / 1000} s were cut off (their connections closed).`);
          server.closeAllConnections();
          await allClosed;
        }
        return { forced };
      })();
      return closed;
    },
  };
}
