import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aiSettingsSchema } from '../../lib/api/contract';
import { Generations } from '../../server/ai/generations';
import { newLeaseSettings } from '../../server/ai/leases';
import { createApp } from '../../server/app';
import { rateLimitSettings } from '../../server/auth/limits';
import type { Database } from '../../server/db/client';
import { messages } from '../../server/db/schema';
import { syncCatalogue } from '../../server/services/ai-models';
import { localFileStore } from '../../server/storage/local-store';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf } from './chat-helpers';
import { backend, type Client, expectError, makeDataDir, openTestDatabase, SECRET, serveApp } from './harness';

/**
 * The provider is asked while the question is being stored (server/services/chat-answers.ts). When the
 * database refuses the question, the request says why, and the provider's answer already under way is
 * dropped: its request is cut (or never sent), nothing is stored and no credit is spent. The database itself refuses
 * here (a trigger), as it would a value the contract let through.
 */
describe(`a question the database refuses (${backend})`, () => {
  let database: Database;
  let fake: FakeProvider;
  let dir: string;
  let close: () => void;
  let client: Client;
  beforeAll(async () => {
    fake = await startFakeProvider();
    database = await openTestDatabase();
    await syncCatalogue(database.db);
    await database.db.execute(sql`
      create function refuse_question() returns trigger language plpgsql as $$
      begin
        if new.user_text = 'refused question' then
          raise exception 'this question is refused' using errcode = '22001';
        end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_question before insert on messages for each row execute function refuse_question()`,
    );
    dir = makeDataDir();
    const app = createApp({
      db: database.db,
      tokens: { secret: SECRET, accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 60 },
      files: { store: localFileStore(dir) },
      ai: {
        secret: SECRET,
        house: { provider: 'openai', baseUrl: `${fake.url}/v1`, apiKey: 'sk-house-test-9876' },
        startingCredits: 5,
      },
      generations: new Generations(newLeaseSettings(30)),
      requests: { limits: rateLimitSettings(undefined), trustedProxies: 0 },
    }) as Hono;
    ({ client, close } = await serveApp(app));
  });
  afterAll(async () => {
    close?.();
    await database?.close();
    await fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is a 400 saying why; the answer begun is cut, nothing is stored and nothing is spent', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { jwt: token } = await client.signUp('refused');
      const chatId = (await client.api('/api/chats', { token, body: { title: 'Refused' } })).body.data.id as number;
      const modelId = await modelIdOf(client, token, 'trove-chat');
      // A slow answer: still being written when the question is refused.
      fake.script({ chunks: Array.from({ length: 50 }, () => 'word '), delayMs: 100 });

      const res = await client.api(`/api/chats/${chatId}/messages`, {
        token,
        body: { text: 'refused question', modelId },
      });
      expect(expectError(res, 400, 'ValidationError').message).toMatch(/this question is refused/);

      // The slow answer, had it gone on, would still be streaming: every request the provider got was cut
      // (on PGlite the store fails before the request is even sent).
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(fake.requests.filter((request) => !request.aborted)).toEqual([]);
      expect(await database.db.select().from(messages).where(eq(messages.chatGemId, chatId))).toEqual([]);
      const settings = await client.api('/api/ai-settings', { token });
      expect(aiSettingsSchema.parse(settings.body.data).credits).toBe(5);
    } finally {
      warn.mockRestore();
    }
  });
});
