import { copyOfTemplate, removeDataDir } from '../data-dirs';
import { type ServerProcess, startServerProcess } from '../server-process';

/**
 * A live server for component tests: the test build (`entry`, else the sources) on a copy of the migrated PGlite
 * `template`, with `extraEnv`. `close` stops it and removes its data folder. Node only (no jsdom), so the global setup
 * can start one too.
 */
export async function startLiveServer(
  template: string,
  entry: string | undefined,
  extraEnv: Record<string, string> = {},
): Promise<{ server: ServerProcess; close(): Promise<void> }> {
  const dataDir = copyOfTemplate(template, 'trove-component-');
  try {
    const server = await startServerProcess({
      args: entry ? [entry] : undefined,
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        TROVE_SECRET: 's'.repeat(48),
        TROVE_PER_ADDRESS_LIMITS: '0',
        // as the in-process test servers (harness.ts): a test server need not survive a power cut, and an fsync per
        // commit costs the live servers (which serve every component file) CPU for nothing
        TROVE_DURABLE_WRITES: '0',
        ...extraEnv,
      },
    });
    return {
      server,
      async close() {
        await server.stop();
        removeDataDir(dataDir);
      },
    };
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
}
