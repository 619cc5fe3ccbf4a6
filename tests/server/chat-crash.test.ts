/**
 * Answers orphaned by a crash: real server processes killed with SIGKILL mid-answer. The message is
 * then marked interrupted (partial text kept) and a re-attach ends, with the copy restarted on the same
 * data or, on PostgreSQL, by another copy sharing the database, which never touches a live answer.
 * Leases are short (2 s) so recovery comes soon; outcomes are asserted, never durations.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { aiSettingsSchema } from '../../lib/api/contract';
import { INTERRUPTED } from '../../server/features/answers/recovery';
import {
  answerText,
  chatUser,
  modelIdOf,
  type StreamResult,
  setupFakeProvider,
  shape,
  storedMessages,
  stream,
} from './chat-helpers';
import { backend, createClient, makeDataDir, removeDataDir } from './harness';
import { type ServerProcess, serverProcesses } from './server-process';

const fake = setupFakeProvider();
/** The house model service: another fake, since a user may not add the house's own upstream as their endpoint. */
const houseFake = setupFakeProvider();

const env = { TROVE_ANSWER_LEASE_SECONDS: '2' };
/** Long enough to outlive several leases, and the start of the other answers streamed beside it (300 chunks, 60 ms apart). */
const CHUNKS = Array.from({ length: 300 }, (_, i) => `w${i} `);
const FULL = CHUNKS.join('');
const eventually = { timeout: 20_000, interval: 100 };

const { ownStore, start, cleanups } = serverProcesses(env);

type ChatUser = { token: string; chatId: number; modelId: number };

