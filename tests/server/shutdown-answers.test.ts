/**
 * Graceful shutdown and the work in flight (issue 12): a real server process gets SIGTERM while an
 * answer streams, or while a request hangs. The answer is ended properly (stored as `error` with its
 * partial text, the streams attached to it end with that error) and the process exits 0; after a
 * restart on the same data the message is finished, never `streaming`, and a re-attach ends. A request
 * that never completes is cut off once the shutdown bound (SHUTDOWN_GRACE_MS, a constant of
 * server/start.ts) has passed, and the process still exits 0 with the database closed rather than
 * hanging or being ended by the watchdog (exit 1). The provider's chunks are gated by promises, never
 * by time; no duration is asserted.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerText, chatUser, type SseEvent, setupFakeProvider, shape, storedMessages, stream } from './chat-helpers';
import { backend, createClient } from './harness';
import { type ServerProcess, serverProcesses } from './server-process';

const fake = setupFakeProvider();

/** What an answer cut short by a graceful stop ends with (server/features/answers/answer-end.ts). */
const SERVER_STOPPED = 'The server stopped before the answer was complete';
/** Printed once the server has stopped and closed the database (server/stop-on-signals.ts). */
const STOPPED = 'Stopped; the database is closed.';
/** Printed when the shutdown bound has passed and the connections still open are closed (server/http/drain.ts). */
const CUT_OFF = /Requests still in flight after \d+ s were cut off/;
/** The fake provider sends these at once, then holds the last chunk until the test's gate opens (never, here). */
const FIRST_CHUNKS = ['The answer ', 'starts ', 'here, '];
const PARTIAL = FIRST_CHUNKS.join('');
const LAST_CHUNK = 'and never ends.';

const { ownStore, start, cleanups } = serverProcesses();

/**
 * The server the first case restarts on its data, left running for the second case to stop (a server start is
 * seconds of CPU); the second case starts its own should the first have failed before it.
 */
let restarted: { server: ServerProcess; store: Awaited<ReturnType<typeof ownStore>> } | undefined;

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open: (value: T) => void = () => {};
  const opened = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * Reads an SSE answer to its end; `seen` settles once its deltas add up to `text`. A stream the
 * server breaks off (rather than ending it) settles with the error, for the assertions to show.
 */
function follow(url: string, path: string, token: string, text: string, body?: unknown) {
  const seen = gate<number>();
  let sofar = '';
  const ended = stream(url, path, {
    token,
    body,
    onEvent: (event: SseEvent, events: SseEvent[]) => {
      if (event.event === 'delta') sofar += event.data.text;
      if (sofar === text) seen.open(events[0]?.data.id as number);
      return false;
    },
  }).catch((error: unknown) => ({ failed: String((error as Error).cause ?? error) }));
  return { seen: seen.opened, ended };
}

describe(`SIGTERM while an answer streams (${backend})`, () => {
  it('ends the answer stored as error with its partial text, ends its streams, exits 0; after a restart the message is finished and re-attach ends', {
    timeout: 120_000,
  }, async () => {
    const store = await ownStore();
    const first = await start(store);
    const user = await chatUser(createClient(first.url), fake);

    const lastChunk = gate();
    cleanups.push(() => lastChunk.open());
    let sent = false;
    fake.script({
      chunks: [...FIRST_CHUNKS, LAST_CHUNK],
      lastChunkAfter: lastChunk.opened,
      onSent: () => {
        sent = true;
      },
    });
    // The client that asked, and one re-attached to the live answer, both hold the partial text when the signal comes.
    const asked = follow(first.url, `/api/chats/${user.chatId}/messages`, user.token, PARTIAL, {
      text: 'A long answer, please',
      modelId: user.modelId,
    });
    const messageId = await asked.seen;
    const reattached = follow(first.url, `/api/messages/${messageId}/stream`, user.token, PARTIAL);
    await reattached.seen;

    const exit = await first.kill('SIGTERM');
    expect(exit, first.output()).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain(STOPPED);
    expect(first.output(), 'the streams ended within the grace period, none was cut off').not.toMatch(CUT_OFF);

    // Both streams were ended by the server with the answer's end, not broken off.
    for (const { ended } of [asked, reattached]) {
      const result = await ended;
      expect(result).not.toHaveProperty('failed');
      if ('failed' in result) continue;
      expect(shape(result.events)).toEqual(['message', 'delta', 'error']);
      expect(result.events.at(-1)?.data).toEqual({ message: SERVER_STOPPED });
      expect(result.text).toBe(PARTIAL);
    }
    // The server gave up on the provider: its answer was never sent whole.
    expect(sent).toBe(false);
    expect(fake.requests.filter((r) => r.script !== null).map((r) => r.aborted)).toEqual([true]);

    // Restarted on the same data: the message is already finished (not left for recovery), its partial text kept.
    const second = await start(store);
    const [row] = await storedMessages(createClient(second.url), user.token, user.chatId);
    expect(row).toMatchObject({ id: messageId, status: 'error', error: SERVER_STOPPED });
    expect(answerText(row)).toBe(PARTIAL);

    const again = await stream(second.url, `/api/messages/${messageId}/stream`, { token: user.token });
    expect(shape(again.events)).toEqual(['message', 'delta', 'error']);
    expect(again.events.at(-1)?.data).toEqual({ message: SERVER_STOPPED });
    expect(again.text).toBe(PARTIAL);
    restarted = { server: second, store };
  });
});

/** Everything a raw connection receives until the server closes it. */
function received(socket: Socket) {
  let data = '';
  socket.on('data', (chunk: Buffer) => {
    data += chunk.toString('latin1');
  });
  return new Promise<{ data: string; error?: string }>((resolve) => {
    socket.once('error', (error) => resolve({ data, error: String(error) }));
    socket.once('close', () => resolve({ data }));
  });
}

describe(`SIGTERM while a request hangs (${backend})`, () => {
  it('cuts the request off once the shutdown bound has passed, then closes the database and exits 0', {
    timeout: 120_000,
  }, async () => {
    const store = restarted?.store ?? (await ownStore());
    const server = restarted?.server ?? (await start(store));
    const { jwt } = await createClient(server.url).signUp('hang');

    // A save whose body never arrives whole. `Expect: 100-continue`: Node answers "100 Continue" as it
    // hands the request to the app, so once that arrives the request is in flight (not an idle connection).
    const { port, hostname } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    cleanups.push(() => {
      socket.destroy();
    });
    const answer = received(socket);
    const inFlight = gate();
    socket.on('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').startsWith('HTTP/1.1 100')) inFlight.open();
    });
    socket.write(
      [
        'POST /api/gems HTTP/1.1',
        `Host: ${hostname}:${port}`,
        `Authorization: Bearer ${jwt}`,
        'Content-Type: application/json',
        'Content-Length: 1000',
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await inFlight.opened;
    socket.write('{"data":{"title":"Never finished",');

    const exit = await server.kill('SIGTERM');
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(CUT_OFF);
    expect(server.output()).toContain(STOPPED);
    expect(server.output()).not.toContain('did not stop in time');
    // The connection was closed by the server with no answer beyond the interim one.
    const { data } = await answer;
    expect(data.trim()).toBe('HTTP/1.1 100 Continue');

    // The data is intact: a server started on it serves the same user.
    const second = await start(store);
    const gems = await createClient(second.url).api('/api/get-all-bookmark?perPage=10&page=1', { token: jwt });
    expect(gems.status).toBe(200);
    expect(await second.kill('SIGTERM'), second.output()).toEqual({ code: 0, signal: null });
  });
});
