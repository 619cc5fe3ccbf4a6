import { inject } from 'vitest';
import type { FakeProvider } from '../fake-provider/server';
import { freshDataDir, removeDataDir } from '../pglite-template';
import { testServerArgs } from '../server-entry';
import { BASELINE_WASM_ONLY, freePort, type ServerProcess, startServerProcess } from '../server-process';
import { type ExtensionBrowser, launchWithExtension } from './browser';
import { startTestSite } from './test-site';

/**
 * Everything a user journey needs, on this machine only: the real server, the test pages, and Chromium with the built
 * extension. The server is one the journeys share (shared-servers.ts) unless the journey starts its own.
 */
export interface E2eEnvironment {
  site: Awaited<ReturnType<typeof startTestSite>>;
  ctx: ExtensionBrowser;
  server: { url: string };
  close(): Promise<void>;
}

/** A journey's own server: its data folder and port, so it can be stopped and started again. */
export interface OwnServerEnvironment extends E2eEnvironment {
  dataDir: string;
  /** The running server; replaced by `startServer`. */
  server: ServerProcess;
  stopServer(): Promise<void>;
  /** Starts the server again on the same port and data folder; `moreEnv` adds settings for this start only. */
  startServer(moreEnv?: Record<string, string>): Promise<ServerProcess>;
}

/** `keepWelcome`, and `path`: a copy of the build to load instead (e.g. with a permission granted at install). */
export type BrowserOptions = { keepWelcome?: boolean; path?: string };

/** A server starts from a copy of a migrated database (no initdb), but a shared, loaded machine is slow. */
const SERVER_START_MS = 180_000;

/** Asks the project's shared servers (shared-servers.ts) for one; its address. */
async function sharedServer(path: '/plain' | '/claim' | '/release', target?: string): Promise<string> {
  const response = await fetch(`${inject('e2eSharedServers')}${path}`, {
    method: 'POST',
    body: JSON.stringify({ slot: process.env.VITEST_POOL_ID ?? String(process.pid), target }),
    signal: AbortSignal.timeout(SERVER_START_MS),
  });
  if (!response.ok) throw new Error(`${path} of the shared e2e servers: ${response.status} ${await response.text()}`);
  return path === '/release' ? '' : ((await response.json()) as { url: string }).url;
}

async function withSiteAndBrowser(
  server: Promise<{ url: string }>,
  browserOptions: BrowserOptions,
  closeServer: () => Promise<unknown>,
): Promise<E2eEnvironment> {
  const [serverStarted, site, ctx] = await Promise.allSettled([
    server,
    startTestSite(),
    launchWithExtension(browserOptions.path, browserOptions),
  ]);
  if (serverStarted.status === 'rejected' || site.status === 'rejected' || ctx.status === 'rejected') {
    if (ctx.status === 'fulfilled') await ctx.value.close();
    if (site.status === 'fulfilled') await site.value.close();
    await closeServer();
    const failed = [serverStarted, site, ctx].find((result) => result.status === 'rejected');
    throw failed?.reason;
  }
  return {
    site: site.value,
    ctx: ctx.value,
    server: serverStarted.value,
    close: async () => {
      await ctx.value.close();
      await closeServer();
      await site.value.close();
    },
  };
}

/**
 * On the server the journeys with no settings of their own share; `house`: on its worker slot's server instead, whose
 * house models that fake provider answers while this journey runs.
 */
export async function startE2eEnvironment(
  browserOptions: BrowserOptions = {},
  house?: FakeProvider,
): Promise<E2eEnvironment> {
  const url = house ? sharedServer('/claim', house.url) : sharedServer('/plain');
  const release = () => (house ? sharedServer('/release') : Promise.resolve());
  return withSiteAndBrowser(
    url.then((address) => ({ url: address })),
    browserOptions,
    release,
  );
}

/**
 * On a server of its own, started with `serverEnv` (e.g. a house model served by the fake AI provider), for a journey
 * that stops it, reads its data folder, or needs the server's first account (its admin).
 */
export async function startE2eEnvironmentWithOwnServer(
  name: string,
  serverEnv: Record<string, string> = {},
  browserOptions: BrowserOptions = {},
): Promise<OwnServerEnvironment> {
  const dataDir = await freshDataDir(`trove-e2e-${name}-`);
  const port = await freePort();
  const start = (moreEnv: Record<string, string> = {}) =>
    startServerProcess({
      args: [BASELINE_WASM_ONLY, ...(testServerArgs() ?? ['--import', 'tsx', 'server/main.ts'])],
      port,
      // a test server need not survive a power cut: no fsync per commit (a stop is a clean shutdown)
      env: { DATA_DIR: dataDir, TROVE_DURABLE_WRITES: '0', ...serverEnv, ...moreEnv },
      timeoutMs: SERVER_START_MS,
    });
  let server: ServerProcess | undefined;
  const first = start().then((started) => {
    server = started;
    return started;
  });
  const base = await withSiteAndBrowser(first, browserOptions, async () => {
    await server?.stop();
    removeDataDir(dataDir);
  });
  const env: OwnServerEnvironment = {
    ...base,
    dataDir,
    server: await first,
    stopServer: () => env.server.stop(),
    startServer: async (moreEnv = {}) => {
      env.server = await start(moreEnv);
      server = env.server;
      return env.server;
    },
  };
  return env;
}
