import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { rateLimitSettings } from '../../server/auth/limits';
import type { Database } from '../../server/db/client';
import { Generations } from '../../server/features/answers/generations';
import { newLeaseSettings } from '../../server/features/answers/leases';
import { parseAddressPolicy } from '../../server/http/address-policy';
import { makeOutbound } from '../../server/http/outbound';
import { localFileStore } from '../../server/storage/local-store';
import { backend, type Client, expectError, makeDataDir, openTestDatabase, SECRET, serveApp } from './harness';

/**
 * The central error handler (server/app.ts) and a value the database refuses. The contract in lib/api
 * should name every bad field first; should a value slip through it, a data exception it causes (a date
 * out of range, text the encoding cannot hold) is a 400 that says so, and is logged as a gap in the
 * contract. Other database errors stay 500s. The routes below make the real database raise each error.
 */
describe(`database data exceptions in the error handler (${backend})`, () => {
  let database: Database;
  let dir: string;
  let close: () => void;
  let client: Client;
  beforeAll(async () => {
    database = await openTestDatabase();
    dir = makeDataDir();
    const app = createApp({
      db: database.db,
      tokens: { secret: SECRET, accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 60 },
      files: { store: localFileStore(dir) },
      ai: {
        secret: SECRET,
        startingCredits: 0,
        leaseSeconds: 30,
        outbound: makeOutbound(parseAddressPolicy('public')),
      },
      generations: new Generations(newLeaseSettings(30)),
      requests: { limits: rateLimitSettings(undefined), trustedProxies: 0 },
    }) as Hono;
    const probe = (path: string, query: ReturnType<typeof sql>) =>
      app.get(path, async (c) => c.json({ data: await database.db.execute(query) }));
    probe('/probe-year-zero', sql`select '0000-01-01T00:00:00Z'::timestamptz`);
    probe('/probe-bad-bytes', sql`select convert_from('\\xff'::bytea, 'UTF8')`);
    probe('/probe-division', sql`select 1 / 0`);
    ({ client, close } = await serveApp(app));
  });
  afterAll(async () => {
    close?.();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a date or text the database cannot take is a 400 naming the problem, and is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const date = expectError(await client.api('/probe-year-zero'), 400, 'ValidationError');
      expect(date.message).toMatch(/^A value in the request cannot be stored: .*out of range/);
      const text = expectError(await client.api('/probe-bad-bytes'), 400, 'ValidationError');
      expect(text.message).toMatch(/^A value in the request cannot be stored: .*byte sequence/);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0]?.[0])).toContain('GET /probe-year-zero: the database refused a value (22008)');
    } finally {
      warn.mockRestore();
    }
  });

  it('any other database error stays a 500 (a bug to fix, not bad input)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(expectError(await client.api('/probe-division'), 500).message).toBe('Internal server error');
      expect(error).toHaveBeenCalledOnce();
    } finally {
      error.mockRestore();
    }
  });
});
