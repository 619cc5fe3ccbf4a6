import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';

/**
 * Setup file of the server projects and the background project: the worker's global fetch opens a connection per
 * request, as the harness's `api()` does (harness.ts `request`). The servers it calls live in the same process (the
 * test servers, the fake providers), so a kept-alive connection saves next to nothing, and it can fail: while the
 * worker's event loop is busy (PGlite works synchronously in it) for about the server's keep-alive time (5 s, +1 s),
 * fetch sends the next request on a connection the server is closing that same moment and gets ECONNRESET. A shorter
 * idle time on the client does not help, since its timer cannot run while the loop is busy either. The files that share
 * their worker's server (setupTestServer) meet that gap between two files. The server's own calls through fetch (to
 * house and keyed providers) go without keep-alive too; its checked calls to users' endpoints keep their own agent.
 */
const marker = Symbol.for('trove.tests.noKeepAlive');
const current = getGlobalDispatcher() as unknown as Record<symbol, boolean>;
if (!current[marker]) {
  const agent = new Agent({ pipelining: 0 });
  (agent as unknown as Record<symbol, boolean>)[marker] = true;
  setGlobalDispatcher(agent);
}
