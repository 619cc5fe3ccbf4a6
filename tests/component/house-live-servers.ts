import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startLiveServer } from './live-server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a file whose house models a fake provider of its own answers claims a live server (see below). */
    houseLiveServers: string;
  }
}

type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

interface Slot {
  server: Promise<LiveServer>;
  /** Whether a file is using the slot now. */
  claimed: boolean;
  /** The fake provider of the file using the slot now; none between files, or for a file that has none. */
  target?: string;
  /** Provider requests being relayed to it, cut when the file lets the slot go. */
  relayed: Set<ServerResponse>;
}

/**
 * Live servers for the component files whose house models a fake provider of their own answers
 * (`setupLiveServer(houseAnsweredBy(fake))`, chat/live-server.tsx), and for those that need a server that works no bulk
 * job (`setupLiveServer(withoutBulkWorker)`): one per worker slot (VITEST_POOL_ID), started when a file of that slot
 * first asks, instead of one per file (~5 s of CPU a start). A worker runs its files one after another, so a slot's
 * server serves one file at a time, as a file's server serves one test at a time. The slots' servers work no queued
 * bulk job or import (TROVE_BULK_WORKER=0): none of the files with a fake provider queues one, and a file that must see
 * a job stay queued can use them.
 *
 * The slot's server asks its house models at `<this>/slot/<n>/v1`, relayed here to the fake provider of the file that
 * claimed the slot (`POST /claim`), the fake that file scripts and reads. When the file lets go (`POST /release`), its
 * requests still being relayed are cut, and until the next file claims the slot a request is refused with a 404
 * (which the AI SDK does not retry): so no file's provider sees, or answers with its scripts, another file's requests.
 */
export default async function setup(project: TestProject) {
  const { pgliteTemplate, testServerEntry } = project.getProvidedContext();
  const slots = new Map<string, Slot>();
  let base = '';

  const houseEnv = (slot: string): Record<string, string> => ({
    TROVE_HOUSE_PROVIDER: 'openai-compatible',
    TROVE_HOUSE_BASE_URL: `${base}/slot/${slot}/v1`,
    TROVE_HOUSE_API_KEY: 'house-key-component',
    TROVE_BULK_WORKER: '0',
  });

  const relay = (slot: Slot | undefined, path: string, req: IncomingMessage, res: ServerResponse) => {
    if (!slot?.target) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'No fake provider answers this house server now.', type: 'gone' } }));
      return;
    }
    const target = new URL(path, slot.target);
    const upstream = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    slot.relayed.add(res);
    // The server going away (a stopped answer) is the provider's client going away: the fake records it.
    res.on('close', () => {
      slot.relayed.delete(res);
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };

  const body = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return JSON.parse(text) as { slot: string; target?: string };
  };

  const control = async (path: string, req: IncomingMessage, res: ServerResponse) => {
    const { slot: name, target } = await body(req);
    if (path === '/claim') {
      let slot = slots.get(name);
      if (!slot) {
        slot = {
          server: startLiveServer(pgliteTemplate, testServerEntry, houseEnv(name)),
          claimed: false,
          relayed: new Set(),
        };
        slots.set(name, slot);
      }
      if (slot.claimed) throw new Error(`slot ${name} is claimed already (by ${slot.target ?? 'a file'})`);
      slot.claimed = true;
      slot.target = target;
      const live = await slot.server;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: live.server.url }));
    } else if (path === '/release') {
      const slot = slots.get(name);
      if (slot) {
        slot.claimed = false;
        slot.target = undefined;
        for (const relayed of slot.relayed) relayed.destroy();
      }
      res.writeHead(204).end();
    } else {
      res.writeHead(404).end();
    }
  };

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const relayed = /^\/slot\/([^/]+)(\/.*)$/.exec(path);
    const handled =
      relayed?.[1] && relayed[2] ? relay(slots.get(relayed[1]), relayed[2], req, res) : control(path, req, res);
    Promise.resolve(handled).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  project.provide('houseLiveServers', base);

  return async () => {
    server.closeAllConnections();
    server.close();
    await Promise.all([...slots.values()].map((slot) => slot.server.then((live) => live.close()).catch(() => {})));
  };
}
