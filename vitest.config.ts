import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { BASELINE_WASM_ONLY } from './tests/server-process';
import { SlowFirstSequencer } from './tests/slow-first-sequencer';

/** Builds the server the tests start as a process, once per run (see the file). */
const serverBuild = 'tests/server-build-setup.ts';

/** Names, and removes at the end, the data folders of the servers the server files share per worker (harness.ts). */
const sharedServers = 'tests/server/shared-servers-cleanup.ts';

/** Each file's CPU seconds appended to the file TROVE_TEST_CPU names (tests/cpu-per-file.ts, scripts/test-cpu.ts). */
const cpuSetup = process.env.TROVE_TEST_CPU ? ['tests/cpu-per-file.ts'] : [];

/**
 * The server suite, on PGlite (`server`) and again on a throwaway PostgreSQL cluster (`server-postgres`).
 * Not isolated: a worker loads the server's modules once and runs file after file with them (the server keeps no
 * state in its modules that one server could see of another's), instead of loading them again for every file: ~2.6 s
 * less CPU per file. The files with the default configuration share one server per worker (tests/server/harness.ts
 * `setupTestServer`), so they must pass in any order (`--sequence.shuffle.files`); the others start their own.
 */
const serverTests = {
  environment: 'node',
  include: ['tests/server/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  isolate: false,
  // PGlite's WebAssembly as baseline code only, as in the server processes the files start (tests/server-process.ts):
  // a worker's tests run many short statements, and optimising the hot functions on V8's background threads cost more
  // CPU than it saved. Measured on 8 server files (752 tests, 2 workers), four runs each: 54–64 → 45–52 CPU s.
  execArgv: [BASELINE_WASM_ONLY],
  setupFiles: ['tests/server/no-keep-alive.ts', ...cpuSetup],
};

/** Server test files with nothing to run on PGlite: all their tests are PostgreSQL's (`describe.runIf`). */
const postgresOnly = ['tests/server/postgres-concurrency.test.ts', 'tests/server/several-copies.test.ts'];

const server = (...names: string[]) => names.map((name) => `tests/server/${name}.test.ts`);
/**
 * The server test files that run again on PostgreSQL (`server-postgres`); every other one runs on PGlite only. PGlite
 * is PostgreSQL's own engine, so SQL, its triggers and its errors are the same on both: what a PostgreSQL run adds is
 * the driver (postgres.js: types, jsonb, timestamps, errors, its pool), several connections at once (statements that
 * overlap, locks, races, SKIP LOCKED workers, advisory locks), several server copies on one database, and the real
 * server's own (migrating an empty database, fsync, a pool drained at shutdown). So a file runs here when its subject
 * is one of those: a new file that stores, queries or races belongs in this list.
 *
 * On PGlite only, each for what it proves: chat streaming and the providers (the AI SDK against the fake provider or
 * recordings; the stored answer's columns are read through the driver by chat-credits, message-context and the
 * library files here), the HTTP boundary and the contract (body-limit, strict-input, fuzz, openapi; a data exception's
 * 400 through the driver is data-errors'), the limits in the server's memory or process (sign-in-limits, the PDF
 * reader's files), settings and catalogues read at start, PGlite's own (first start, its client) and files with no
 * database at all.
 */
const onPostgres = [
  // The library's storage and SQL: gems, collections (moves racing), tags, counts kept by triggers, the trash, search,
  // duplicates, bulk jobs and their worker (SKIP LOCKED), imports finished after a kill, exports, the link worker.
  ...server('gems', 'gem-edits-bulk', 'gem-count-triggers', 'collections', 'collections-tree', 'collection-loops'),
  ...server('tags', 'tags-tree', 'trash-gems', 'duplicates', 'search-golden', 'search-routes', 'chat-retrieval'),
  // The tags and collections a query names, read before its statement through the driver (an int[] back).
  ...server('search-plan-inputs'),
  ...server('bulk-jobs', 'bulk-worker', 'imports', 'export-roundtrip', 'dead-links'),
  // A gem's summary, flash cards and quiz: stored (jsonb, upserts), exported and imported with it.
  ...server('study'),
  // Accounts and limits held in the database: sign-ups racing for a name, refresh-token families and a doubled
  // refresh, rate limits shared by copies, a user deleted under a live token.
  ...server('auth', 'refresh-grace', 'rate-limits', 'deleted-user'),
  // Answers' storage: leases and a crash taken over by another copy, credits held by answers at once, a chat file
  // stored and swept, a message's context (jsonb) through the driver, an edit's updatedAt through it, the driver's
  // data exceptions.
  ...server('answer-leases', 'chat-crash', 'chat-durable', 'chat-credits', 'credit-holds', 'chat-files'),
  ...server('chat-file-sweep', 'message-context', 'prompt-edits', 'data-errors'),
  // The database server's own: durable commits, migrating an empty database at start, a pool drained by SIGTERM,
  // several copies, concurrency PGlite cannot have.
  ...server('durability', 'restart', 'shutdown'),
  // Who may see what (the access rule's SQL functions and recursive reach), public pages' queries, accounts deleted
  // across every table.
  ...server('sharing-policy', 'public-pages', 'account', 'operator'),
  // What an open library hears of changes made elsewhere: rows added by triggers, read and trimmed while others commit.
  ...server('library-changes'),
  // Following public collections: their recursive reach and the new counts against the database's clock.
  ...server('following'),
  ...server('share-links'),
  // Moderation: one pending offer per gem (a partial unique index) and two approvals racing for one copy.
  ...server('moderation'),
  // Anonymous runs of public prompts: a monthly budget held by one conditional UPDATE, runs racing for it.
  ...server('public-prompts'),
  // Search by meaning: the migration without pgvector, and the routes saying so (search stays by words).
  ...server('embeddings'),
  // Teams: memberships in the access rule, allowances held by parallel answers (no overspending).
  ...server('teams'),
  // Custom sites: a domain or subdirectory bound once (unique indexes), served by Host.
  ...server('custom-sites'),
  ...postgresOnly,
];
// A file renamed or gone would silently drop out of the PostgreSQL run.
for (const file of onPostgres)
  if (!existsSync(file)) throw new Error(`vitest.config.ts: onPostgres lists ${file}, which does not exist`);

export default defineConfig({
  test: {
    // Inherited by every project's workers and the server processes they start: argon2id at a test cost
    // (server/auth/passwords.ts), ~1 ms a hash instead of ~30.
    env: { TROVE_TEST_PASSWORD_COST: 'low' },
    // The long files start first, whatever machine runs them (the file says why); `--sequence.shuffle…` (README: the
    // server files pass in any order) still gets vitest's random order, which a sequencer of ours would replace.
    sequence: process.argv.some((arg) => arg.startsWith('--sequence.shuffle')) ? {} : { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        // a few unit files compile a whole library (store-safe-bundles) or cruise the tree (import-rules): seconds on a busy machine
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: 30_000,
          // packages loaded once per worker; our modules afresh in each file (see the setup file)
          isolate: false,
          setupFiles: ['tests/unit/setup.ts', ...cpuSetup],
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
      {
        extends: true,
        test: { name: 'server', ...serverTests, exclude: postgresOnly, globalSetup: [serverBuild, sharedServers] },
      },
      {
        extends: true,
        // TROVE_TEST_DATABASE lets harness.ts refuse to fall back to PGlite should the global setup go missing.
        test: {
          name: 'server-postgres',
          ...serverTests,
          include: onPostgres,
          globalSetup: ['tests/server/postgres-global-setup.ts', serverBuild, sharedServers],
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
          // packages and the test server loaded once per worker; our extension's modules and the fake browser afresh
          // in each file (see the setup file). The files with the default configuration share their worker's server.
          isolate: false,
          setupFiles: ['tests/server/no-keep-alive.ts', 'tests/background/setup.ts', ...cpuSetup],
          globalSetup: [sharedServers],
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
          // On a failure, what the open browsers showed (the file says why).
          setupFiles: ['tests/e2e/failure-report.ts', ...cpuSetup],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A worker loads puppeteer and the helpers once, and a file takes the browser the file before it used, put
          // back to a new install's state (tests/e2e/browser.ts), instead of launching one: ~5 CPU s a file.
          isolate: false,
          env: { TROVE_E2E_REUSE_BROWSERS: '1' },
          // Two files at a time (scripts/test-all.ts, --maxWorkers=2): each has its own server, port, data folder and
          // fake provider (environment.ts), and a journey waits on them far more than it computes.
        },
      },
    ],
  },
});
