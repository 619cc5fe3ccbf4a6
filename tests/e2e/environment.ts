import { freshDataDir, removeDataDir } from '../pglite-template';
import { testServerArgs } from '../server-entry';
import { type ServerProcess, startServerProcess } from '../server-process';
import { type ExtensionBrowser, launchWithExtension } from './browser';
import { startTestSite } from './test-site';

/**
 * Everything a user journey needs, on this machine only: the real server (its own data folder and
 * port, so it can be stopped and started again), the test pages, and Chromium with the built extension.
 */
export interface E2eEnvironment {
  dataDir: string;
  site: Awaited<ReturnType<typeof startTestSite>>;
  ctx: ExtensionBrowser;
  /** The running server; replaced by `startServer`. */
  server: ServerProcess;
  stopServer(): Promise<void>;
  /** Starts the server again on the same port and data folder; `moreEnv` adds settings for this start only. */
  startServer(moreEnv?: Record<string, string>): Promise<ServerProcess>;
  close(): Promise<void>;
}

/** A server starts from a copy of a migrated database (no initdb), but a shared, loaded machine is slow. */
const SERVER_START_MS = 180_000;

/** `serverEnv` adds server settings (e.g. a house model served by the fake AI provider). */
export async function startE2eEnvironment(
  name: string,
  serverEnv: Record<string, string> = {},
  /** `path`: a copy of the build to load instead (e.g. with a permission granted at install). */
  browserOptions: { keepWelcome?: boolean; path?: string } = {},
): Promise<E2eEnvironment> {
  const dataDir = await freshDataDir(`trove-e2e-${name}-`);
  // The first start listens on a port the kernel picks (a port found free beforehand could be taken, by the test site
  // or a browser's connection, before the server listens on it: EADDRINUSE in a whole run); restarts reuse it.
  const [server, site, ctx] = await Promise.all([
    startServerProcess({
      args: testServerArgs(),
      env: { DATA_DIR: dataDir, ...serverEnv },
      timeoutMs: SERVER_START_MS,
    }),
    startTestSite(),
    launchWithExtension(browserOptions.path, browserOptions),
  ]);
  const port = Number(new URL(server.url).port);
  const env: E2eEnvironment = {
    dataDir,
    site,
    ctx,
    server,
    stopServer: () => env.server.stop(),
    startServer: async (moreEnv = {}) => {
      env.server = await startServerProcess({
        args: testServerArgs(),
        port,
        env: { DATA_DIR: dataDir, ...serverEnv, ...moreEnv },
        timeoutMs: SERVER_START_MS,
      });
      return env.server;
    },
    close: async () => {
      await ctx.close();
      await env.server.stop();
      await site.close();
      removeDataDir(dataDir);
    },
  };
  return env;
}
