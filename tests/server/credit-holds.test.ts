/**
 * House-model credit holds are never lost: each is a credit_holds row taken with the balance and
 * deleted when settled. An answer whose chat is deleted while it runs, or whose question the database
 * refuses to store, gives its hold back; while an answer holds the last credit, the model list still
 * counts it as the user's (the label stays Credits) though a second answer is refused. The server is
 * built on a database of this file's own, so that a test can make the database refuse a question.
 * Holds are leased: an answer renews its hold, and recovery gives back expired ones exactly once. (Holds
 * of answers whose server copy crashed: tests/server/chat-crash.test.ts.)
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aiSettingsSchema, userModelListSchema } from '../../lib/api/contract';
import { creditHolds, userAiSettings } from '../../server/db/schema';
import { syncCatalogue } from '../../server/features/ai-settings/ai-models';
import { INTERRUPTED } from '../../server/features/answers/recovery';
import { returnExpiredHolds } from '../../server/features/credits/credits';
import { parseAddressPolicy } from '../../server/http/address-policy';
import { makeOutbound } from '../../server/http/outbound';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf, storedMessages, stream } from './chat-helpers';
import { backend, setupInProcessApp, startTestServer } from './harness';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());
const app = setupInProcessApp(() => ({
  ai: {
    house: { provider: 'openai', baseUrl: `${fake.url}/v1`, apiKey: 'sk-house-hold-4321' },
    startingCredits: 1,
    outbound: makeOutbound(parseAddressPolicy('public,loopback')),
  },
  prepare: syncCatalogue,
}));
const { client } = app;
beforeEach(() => {
  fake.reset();
});

const credits = async (token: string) => {
  const res = await client.api('/api/ai-settings', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return aiSettingsSchema.parse(res.body.data).credits;
};
const modelOf = async (token: string, model: string) => {
  const res = await client.api('/api/user-models', { token });
  return userModelListSchema.parse(res.body).data.find((m) => m.model === model);
};
const holdsOf = async (userId: number) =>
  app.database.db.select().from(creditHolds).where(eq(creditHolds.userId, userId));

/** A user with `balance` credits and a chat, answering with Trove Chat. */
async function houseUser(prefix: string, balance: number) {
  const { jwt: token, user } = await client.signUp(prefix);
  expect(await credits(token)).toBe(1);
  await app.database.db.update(userAiSettings).set({ credits: balance }).where(eq(userAiSettings.userId, user.id));
  const chat = await client.api('/api/chats', { token, body: {} });
  return {
    token,
    userId: user.id,
    chatId: chat.body.data.id as number,
    modelId: await modelIdOf(client, token, 'trove-chat'),
  };
}
const slow = {
  chunks: Array.from({ length: 10 }, (_, i) => `Part ${i}. `),
  delayMs: 50,
  usage: { input: 10, output: 5 },
};

