import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { backend, createPostgresDatabase, type OwnDatabase } from './harness';

/**
 * Trove's PostgreSQL connections turn JIT off whatever the server's default (server/db/client.ts): a search whose
 * estimates were far off was compiled by LLVM for 0.9 s before running for 50 ms.
 */
const databases: OwnDatabase[] = [];
afterAll(async () => {
  for (const own of databases) await own.drop();
});

describe.runIf(backend === 'postgres')('PostgreSQL connections', () => {
  it('run without JIT on a database whose default is JIT on', async () => {
    const own = await createPostgresDatabase();
    databases.push(own);
    const name = new URL(own.url).pathname.slice(1);
    const admin = postgres(own.url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`ALTER DATABASE ${name} SET jit = on`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    const plain = postgres(own.url, { max: 1, onnotice: () => {} });
    try {
      expect((await plain`SELECT current_setting('jit') AS jit`)[0]?.jit).toBe('on');
    } finally {
      await plain.end({ timeout: 5 });
    }
    const database = await openDatabase({ databaseUrl: own.url });
    try {
      const rows = (await database.db.execute(sql`SELECT current_setting('jit') AS jit`)) as unknown as {
        jit: string;
      }[];
      expect(rows[0]?.jit).toBe('off');
    } finally {
      await database.close();
    }
  });
});
