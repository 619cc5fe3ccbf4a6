import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/** Builds the server the tests start as a process, once per run (see the file). */
const serverBuild = 'tests/server-build-setup.ts';

/** Each file's CPU seconds appended to the file TROVE_TEST_CPU names (tests/cpu-per-file.ts, scripts/test-cpu.ts). */
const cpuSetup = process.env.TROVE_TEST_CPU ? ['tests/cpu-per-file.ts'] : [];

/**
 * The server suite, on PGlite (`server`) and again on a throwaway PostgreSQL cluster (`server-postgres`).
 * Not isolated: a worker loads the server's modules once and runs file after file with them (each file starts
 * its own server on its own database, and the server keeps no state in its modules that one server could see of
 * another's), instead of loading them again for every file: ~2.6 s less CPU per file.
 */
const serverTests = {
  environment: 'node',
  include: ['tests/server/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  isolate: false,
  setupFiles: cpuSetup,
};

/** Server test files with nothing to run on PGlite: all their tests are PostgreSQL's (`describe.runIf`). */
const postgresOnly = ['tests/server/postgres-concurrency.test.ts', 'tests/server/several-copies.test.ts'];
/**
 * Server test files with nothing to run on PostgreSQL: PGlite's own (first start, its client), no database at
 * all (token signing, provider models, which modules the server loads), or the PDF reader's own (its process, its
 * bounds, its fairness, its start from the built server: the same on either database, where a chat file is stored
 * as chat-files.test.ts checks on both; ~40 s of CPU on PostgreSQL).
 */
const noPostgres = [
  'tests/server/first-start.test.ts',
  'tests/server/pglite-client.test.ts',
  'tests/server/access-tokens.test.ts',
  'tests/server/language-models.test.ts',
  'tests/server/storage-lazy.test.ts',
  'tests/server/chat-file-pdf-reader.test.ts',
  'tests/server/chat-file-pdf-limits.test.ts',
  'tests/server/chat-file-pdf-fair.test.ts',
  'tests/server/chat-file-pdf-built.test.ts',
];

export default defineConfig({
  test: {
    // Inherited by every project's workers and the server processes they start: argon2id at a test cost
    // (server/auth/passwords.ts), ~1 ms a hash instead of ~30.
    env: { TROVE_TEST_PASSWORD_COST: 'low' },
    projects: [
      {
        extends: true,
        // a few unit files compile a whole library (store-safe-bundles) or cruise the tree (import-rules): seconds on a busy machine
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: 30_000,
          setupFiles: cpuSetup,
        },
      },
      {
        extends: true,
        plugins: [WxtVitest()],
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          // packages loaded once per worker; our modules afresh in each file (see the setup file)
          isolate: false,
          setupFiles: ['tests/component/setup.ts', ...cpuSetup],
          globalSetup: [
            'tests/component/global-setup.ts',
            serverBuild,
            'tests/component/shared-live-server.ts',
            'tests/component/house-live-servers.ts',
          ],
          // A find waits up to 5 s on a busy 2-core machine (setup.ts); a test gets room for a few of them.
          testTimeout: 20_000,
        },
      },
      { extends: true, test: { name: 'server', ...serverTests, exclude: postgresOnly, globalSetup: [serverBuild] } },
      {
        extends: true,
        // TROVE_TEST_DATABASE lets harness.ts refuse to fall back to PGlite should the global setup go missing.
        test: {
          name: 'server-postgres',
          ...serverTests,
          exclude: noPostgres,
          globalSetup: ['tests/server/postgres-global-setup.ts', serverBuild],
          env: { TROVE_TEST_DATABASE: 'postgres' },
        },
      },
      {
        extends: true,
        plugins: [WxtVitest()],
        test: {
          name: 'background',
          environment: 'node',
          include: ['tests/background/**/*.test.ts'],
          // packages loaded once per worker; our modules and the fake browser afresh in each file (see the setup file)
          isolate: false,
          setupFiles: ['tests/background/setup.ts', ...cpuSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          globalSetup: [serverBuild],
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time (scripts/test-all.ts, --maxWorkers=2): each has its own server, port, data folder,
          // browser profile and fake provider (environment.ts), and a journey waits on them far more than it computes.
        },
      },
    ],
  },
});
