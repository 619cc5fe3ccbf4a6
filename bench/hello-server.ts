/**
 * The ceiling of the load run: a bare Hono server on @hono/node-server answering every request with
 * a small JSON body, run like the Trove server (compiled, a child process). It prints the line the
 * load bench waits for.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.all('*', (c) => c.json({ data: 'hello' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  console.log(`Trove server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
