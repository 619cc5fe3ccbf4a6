import { streamSSE } from 'hono/streaming';
import { accessEventsApi } from '../../../lib/api/routes/access-events';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { accessWatchers } from './watchers';

/** A comment this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;

/** Resolves `end` once one of `signals` aborts (at once when one has); returns what removes its listeners. */
function onAnyAbort(signals: (AbortSignal | undefined)[], end: () => void): () => void {
  const present = signals.filter((signal) => signal !== undefined);
  if (present.some((signal) => signal.aborted)) end();
  for (const signal of present) signal.addEventListener('abort', end, { once: true });
  return () => {
    for (const signal of present) signal.removeEventListener('abort', end);
  };
}

/**
 * `GET /api/access-events` (lib/api/routes/access-events.ts): the user's changes of access as server-sent events,
 * until `seconds` pass, the client goes or the server stops (`stopping`); mounted at /api.
 */
export function accessEventRoutes({ db, stopping }: Deps) {
  const watchers = accessWatchers(db);
  return contractRoutes<AppEnv>('/api').implement(accessEventsApi.stream, (c, { query }) => {
    const userId = c.get('userId');
    return streamSSE(c, async (stream) => {
      // One write at a time; one to a client that went away fails quietly (its abort ends the stream below).
      let writing = Promise.resolve();
      const write = (text: () => Promise<unknown>) => {
        writing = writing
          .then(() => (stream.aborted || stream.closed ? undefined : text()))
          .then(
            () => {},
            () => {},
          );
        return writing;
      };
      const send = (event: string, data: unknown) =>
        write(() => stream.writeSSE({ event, data: JSON.stringify(data) }));
      const gone = new Promise<void>((resolve) => stream.onAbort(resolve));
      const leave = await watchers.subscribe(
        userId,
        (event) => void (event.name === 'access' ? send('access', event.change) : send('library', {})),
      );
      const keepAlive = setInterval(() => void write(() => stream.write(': keep-alive\n\n')), KEEP_ALIVE_MS);
      let timer: NodeJS.Timeout | undefined;
      let unlisten = () => {};
      try {
        await send('ready', {});
        if (query.seconds === 0) return;
        await Promise.race([
          gone,
          new Promise<void>((resolve) => {
            unlisten = onAnyAbort([c.req.raw.signal, stopping], resolve);
            timer = setTimeout(resolve, query.seconds * 1000);
          }),
        ]);
      } finally {
        clearTimeout(timer);
        unlisten();
        clearInterval(keepAlive);
        leave();
        await writing;
      }
    });
  }).app;
}
