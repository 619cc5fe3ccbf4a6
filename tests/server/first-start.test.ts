import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backend, createClient, gemBody, makeDataDir, removeDataDir } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * A server process started on a new PGlite data folder creates the database in a child process of
 * its own program (server/first-start.ts), then opens it: it serves at once, and a restart finds
 * what it stored.
 */
describe.runIf(backend === 'pglite')('first start on a new data folder', () => {
  const dataDir = makeDataDir();
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.kill();
    removeDataDir(dataDir);
  });

  it('creates the database in a child, serves, and a restart finds the data', { timeout: 180_000 }, async () => {
    const first = await startServerProcess({ dataDir, timeoutMs: 150_000 });
    servers.push(first);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    const client = createClient(first.url);
    const session = await client.signUp('first');
    const saved = await client.api('/api/gems', {
      token: session.jwt,
      body: gemBody({ title: 'From the first start' }),
    });
    expect(saved.status).toBe(201);
    await first.stop();

    const second = await startServerProcess({ dataDir });
    servers.push(second);
    const again = createClient(second.url);
    const list = await again.api('/api/get-all-bookmark', { token: session.jwt });
    expect(list.body.data.map((g: { title: string }) => g.title)).toEqual(['From the first start']);
  });
});
