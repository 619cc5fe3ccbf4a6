import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type AuthResponse, apiErrorSchema, authResponseSchema } from '../../lib/api/contract';
import { createApp } from '../../server/app';
import { PER_ADDRESS_LIMITS_OFF, rateLimitSettings } from '../../server/auth/limits';
import type { ServerConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { Generations } from '../../server/features/answers/generations';
import { newLeaseSettings } from '../../server/features/answers/leases';
import { parseAddressPolicy } from '../../server/http/address-policy';
import type { Deps } from '../../server/http/env';
import { makeOutbound } from '../../server/http/outbound';
import { type RunningServer, startServer } from '../../server/start';
import { localFileStore } from '../../server/storage/local-store';
import { freshDataDir, makeDataDir, removeDataDir } from '../pglite-template';
import { checkDocumented } from './documented-responses';
import type { TestPostgres } from './postgres-global-setup';

export { freshDataDir, makeDataDir, removeDataDir };

/**
 * Server test harness: the real server (Hono over node:http) on a real database, called over node:http.
 * A test file gets a server in beforeAll (`setupTestServer`: its worker's shared one, or one of its own when it
 * needs settings) and its tests share it, each with its own users (`signUp`), so no test may count rows across users.
 *
 * Two backends, one suite:
 * - `pglite` (vitest project `server`): each server gets a fresh PGlite data folder, a copy of a
 *   migrated template folder built once (see `freshDataDir`), since PGlite's initdb takes seconds.
 * - `postgres` (project `server-postgres`, see postgres-global-setup.ts): every server uses the one
 *   shared PostgreSQL database, as N server copies in production do; a server started with
 *   `{ isolated: true }` gets a database of its own. The data folder (uploads) is still a fresh temp folder.
 */

export const SECRET = 'x'.repeat(48);
export const PASSWORD = 'correct-horse-1';

// Response bodies are whatever the server sent; tests assert on them or parse them with the contract's schemas.
// biome-ignore lint/suspicious/noExplicitAny: JSON from the wire
type Json = any;

export interface ApiOptions {
  method?: string;
  token?: string;
  /** Sent as JSON; a string is sent as-is (for malformed bodies). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  body: Json;
  headers: Headers;
}

export interface Session extends AuthResponse {
  password: string;
}

export interface Client {
  url: string;
  api(path: string, options?: ApiOptions): Promise<ApiResponse>;
  /** Registers a new user with a unique username (the prefix plus a counter) and email. */
  signUp(prefix?: string): Promise<Session>;
  /** Signs in with an email or username. */
  signIn(identifier: string, password?: string): Promise<AuthResponse>;
}

export interface TestServer extends Client {
  server: RunningServer;
  config: ServerConfig;
  /** Stops the server; removes the data folder too when the harness created it. */
  close(): Promise<void>;
}

/** The PostgreSQL target when running in the `server-postgres` project (provided by its global setup). */
const testPostgres: TestPostgres | undefined = inject('trovePostgres');

if (process.env.TROVE_TEST_DATABASE === 'postgres' && !testPostgres) {
  throw new Error(
    'TROVE_TEST_DATABASE=postgres but no PostgreSQL was provided: run these tests as the server-postgres project',
  );
}

/** Which database the servers of this run use. */
export const backend: 'pglite' | 'postgres' = testPostgres ? 'postgres' : 'pglite';

let userCounter = 0;

export function uniqueUsername(prefix = 'u'): string {
  userCounter += 1;
  const suffix = `${userCounter}${Math.random().toString(36).slice(2, 6)}`.replace(/[^a-z0-9]/g, '');
  return `${prefix.slice(0, 14 - suffix.length)}${suffix}`.slice(0, 14);
}

/**
 * One request over node:http, a connection of its own (as api-routes.ts `send()`): fetch costs ~0.6 ms more CPU a
 * request (its web streams and Request objects), and a kept-alive connection the server closed after refusing a body
 * could fail the next request. The answer's headers as fetch's `Headers`, which the tests read.
 */
function request(
  target: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    // a length of its own: node:http would not send a DELETE's body otherwise
    const length = body === undefined ? {} : { 'Content-Length': Buffer.byteLength(body) };
    const outgoing = httpRequest(target, { method, headers: { ...headers, ...length }, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) received.append(name, one);
        }
        resolve({ status: res.statusCode ?? 0, headers: received, text: Buffer.concat(parts).toString('utf8') });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export function createClient(url: string): Client {
  const api = async (path: string, options: ApiOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const method = options.method ?? (body ? 'POST' : 'GET');
    const { status, headers: received, text } = await request(`${url}${path}`, method, headers, body);
    let parsed: Json = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text, tests will fail on it with a readable value
    }
    checkDocumented(method, path, status, received.get('Content-Type'), parsed);
    return { status, body: parsed, headers: received };
  };

  const signIn = async (identifier: string, password = PASSWORD) => {
    const res = await api('/api/auth/local', { body: { identifier, password } });
    if (res.status !== 200)
      throw new Error(`sign-in of ${identifier} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return authResponseSchema.parse(res.body);
  };

  const signUp = async (prefix = 'u') => {
    const username = uniqueUsername(prefix);
    const res = await api('/api/auth/local/register', {
      body: { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD },
    });
    if (res.status !== 201) throw new Error(`sign-up of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...authResponseSchema.parse(res.body), password: PASSWORD };
  };

  return { url, api, signIn, signUp };
}

let databaseCounter = 0;

export interface OwnDatabase {
  url: string;
  /** Drops the database (closing any connection still open to it). */
  drop(): Promise<void>;
}

/**
 * PostgreSQL only: a new database of one's own, a copy of the migrated template or, with `empty`, a
 * database with no tables at all (the first server started on it runs the migrations).
 */
export async function createPostgresDatabase(options: { empty?: boolean } = {}): Promise<OwnDatabase> {
  if (!testPostgres) throw new Error('createPostgresDatabase needs the server-postgres project (no PostgreSQL here)');
  const { adminUrl, template } = testPostgres;
  const admin = () => postgres(adminUrl, { max: 1, onnotice: () => {} });
  databaseCounter += 1;
  const name = `trove_own_${process.pid}_${databaseCounter}`;
  const creator = admin();
  try {
    await creator.unsafe(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${template}`}`);
  } finally {
    await creator.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = admin();
      try {
        await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}

/** Serves `app` (built by a test with createApp) on a free local port; its client, and how to stop it. */
export async function serveApp(app: Hono): Promise<{ client: Client; close: () => void }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const client = createClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { client, close: () => server.close() };
}

/**
 * A migrated, empty database of one's own opened directly, without a server, for tests of the schema
 * itself: a fresh PGlite data folder, or on PostgreSQL a copy of the migrated template. `close()` removes it.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testPostgres) {
    const own = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: own.url });
    const close = async () => {
      await database.close();
      await own.drop();
    };
    return { ...database, close };
  }
  const dir = await freshDataDir();
  const database = await openDatabase({ dataDir: dir });
  const close = async () => {
    await database.close();
    removeDataDir(dir);
  };
  return { ...database, close };
}

export interface InProcessSettings {
  /** The app's AI settings over the defaults: no house models, no starting credits, public upstreams only. */
  ai?: Partial<Deps['ai']>;
  /** Run on the migrated database before the app is built (e.g. the model catalogue a house model needs). */
  prepare?: (db: Database['db']) => Promise<unknown>;
}

/** The app of `setupInProcessApp`, its database, its answers in progress and its uploads folder. */
export interface InProcessApp {
  /** Calls the app over HTTP (forwarding to it once it runs, so it can be destructured at the top of a file). */
  readonly client: Client;
  readonly database: Database;
  readonly generations: Generations;
  readonly dir: string;
}

/**
 * Gives the calling test file the server's app built in its own process (beforeAll), on a database of its own, served
 * over real HTTP; closed afterwards (afterAll). For files that read or change the database directly under the app
 * (rows, triggers, rate limits) or wait on its answers in progress. `settings` is called in that beforeAll, after the
 * hooks registered before it (e.g. a fake provider's).
 */
export function setupInProcessApp(settings: () => InProcessSettings = () => ({})): InProcessApp {
  let running: (Omit<InProcessApp, 'client'> & { close: () => void; client: Client }) | undefined;
  beforeAll(async () => {
    const { ai, prepare } = settings();
    const database = await openTestDatabase();
    const dir = makeDataDir();
    const generations = new Generations(newLeaseSettings(30));
    try {
      await prepare?.(database.db);
      const app = createApp({
        db: database.db,
        tokens: { secret: SECRET, accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 900 },
        files: { store: localFileStore(dir) },
        ai: {
          secret: SECRET,
          startingCredits: 0,
          leaseSeconds: 30,
          outbound: makeOutbound(parseAddressPolicy('public')),
          ...ai,
        },
        generations,
        requests: { limits: rateLimitSettings(PER_ADDRESS_LIMITS_OFF), trustedProxies: 0 },
      }) as Hono;
      const { client, close } = await serveApp(app);
      running = { client, close, database, generations, dir };
    } catch (error) {
      await database.close();
      removeDataDir(dir);
      throw error;
    }
  });
  afterAll(async () => {
    if (!running) return;
    running.close();
    await running.generations.shutdown();
    await running.database.close();
    removeDataDir(running.dir);
  });
  const current = () => {
    if (!running) throw new Error('the in-process app is not running (use it inside tests or hooks)');
    return running;
  };
  return {
    client: {
      get url() {
        return current().client.url;
      },
      api: (path, options) => current().client.api(path, options),
      signUp: (prefix) => current().client.signUp(prefix),
      signIn: (identifier, password) => current().client.signIn(identifier, password),
    },
    get database() {
      return current().database;
    },
    get generations() {
      return current().generations;
    },
    get dir() {
      return current().dir;
    },
  };
}

export interface StartOptions {
  /**
   * A server of the file's own although its configuration is the default: for files that read what every user of
   * the server left (its uploads folder, all accounts), or restart or stop it. See `setupTestServer`.
   */
  own?: boolean;
  /**
   * A database no other test server uses, for tests that read across users (an operator's listing).
   * On PGlite every server without an explicit `dataDir` is isolated anyway; on PostgreSQL this copies
   * the migrated template into a new database, dropped by `close()`.
   */
  isolated?: boolean;
}

/**
 * Starts a server. Without `dataDir` it gets a fresh temporary folder, removed by `close()`: on PGlite
 * a migrated database (`freshDataDir`), on PostgreSQL an empty folder beside the shared database.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const ownsDataDir = overrides.dataDir === undefined;
  const own =
    testPostgres && options.isolated && overrides.databaseUrl === undefined
      ? await createPostgresDatabase()
      : undefined;
  let config: ServerConfig | undefined;
  let server: RunningServer;
  try {
    config = {
      port: 0,
      host: '127.0.0.1',
      dataDir: overrides.dataDir ?? (testPostgres ? makeDataDir() : await freshDataDir()),
      databaseUrl: own?.url ?? testPostgres?.url,
      secret: SECRET,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 3600,
      logRequests: false,
      // every test calls from 127.0.0.1 and, on PostgreSQL, shares the counters: per-address limits are
      // off (tests/server/rate-limits.test.ts and sign-in-limits.test.ts turn them on with their own addresses)
      rateLimits: PER_ADDRESS_LIMITS_OFF,
      // Like the test PostgreSQL cluster (fsync off): a test server need not survive a power cut.
      durableWrites: false,
      // The fake providers users add as their own endpoints listen on 127.0.0.1.
      userEndpoints: 'public,loopback',
      ...overrides,
    };
    server = await startServer(config);
  } catch (error) {
    if (ownsDataDir && config) removeDataDir(config.dataDir);
    await own?.drop();
    throw error;
  }
  const started = config;
  return {
    ...createClient(server.url),
    server,
    config: started,
    close: async () => {
      await server.stop();
      if (ownsDataDir) removeDataDir(started.dataDir);
      await own?.drop();
    },
  };
}

/**
 * The one server of this worker that the files with the default configuration share (setupTestServer): the workers
 * run file after file in one process (vitest.config.ts, `isolate: false`), so it is started by the first such file
 * and serves every later one, instead of a server start and a copy of the template per file. It is never stopped;
 * its data folder is removed when the run ends (shared-servers-cleanup.ts: the worker is killed, not closed).
 */
let sharedServer: Promise<TestServer> | undefined;

/**
 * Set only in the projects whose global setup removes the shared servers' folders (shared-servers-cleanup.ts): the
 * server projects and the background project (whose setup file keeps this module from file to file). Elsewhere each
 * file starts its own server, which it closes.
 */
const sharedServerPrefix = inject('sharedServerPrefix');

function workerServer(prefix: string): Promise<TestServer> {
  sharedServer ??= (async () => {
    const dataDir = testPostgres ? makeDataDir(prefix) : await freshDataDir(prefix);
    const running = await startTestServer({ dataDir });
    return { ...running, close: async () => {} };
  })();
  // a start that failed is tried again by the next file rather than failing every later one with its error
  sharedServer.catch(() => {
    sharedServer = undefined;
  });
  return sharedServer;
}

/**
 * Gives the calling test file a server (beforeAll), closed afterwards (afterAll) when it is the file's own.
 * The returned object forwards to it, so it can be destructured at the top of a file. `overrides`
 * may be a function, called in that beforeAll (after the hooks registered before it, e.g. a test bucket's).
 *
 * Without overrides or options, the file uses its worker's shared server (`workerServer`): its tests make users of
 * their own and assert nothing about the server's other users (no counts of all rows, no "the first account"), in
 * whatever order the files run (`--sequence.shuffle.files` must pass); a file that must have a server to itself
 * says `{ own: true }`.
 */
export function setupTestServer(
  overrides: Partial<ServerConfig> | (() => Partial<ServerConfig>) = {},
  options: StartOptions = {},
): Client & { readonly current: TestServer } {
  let running: TestServer | undefined;
  const shared =
    sharedServerPrefix !== undefined &&
    typeof overrides !== 'function' &&
    Object.keys(overrides).length === 0 &&
    !options.own &&
    !options.isolated;
  beforeAll(async () => {
    running = shared
      ? await workerServer(sharedServerPrefix)
      : await startTestServer(typeof overrides === 'function' ? overrides() : overrides, options);
  });
  afterAll(async () => {
    await running?.close();
  });
  const current = () => {
    if (!running) throw new Error('the test server is not running (use it inside tests or hooks)');
    return running;
  };
  return {
    get current() {
      return current();
    },
    get url() {
      return current().url;
    },
    api: (path, options) => current().api(path, options),
    signUp: (prefix) => current().signUp(prefix),
    signIn: (identifier, password) => current().signIn(identifier, password),
  };
}

/** Asserts the error envelope `{error:{status,name,message}}` and returns the error. */
export function expectError(res: ApiResponse, status: number, name?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const { error } = apiErrorSchema.parse(res.body);
  expect(error.status).toBe(status);
  if (name) expect(error.name).toBe(name);
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack traces
  return error;
}

/** Asserts a 400 whose details name `path` with `message` (when given); returns the field errors. */
export function expectFieldError(res: ApiResponse, path: string, message?: string) {
  const error = expectError(res, 400, 'ValidationError');
  const errors = (error.details as { errors?: { path: string; message: string }[] } | undefined)?.errors ?? [];
  const match = errors.find((e) => e.path === path);
  expect(match, `no field error at "${path}" in ${JSON.stringify(errors)}`).toBeDefined();
  if (message !== undefined) expect(match?.message).toBe(message);
  expect(error.message).toContain(path.split('.').at(-1) ?? path);
  return errors;
}

/** A gem body with sensible defaults. */
export function gemBody(overrides: Record<string, unknown> = {}) {
  return { data: { title: 'A page', url: 'https://example.com/page', ...overrides } };
}
