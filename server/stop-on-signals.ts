import { type RunningServer, SHUTDOWN_GRACE_MS } from './start';

/**
 * Past the grace period, how long closing the database and the answers in flight may take before the process gives up.
 */
const CLOSE_MARGIN_MS = 15_000;

/**
 * On SIGTERM or SIGINT: stop the server gracefully (see RunningServer.stop) and exit 0 once the
 * database is closed; exit 1 if stopping fails or hangs past the grace period plus a margin.
 * The same signal again kills the process at once (a second Ctrl+C).
 */
export function stopOnSignals(server: RunningServer) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      console.log(`Received ${signal}, shutting down (requests in flight get up to ${SHUTDOWN_GRACE_MS / 1000} s)…`);
      const watchdog = setTimeout(() => {
        console.error('The server did not stop in time; exiting without closing the database.');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS + CLOSE_MARGIN_MS);
      watchdog.unref();
      try {
        await server.stop();
        console.log('Stopped; the database is closed.');
        process.exit(0);
      } catch (error) {
        console.error('Stopping the server failed:', error);
        process.exit(1);
      }
    });
  }
}
