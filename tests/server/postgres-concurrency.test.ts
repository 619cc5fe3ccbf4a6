import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../lib/api/contract';
import {
  type ApiResponse,
  backend,
  createPostgresDatabase,
  expectError,
  gemBody,
  PASSWORD,
  startTestServer,
  type TestServer,
  uniqueUsername,
} from './harness';

/**
 * Races that only PostgreSQL can run: PGlite is one connection, so statements of concurrent requests
 * never overlap inside the database. gems.test.ts and auth.test.ts race requests too, but whether they
 * overlap in the database depends on timing; here the test holds the table in SHARE mode (reads pass,
 * inserts wait) until every request has passed its first lookup and waits at its insert, so the
 * unique index decides and the services' unique-violation fallbacks run every time. Likewise an uncommitted
 * delete holds an edit between its owner check and its write, so the edit meets a row deleted since.
 */
describe.runIf(backend === 'postgres')('PostgreSQL only: requests that collide in the database', () => {
  let server: TestServer;
  let sql: postgres.Sql;
  beforeAll(async () => {
    // a database of its own, so the lock holds up no other test file and the waiting count is ours alone;
    // a connection for each request, so all five can wait at the lock at once (see databasePoolSize)
    server = await startTestServer({ databasePoolSize: 10 }, { isolated: true });
    sql = postgres(server.config.databaseUrl ?? '', { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await server?.close();
  });

  /** Returns once `done` says so; fails after 20 s naming `what`. */
  async function until(done: () => Promise<boolean>, what: string) {
    for (let waited = 0; !(await done()); waited += 20) {
      if (waited > 20_000) throw new Error(`not reached in 20 s: ${what}`);
      await sleep(20);
    }
  }

  /** Returns once `n` requests wait on a lock of the kind `waiting` counts. */
  const untilWaiting = (n: number, waiting: () => Promise<number | undefined>, what: string) =>
    until(async () => (await waiting()) === n, `${n} requests waiting at ${what}`);

  /**
   * How many requests wait for a row another transaction locked, changed or deleted: the first waits for that
   * transaction, the ones after it for the row's lock.
   */
  const rowWaiters = async () =>
    (await sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype IN ('transactionid', 'tuple') AND NOT granted`)[0]
      ?.n;

  /** How many requests wait for a lock on `table`. */
  const waitersOn = (table: string) => async () =>
    (
      await sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = ${table} AND NOT l.granted`
    )[0]?.n;

  /**
   * Sign-ups wait on the table or, behind the first, on the lock that decides the first admin
   * (server/features/users/users.ts): either way, past the availability check.
   */
  const signUpWaiters = async () =>
    (
      await sql`SELECT count(*)::int AS n FROM pg_locks l LEFT JOIN pg_class c ON c.oid = l.relation
        WHERE NOT l.granted AND (c.relname = 'users' OR l.locktype = 'advisory')`
    )[0]?.n;

  /** Sends `requests` while `table` is locked against writes; releases it once all of them wait on it. */
  async function collide(table: 'gems' | 'users', requests: () => Promise<ApiResponse>[]): Promise<ApiResponse[]> {
    const { sent } = await sql.begin(async (tx) => {
      await tx.unsafe(`LOCK TABLE ${table} IN SHARE MODE`);
      const sent = requests();
      await untilWaiting(sent.length, table === 'users' ? signUpWaiters : waitersOn(table), `the insert into ${table}`);
      return { sent };
    });
    return Promise.all(sent);
  }

  /**
   * Sends `request` while another connection has deleted gem `id` and not yet committed: the request's owner
   * check still sees the gem, its write waits on the row, and the delete commits once it waits (as when a
   * DELETE from another tab lands between the two).
   */
  async function deletedMidRequest(id: number, request: () => Promise<ApiResponse>): Promise<ApiResponse> {
    const { sent } = await sql.begin(async (tx) => {
      await tx`DELETE FROM gems WHERE id = ${id}`;
      const sent = request();
      await untilWaiting(1, rowWaiters, 'the gem row');
      return { sent };
    });
    return sent;
  }

  it('five saves with one Idempotency-Key, all past the lookup by key, make one gem: one 201, four 200s', async () => {
    const s = await server.signUp('race');
    const key = `race-${Math.random().toString(36).slice(2)}`;
    const results = await collide('gems', () =>
      Array.from({ length: 5 }, (_, i) =>
        server.api('/api/gems', {
          token: s.jwt,
          body: gemBody({ title: `try ${i}`, tags: ['raced'] }),
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const winner = results.find((r) => r.status === 201)?.body.data;
    for (const r of results) expect(r.body).toEqual({ data: winner });
    const all = await server.api('/api/get-all-bookmark', { token: s.jwt });
    expect(all.body.total).toBe(1);
    expect(all.body.data.map((g: { id: number }) => g.id)).toEqual([winner.id]);
    const unfiltered = await server.api(`/api/collections/${s.user.unfiltered_collection_id}`, { token: s.jwt });
    expect(unfiltered.body.data.gems_count).toBe(1);
    expect((await server.api('/api/tags', { token: s.jwt })).body.total).toBe(1);
  });

  it('an edit of a memory, prompt, brand voice or persona deleted after its owner check: 404 naming it', async () => {
    const s = await server.signUp('gone');
    const kinds = [
      { path: '/api/memories', name: 'Memory', create: { memory: 'I like racing' }, edit: { memory: 'I like losing' } },
      { path: '/api/prompts', name: 'Prompt', create: { title: 'Raced', text: 'Do X' }, edit: { text: 'Do Y' } },
      {
        path: '/api/brand-voices',
        name: 'Brand voice',
        create: { name: 'Raced', text: 'Warm.' },
        edit: { text: 'Cool.' },
      },
      { path: '/api/personas', name: 'Persona', create: { name: 'Raced', text: 'Edit.' }, edit: { jobTitle: 'Chief' } },
    ];
    for (const kind of kinds) {
      const made = await server.api(kind.path, { token: s.jwt, body: { data: kind.create } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.data.id as number;
      const edit = () => server.api(`${kind.path}/${id}`, { token: s.jwt, method: 'PUT', body: { data: kind.edit } });
      const res = await deletedMidRequest(id, edit);
      expect(expectError(res, 404).message).toBe(`${kind.name} not found`);
    }
  });

  it('a retried save whose gem is deleted before it is read back: 409 naming why, not a 500', async () => {
    const s = await server.signUp('keygone');
    const key = `gone-${Math.random().toString(36).slice(2)}`;
    const save = () =>
      server.api('/api/gems', {
        token: s.jwt,
        body: gemBody({ title: 'Saved once' }),
        headers: { 'Idempotency-Key': key },
      });
    const first = await save();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const { sent } = await sql.begin(async (tx) => {
      // The retry's insert (no tags) passes; reading back the key's gem with its tags waits, while the gem goes.
      await tx`LOCK TABLE tags IN ACCESS EXCLUSIVE MODE`;
      const sent = save();
      await untilWaiting(1, waitersOn('tags'), "the read-back of the key's gem");
      await tx`DELETE FROM gems WHERE id = ${first.body.data.id}`;
      return { sent };
    });
    const retried = await sent;
    expect(expectError(retried, 409).message).toMatch(/deleted while this request ran/);
    expect((await server.api('/api/get-all-bookmark', { token: s.jwt })).body.total).toBe(0);
  });

  it('a default brand voice chosen while it is deleted: the settings never keep a voice that is gone', async () => {
    const s = await server.signUp('voicegone');
    const made = await server.api('/api/brand-voices', {
      token: s.jwt,
      body: { data: { name: 'Brief', text: 'Terse.' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as number;
    let chose: Promise<ApiResponse> | undefined;
    let answered = false;
    const { deleted } = await sql.begin(async (tx) => {
      // The delete clears the default (none yet), then waits here to delete the gem.
      await tx`SELECT id FROM gems WHERE id = ${id} FOR UPDATE`;
      const deleted = server.api(`/api/brand-voices/${id}`, { token: s.jwt, method: 'DELETE' });
      await untilWaiting(1, rowWaiters, 'the voice');
      // Chosen as the default now, the voice still there: the change must wait for the delete, or be cleared by it.
      chose = server.api('/api/ai-settings', { token: s.jwt, method: 'PUT', body: { defaultBrandVoiceId: id } });
      void chose.then(() => {
        answered = true;
      });
      await until(async () => answered || (await rowWaiters()) === 2, 'the choice answered or waiting');
      return { deleted };
    });
    expect((await deleted).status).toBe(200);
    const choice = await chose;
    expect(choice && expectError(choice, 404).message).toContain('defaultBrandVoiceId');
    const settings = await server.api('/api/ai-settings', { token: s.jwt });
    expect(settings.body.data).toMatchObject({ defaultBrandVoiceId: null, defaultBrandVoiceName: null });
  });

  it('three sign-ups with one username, all past the availability check: one 201, two 400s saying it is taken', async () => {
    const username = uniqueUsername('clash');
    const results = await collide('users', () =>
      [1, 2, 3].map((i) =>
        server.api('/api/auth/local/register', {
          body: { username, email: `${i}${username.toLowerCase()}@example.test`, password: PASSWORD },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.status === 400))
      expect(expectError(r, 400, 'ValidationError').message).toBe('Username or email is already taken');
    const created = authResponseSchema.parse(results.find((r) => r.status === 201)?.body);
    expect(created.user.username).toBe(username);
    const [row] = await sql`SELECT count(*)::int AS n FROM users WHERE lower(username) = ${username.toLowerCase()}`;
    expect(row?.n).toBe(1);
  });
});

describe.runIf(backend === 'postgres')('PostgreSQL only: the connection pool', () => {
  it('keeps DATABASE_POOL_SIZE connections, however many requests arrive at once, and answers them all', async () => {
    const server = await startTestServer({ databasePoolSize: 3 }, { isolated: true });
    const sql = postgres(server.config.databaseUrl ?? '', { max: 1, onnotice: () => {} });
    try {
      const s = await server.signUp('pool');
      const saves = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          server.api('/api/gems', { token: s.jwt, body: gemBody({ title: `p${i}` }) }),
        ),
      );
      expect(saves.map((r) => r.status)).toEqual(Array(24).fill(201));
      const [row] = await sql`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
      expect(row?.n).toBe(3);
    } finally {
      await sql.end({ timeout: 5 });
      await server.close();
    }
  });
});

describe.runIf(backend === 'postgres')('PostgreSQL only: several server copies starting at once', () => {
  it('migrate an empty database once; every copy starts', async () => {
    const database = await createPostgresDatabase({ empty: true });
    try {
      const started = await Promise.allSettled([1, 2, 3].map(() => startTestServer({ databaseUrl: database.url })));
      const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const health = await Promise.all(servers.map((s) => s.api('/api/health')));
        expect(health.map((h) => h.status)).toEqual([200, 200, 200]);
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
    } finally {
      await database.drop();
    }
  });
});
