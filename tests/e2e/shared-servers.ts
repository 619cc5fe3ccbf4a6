import { appendFileSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { copyOfTemplate, removeDataDir } from '../data-dirs';
import { templateDataDir } from '../pglite-template';
import { type ServerProcess, startServerProcess } from '../server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a journey asks for a server it shares with other journeys (environment.ts, see below). */
    e2eSharedServers: string;
  }
}

/** The house key the slots' servers send their fake providers (as panel.ts's servers of their own do). */
export const HOUSE_API_KEY = 'house-key-e2e';

/** A server that serves many journeys: no fsync per commit, and no per-address limits (they all come from 127.0.0.1). */
const SHARED_ENV = { TROVE_DURABLE_WRITES: '0', TROVE_PER_ADDRESS_LIMITS: '0' };

interface Shared {
  server: ServerProcess;
  dataDir: string;
}

interface Slot {
  server: Promise<Shared>;
  /** The fake provider of the journey using the slot now; none between journeys. */
  target?: string;
  /** Provider requests being relayed to it, cut when the journey lets the slot go. */
  relayed: Set<ServerResponse>;
}

/** CPU seconds a process has used so far (Linux /proc; 0 once it is gone). */
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Servers the e2e journeys share instead of each starting its own (~5 s of CPU a start): every journey signs up
 * accounts of its own, so none sees another's data.
 * - `POST /plain`: one server, started when first asked for, that the journeys with no server settings share, from
 *   both workers at once.
 * - `POST /claim` `{slot, target}`: the server of a worker slot (VITEST_POOL_ID) whose house models the journey's own
 *   fake provider (`target`) answers: the server asks them at `<this>/slot/<n>/v1`, relayed here to the fake of the
 *   journey that claimed the slot, which it scripts and reads. A worker runs its journeys one after another, so a slot
 *   serves one journey at a time; `POST /release` cuts the requests still being relayed, and until the next claim a
 *   request gets a 404 (which the AI SDK does not retry): no journey's fake sees another journey's requests.
 * A journey that stops its server, reads its data folder, needs other settings or the first account (the admin) of a
 * server starts its own (environment.ts `startE2eEnvironmentWithOwnServer`).
 */
export default async function setup(project: TestProject) {
  const { testServerEntry } = project.getProvidedContext();
  const template = templateDataDir();
  const started: Promise<Shared>[] = [];
  let plain: Promise<Shared> | undefined;
  const slots = new Map<string, Slot>();
  let base = '';

  const start = (env: Record<string, string>) => {
    const shared = (async () => {
      const dataDir = copyOfTemplate(await template, 'trove-e2e-shared-');
      try {
        const server = await startServerProcess({
          args: testServerEntry ? [testServerEntry] : undefined,
          env: { DATA_DIR: dataDir, ...SHARED_ENV, ...env },
          timeoutMs: 180_000,
        });
        return { server, dataDir };
      } catch (error) {
        removeDataDir(dataDir);
        throw error;
      }
    })();
    started.push(shared);
    return shared;
  };

  const houseEnv = (slot: string): Record<string, string> => ({
    TROVE_HOUSE_PROVIDER: 'openai-compatible',
    TROVE_HOUSE_BASE_URL: `${base}/slot/${slot}/v1`,
    TROVE_HOUSE_API_KEY: HOUSE_API_KEY,
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
    return (text ? JSON.parse(text) : {}) as { slot?: string; target?: string };
  };

  const answerUrl = async (res: ServerResponse, shared: Promise<Shared>) => {
    const { server } = await shared;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: server.url }));
  };

  const control = async (path: string, req: IncomingMessage, res: ServerResponse) => {
    const { slot: name = '', target } = await body(req);
    if (path === '/plain') {
      plain ??= start({});
      return answerUrl(res, plain);
    }
    const slot = slots.get(name);
    if (path === '/claim') {
      const claimed = slot ?? { server: start(houseEnv(name)), relayed: new Set() };
      slots.set(name, claimed);
      // A journey of this slot that ended without letting go (its worker killed) loses what it still had relayed.
      for (const relayed of claimed.relayed) relayed.destroy();
      claimed.target = target;
      return answerUrl(res, claimed.server);
    }
    if (path === '/release' && slot) {
      slot.target = undefined;
      for (const relayed of slot.relayed) relayed.destroy();
    }
    res.writeHead(path === '/release' ? 204 : 404).end();
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
  project.provide('e2eSharedServers', base);

  return async () => {
    server.closeAllConnections();
    server.close();
    const cpuFile = process.env.TROVE_TEST_CPU;
    await Promise.all(
      started.map(async (shared) => {
        const running = await shared.catch(() => undefined);
        if (!running) return;
        const { pid } = running.server;
        const cpu = processCpu(pid);
        await running.server.stop();
        removeDataDir(running.dataDir);
        // Its CPU is no journey's (tests/cpu-per-file.ts counts a file's own children): a line of its own.
        const line = { file: `e2e shared server ${pid}`, pid, cpu, own: 0, children: cpu, wall: 0 };
        if (cpuFile) appendFileSync(cpuFile, `${JSON.stringify(line)}\n`);
      }),
    );
  };
}