describe(`credit holds (${backend})`, () => {
  it('while an answer holds the last credit the model list still says Credits; a second answer is refused', async () => {
    const { token, chatId, modelId } = await houseUser('heldlabel', 1);
    // The answer ends only once what it holds was read while it ran, whatever the machine's load.
    const { promise: read, resolve: readDone } = Promise.withResolvers<void>();
    fake.script({ ...slow, endAfter: read });
    let during:
      | { credits: number; label?: string; reason?: string | null; second?: number; message?: string }
      | undefined;
    const answer = await stream(client.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Take your time', modelId },
      onEvent: async (event) => {
        if (event.event !== 'delta' || during) return undefined;
        const model = await modelOf(token, 'trove-chat');
        const second = await stream(client.url, `/api/chats/${chatId}/messages`, {
          token,
          body: { text: 'And another', modelId },
        });
        during = {
          credits: await credits(token),
          label: model?.label,
          reason: model?.inactiveReason,
          second: second.status,
          message: second.json?.error?.message,
        };
        readDone();
        return undefined;
      },
    });
    expect(answer.events.at(-1)).toMatchObject({ event: 'done', data: { status: 'done' } });
    expect(during).toEqual({
      credits: 0,
      label: 'Credits',
      reason: null,
      second: 400,
      message: 'You have no credits left to use Trove Chat',
    });
    expect(fake.requests).toHaveLength(1);
    // settled: the answer cost its credit, and now the model is Inactive
    expect(await credits(token)).toBe(0);
    expect((await modelOf(token, 'trove-chat'))?.label).toBe('Inactive');
  });

  it('an answer whose chat is deleted while it runs gives its hold back (nothing is stored, nothing charged)', async () => {
    const { token, userId, chatId, modelId } = await houseUser('deletedchat', 1);
    fake.script(slow);
    let deleted: number | undefined;
    const answer = await stream(client.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Soon gone', modelId },
      onEvent: async (event) => {
        if (event.event === 'delta' && deleted === undefined) {
          expect(await credits(token)).toBe(0);
          deleted = (await client.api(`/api/gems/${chatId}`, { method: 'DELETE', token })).status;
        }
        return undefined;
      },
    });
    expect(deleted).toBe(200);
    expect(answer.events.at(-1)).toEqual({ event: 'error', data: { message: INTERRUPTED } });
    expect(await credits(token)).toBe(1);
    expect(await holdsOf(userId)).toEqual([]);
  });

  it('a question the database refuses to store gives back the holds of the answers not started', async () => {
    const { token, userId, chatId, modelId } = await houseUser('refusedquestion', 2);
    const fast = await modelIdOf(client, token, 'trove-fast');
    await app.database.db.execute(sql`
      create function refuse_trove_fast() returns trigger language plpgsql as $$
      begin raise exception 'the test refuses questions to trove-fast'; end $$`);
    await app.database.db.execute(sql`
      create trigger refuse_trove_fast before insert on messages
      for each row when (new.model = 'trove-fast') execute function refuse_trove_fast()`);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Trove Chat's question is stored and answered (1 credit); Trove Fast's is refused: its hold comes back, and
      // its answer, asked of the provider while the question was being stored, is called off.
      const slow = { chunks: Array.from({ length: 50 }, () => 'word '), delayMs: 100 };
      fake.script({ chunks: ['Stored.'], delayMs: 20, usage: { input: 10, output: 5 } }, slow, slow);
      const refused = await stream(client.url, `/api/chats/${chatId}/messages`, {
        token,
        body: { text: 'Both of you', modelIds: [modelId, fast] },
      });
      expect(refused.status).toBe(500);
      const [stored] = await storedMessages(client, token, chatId);
      expect(stored?.model).toBe('trove-chat');
      await app.generations.get(stored?.id as number)?.finished;
      expect(await credits(token)).toBe(1);
      expect(await holdsOf(userId)).toEqual([]);

      // Only the refused question: its answer is called off, the credit is back.
      const alone = await stream(client.url, `/api/chats/${chatId}/messages`, {
        token,
        body: { text: 'Just you', modelId: fast },
      });
      expect(alone.status).toBe(500);
      // The slow answers would still be streaming (5 s) had they not been cut (on PGlite one may be cut before the
      // provider got it).
      await expect.poll(() => fake.requests.filter((request) => !request.aborted)).toHaveLength(1);
      expect(await credits(token)).toBe(1);
      expect(await holdsOf(userId)).toEqual([]);
      expect(String(logged.mock.calls.at(-1))).toContain('Failed query: insert into "messages"');
    } finally {
      logged.mockRestore();
      await app.database.db.execute(sql`drop trigger refuse_trove_fast on messages`);
      await app.database.db.execute(sql`drop function refuse_trove_fast()`);
    }
  });

  it('holds whose lease expired are given back once, however many copies sweep at once; live holds are kept', async () => {
    const { token, userId } = await houseUser('sweptonce', 0);
    const expired = sql`now() - make_interval(secs => 1)`;
    await app.database.db
      .insert(creditHolds)
      .values([
        ...Array.from({ length: 5 }, () => ({ userId, credits: 1, expiresAt: expired })),
        { userId, credits: 1, expiresAt: sql`now() + make_interval(secs => 60)` },
      ]);
    // On PostgreSQL the sweeps run on several pooled connections, as copies of the server would.
    const returned = await Promise.all(Array.from({ length: 4 }, () => returnExpiredHolds(app.database.db)));
    expect(returned.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await credits(token)).toBe(5);
    expect(await holdsOf(userId)).toHaveLength(1);
  });
});

describe(`credit holds renewed while answering (${backend})`, () => {
  it('an answer outliving several leases keeps its hold: recovery does not give it back mid-answer', async () => {
    const server = await startTestServer({
      houseProvider: 'openai',
      houseBaseUrl: `${fake.url}/v1`,
      houseApiKey: 'sk-house-renew-4321',
      houseCredits: 1,
      answerLeaseSeconds: 1,
    });
    try {
      const { jwt: token } = await server.signUp('renewedhold');
      const chat = await server.api('/api/chats', { token, body: {} });
      const modelId = await modelIdOf(server, token, 'trove-chat');
      const balance = async () =>
        aiSettingsSchema.parse((await server.api('/api/ai-settings', { token })).body.data).credits;
      // 40 chunks 100 ms apart: recovery sweeps twice a lease while it runs
      fake.script({
        chunks: Array.from({ length: 40 }, (_, i) => `w${i} `),
        delayMs: 100,
        usage: { input: 10, output: 5 },
      });
      const late: number[] = [];
      const answer = await stream(server.url, `/api/chats/${chat.body.data.id}/messages`, {
        token,
        body: { text: 'Take several leases', modelId, temporary: true },
        onEvent: async (event, events) => {
          if (event.event === 'delta' && events.length % 10 === 0) late.push(await balance());
          return undefined;
        },
      });
      expect(answer.events.at(-1)).toMatchObject({ event: 'done', data: { status: 'done' } });
      expect([...new Set(late)]).toEqual([0]);
      expect(await balance()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