/** A failure guard only: a re-attach that never ends fails the test here rather than at the test timeout. */
function ends(response: Promise<StreamResult>, what: string) {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end`)), 25_000);
  });
  return Promise.race([response, guard]).finally(() => clearTimeout(timer));
}

/** Starts a slow answer through `server` and leaves it running (the client goes away after the first delta). */
async function startSlowAnswer(server: ServerProcess, user: ChatUser, provider = fake) {
  provider.script({ chunks: CHUNKS, delayMs: 60 });
  const first = await stream(server.url, `/api/chats/${user.chatId}/messages`, {
    token: user.token,
    body: { text: 'A long answer, please', modelId: user.modelId },
    onEvent: (event) => event.event === 'delta',
  });
  expect(first.aborted).toBe(true);
  return first.events[0]?.data.id as number;
}

/** Waits until a checkpoint has stored part of the answer; returns that text. */
async function storedPart(server: ServerProcess, user: { token: string; chatId: number }, messageId: number) {
  let text = '';
  await vi.waitFor(async () => {
    const rows = await storedMessages(createClient(server.url), user.token, user.chatId);
    const row = rows.find((m) => m.id === messageId);
    expect(row?.status).toBe('streaming');
    expect(answerText(row).length).toBeGreaterThan(0);
    text = answerText(row);
  }, eventually);
  return text;
}

/** House models served by `houseFake`; a user starts with 1 credit. */
const house = () => ({
  TROVE_HOUSE_PROVIDER: 'openai',
  TROVE_HOUSE_BASE_URL: `${houseFake.url}/v1`,
  TROVE_HOUSE_API_KEY: 'sk-house-crash-1234',
  TROVE_HOUSE_CREDITS: '1',
});
const credits = async (url: string, token: string) => {
  const res = await createClient(url).api('/api/ai-settings', { token });
  return aiSettingsSchema.parse(res.body.data).credits;
};

/** A user with a chat, answering with the house model Trove Chat. */
async function houseUser(server: ServerProcess, prefix: string) {
  const client = createClient(server.url);
  const { jwt: token } = await client.signUp(prefix);
  const chat = await client.api('/api/chats', { token, body: {} });
  return {
    user: { token, chatId: chat.body.data.id as number, modelId: await modelIdOf(client, token, 'trove-chat') },
  };
}

/**
 * One server killed (-9) while four answers stream, and another started on the same data; each case below reads
 * what the crash left of its own answer (a server start is seconds of CPU: one crash serves the four cases).
 * Users A and B answer with their own key (A's answer is re-attached to, B's left to the sweep); C and D with the
 * house model Trove Chat, C's answer stored, D's temporary (stored nowhere).
 */
interface Crash {
  second: ServerProcess;
  reattached: { user: ChatUser; messageId: number; before: string };
  swept: { user: ChatUser; messageId: number; before: string };
  house: { user: ChatUser; messageId: number };
  temporary: { user: ChatUser };
}

async function crashMidAnswers(): Promise<Crash> {
  const store = await ownStore();
  const first = await start(store, house());
  const client = createClient(first.url);
  const a = await chatUser(client, fake);
  const b = await chatUser(client, fake);
  const { user: c } = await houseUser(first, 'housecrash');
  const { user: d } = await houseUser(first, 'tempcrash');

  const aId = await startSlowAnswer(first, a);
  const bId = await startSlowAnswer(first, b);
  const cId = await startSlowAnswer(first, c, houseFake);
  // D's client stays until the kill: a temporary answer whose client goes away is ended (and settled).
  houseFake.script({ chunks: CHUNKS, delayMs: 60 });
  let answering = (): void => {};
  const delta = new Promise<void>((resolve) => {
    answering = resolve;
  });
  const cut = stream(first.url, `/api/chats/${d.chatId}/messages`, {
    token: d.token,
    body: { text: 'A long answer, stored nowhere', modelId: d.modelId, temporary: true },
    onEvent: (event) => {
      if (event.event === 'delta') answering();
      return undefined;
    },
  }).catch(() => undefined);
  await delta;

  const aBefore = await storedPart(first, a, aId);
  const bBefore = await storedPart(first, b, bId);
  await storedPart(first, c, cId);
  expect(await credits(first.url, c.token)).toBe(0);
  expect(await credits(first.url, d.token)).toBe(0);
  await first.kill('SIGKILL');
  await cut;

  return {
    second: await start(store, house()),
    reattached: { user: a, messageId: aId, before: aBefore },
    swept: { user: b, messageId: bId, before: bBefore },
    house: { user: c, messageId: cId },
    temporary: { user: d },
  };
}

describe(`kill -9 mid-answer (${backend})`, () => {
  let crash: Crash;
  beforeAll(async () => {
    crash = await crashMidAnswers();
  }, 180_000);

  it('after a restart on the same data the answer is interrupted with its partial text, re-attach ends, regenerate works', {
    timeout: 120_000,
  }, async () => {
    const { second } = crash;
    const { user, messageId, before } = crash.reattached;

    const again = await ends(
      stream(second.url, `/api/messages/${messageId}/stream`, { token: user.token }),
      're-attach',
    );
    expect(shape(again.events)).toEqual(['message', 'delta', 'error']);
    expect(again.events.at(-1)?.data).toEqual({ message: INTERRUPTED });
    const [row] = await storedMessages(createClient(second.url), user.token, user.chatId);
    expect(row).toMatchObject({ id: messageId, status: 'error', error: INTERRUPTED });
    expect(answerText(row).startsWith(before)).toBe(true);
    expect(FULL.startsWith(answerText(row) || 'x')).toBe(true);
    expect(answerText(row).length).toBeLessThan(FULL.length);
    expect(again.text).toBe(answerText(row));

    // re-attaching to it later replays the same end
    const later = await ends(
      stream(second.url, `/api/messages/${messageId}/stream`, { token: user.token }),
      'second re-attach',
    );
    expect(later.events.map((e) => e.event)).toEqual(['message', 'delta', 'error']);

    fake.script({ chunks: ['A fresh', ' answer'] });
    const regenerated = await stream(second.url, `/api/messages/${messageId}/regenerate`, {
      token: user.token,
      body: {},
    });
    expect(shape(regenerated.events)).toEqual(['message', 'delta', 'done']);
    expect(regenerated.text).toBe('A fresh answer');
    const rows = await storedMessages(createClient(second.url), user.token, user.chatId);
    expect(rows.map((m) => m.status)).toEqual(['error', 'done']);
  });

  it('the sweep at start-up and after marks the interrupted answer without anyone re-attaching', {
    timeout: 120_000,
  }, async () => {
    const { second } = crash;
    const { user, messageId, before } = crash.swept;

    await vi.waitFor(async () => {
      const [row] = await storedMessages(createClient(second.url), user.token, user.chatId);
      expect(row).toMatchObject({ id: messageId, status: 'error', error: INTERRUPTED });
      expect(answerText(row).startsWith(before)).toBe(true);
    }, eventually);
  });

  it('a house-model answer killed mid-way gives back the credit it held once it is marked interrupted', {
    timeout: 120_000,
  }, async () => {
    const { second } = crash;
    const { user, messageId } = crash.house;
    await vi.waitFor(async () => {
      const [row] = await storedMessages(createClient(second.url), user.token, user.chatId);
      expect(row).toMatchObject({ id: messageId, status: 'error', error: INTERRUPTED });
      // the hold is leased apart from the message: given back by the same sweep, or the next
      expect(await credits(second.url, user.token)).toBe(1);
    }, eventually);
  });

  it('a temporary house-model answer (stored nowhere) killed mid-way gives back its credit after a restart', {
    timeout: 120_000,
  }, async () => {
    const { second } = crash;
    const { user } = crash.temporary;
    await vi.waitFor(async () => expect(await credits(second.url, user.token)).toBe(1), eventually);
    expect(await storedMessages(createClient(second.url), user.token, user.chatId)).toEqual([]);
  });
});

describe.runIf(backend === 'postgres')('PostgreSQL only: two copies on one database, one killed mid-answer', () => {
  it('the other copy never touches the live answer, and marks it interrupted once the killed copy’s lease expires', {
    timeout: 120_000,
  }, async () => {
    const store = await ownStore();
    const a = await start(store);
    const bDataDir = makeDataDir();
    cleanups.push(() => removeDataDir(bDataDir));
    const b = await start({ ...store, dataDir: bDataDir });
    const user = await chatUser(createClient(a.url), fake);

    // A's answer outlives several leases while B sweeps: B re-attaches and follows it to its end.
    fake.script({ chunks: CHUNKS, delayMs: 60 });
    const live = await stream(a.url, `/api/chats/${user.chatId}/messages`, {
      token: user.token,
      body: { text: 'Live through copy A', modelId: user.modelId },
      onEvent: (event) => event.event === 'delta',
    });
    const liveId = live.events[0]?.data.id as number;
    const followed = await ends(
      stream(b.url, `/api/messages/${liveId}/stream`, { token: user.token }),
      're-attach through copy B',
    );
    expect(shape(followed.events)).toEqual(['message', 'delta', 'done']);
    expect(followed.text).toBe(FULL);
    const [done] = await storedMessages(createClient(b.url), user.token, user.chatId);
    expect(done).toMatchObject({ id: liveId, status: 'done', error: null, text: FULL });

    // Then A is killed mid-answer: B marks the answer interrupted, and a re-attach through B ends.
    const orphanId = await startSlowAnswer(a, user);
    const before = await storedPart(a, user, orphanId);
    await a.kill('SIGKILL');

    await vi.waitFor(async () => {
      const rows = await storedMessages(createClient(b.url), user.token, user.chatId);
      expect(rows.find((m) => m.id === orphanId)).toMatchObject({ status: 'error', error: INTERRUPTED });
    }, eventually);
    const again = await ends(
      stream(b.url, `/api/messages/${orphanId}/stream`, { token: user.token }),
      're-attach through copy B',
    );
    expect(shape(again.events)).toEqual(['message', 'delta', 'error']);
    expect(again.text.startsWith(before)).toBe(true);
    expect(again.events.at(-1)?.data).toEqual({ message: INTERRUPTED });
  });
});
