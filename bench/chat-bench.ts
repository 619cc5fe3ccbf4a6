import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { readSse as readEvents } from '../lib/chat/sse';
import { buildServer, SERVER_ENTRY } from '../scripts/build-server';
import { startServer } from '../server/start';
import { type FakeProvider, startFakeProvider } from '../tests/fake-provider/server';
import { findPostgresBin, startPostgresCluster } from '../tests/server/postgres-global-setup';
import { type ServerProcess, startServerProcess } from '../tests/server-process';
import { apiCaller } from './api';
import { percentile, summary } from './stats';

interface Timing {
  /** Request sent → first non-empty piece of the answer, in ms. */
  first: number;
  /** Request sent → stream ended, in ms. */
  total: number;
  /** Pieces of the answer received. */
  pieces: number;
  /** Proxied only: request sent → the `message` event (the stored message's id), in ms. */
  message?: number;
}

/** Calls `onEvent` for each event of an SSE response (the project's one reader, lib/chat/sse.ts). */
async function readSse(response: Response, onEvent: (event: string, data: string) => void) {
  if (!response.body) throw new Error('no body');
  for await (const { event, data } of readEvents(response.body)) onEvent(event, data);
}

/** Streams one answer straight from the fake provider's OpenAI chat-completions route. */
async function direct(fake: FakeProvider, model: string, text: string): Promise<Timing> {
  const start = performance.now();
  let first = Number.NaN;
  let pieces = 0;
  const response = await fetch(`${fake.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer gsk-bench-direct-1234' },
    body: JSON.stringify({
      model,
      messages: [{ role: 'user', content: text }],
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  if (!response.ok) throw new Error(`fake provider: ${response.status} ${await response.text()}`);
  await readSse(response, (_event, data) => {
    if (data === '[DONE]') return;
    const content = JSON.parse(data).choices?.[0]?.delta?.content;
    if (typeof content === 'string' && content.length > 0) {
      if (pieces === 0) first = performance.now() - start;
      pieces++;
    }
  });
  return { first, total: performance.now() - start, pieces };
}

/** Streams one answer through `POST /api/chats/{id}/messages`. */
async function proxied(url: string, token: string, chatId: number, modelId: number, text: string): Promise<Timing> {
  const start = performance.now();
  let first = Number.NaN;
  let pieces = 0;
  let outcome = '';
  let message = Number.NaN;
  const response = await fetch(`${url}/api/chats/${chatId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text, modelId }),
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error(`send message: ${response.status} ${await response.text()}`);
  await readSse(response, (event, data) => {
    if (event === 'message') message = performance.now() - start;
    else if (event === 'delta') {
      if (pieces === 0) first = performance.now() - start;
      pieces++;
    } else if (event === 'done' || event === 'error') outcome = `${event} ${data}`;
  });
  if (!outcome.startsWith('done')) throw new Error(`the proxied answer did not finish: ${outcome || 'no done event'}`);
  return { first, total: performance.now() - start, pieces, message };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** A user of `base` with the Groq key pointing at the fake provider, and the usable model. */
async function chatUser(base: string, fake: FakeProvider) {
  const call = apiCaller(() => base);
  const session = await call('auth/local/register', {
    method: 'POST',
    body: JSON.stringify({ username: 'chatbench', email: 'chatbench@example.test', password: 'bench password' }),
  });
  const token: string = session.jwt;
  await call('ai-settings/keys/groq', {
    method: 'PUT',
    token,
    body: JSON.stringify({ apiKey: 'gsk-bench-proxied-1234', baseUrl: `${fake.url}/v1` }),
  });
  const models: { data: { id: number; model: string; provider: string; label: string }[] } = await call('user-models', {
    token,
  });
  const model = models.data.find((m) => m.provider === 'Groq' && m.label === 'API');
  if (!model) throw new Error('no usable Groq model after setting the key');
  // A fresh chat per answer, so every proxied request carries the same one-message history as the direct one.
  const newChat = async (): Promise<number> =>
    (await call('chats', { method: 'POST', token, body: JSON.stringify({ title: 'Bench chat' }) })).data.id;
  return { token, model, newChat };
}

const WARMUP = 5;
/**
 * A server in use has answered many questions, its code long compiled by V8's optimising tiers; the first
 * answers after a start run partly unoptimised. The first-token overhead is reported both right after the
 * start (answers WARMUP+1 to WARMUP+runs) and warm (answers WARM+1 to WARM+runs).
 */
const WARM = 100;

interface Pairs {
  directRuns: Timing[];
  proxiedRuns: Timing[];
}

/** Same-run pairs (direct, proxied through `base`): `runs` after WARMUP not counted, and `runs` after WARM. */
async function pairs(fake: FakeProvider, base: string, runs: number): Promise<{ early: Pairs; warm: Pairs }> {
  const { token, model, newChat } = await chatUser(base, fake);
  const question = 'Say something.';
  const early: Pairs = { directRuns: [], proxiedRuns: [] };
  const warm: Pairs = { directRuns: [], proxiedRuns: [] };
  const last = Math.max(WARM, WARMUP + runs) + runs;
  for (let i = 0; i < last; i++) {
    const chatId = await newChat();
    // Alternate the order so neither side always runs on a warmer process.
    let d: Timing;
    let p: Timing;
    if (i % 2 === 0) {
      d = await direct(fake, model.model, question);
      p = await proxied(base, token, chatId, model.id, question);
    } else {
      p = await proxied(base, token, chatId, model.id, question);
      d = await direct(fake, model.model, question);
    }
    const band = i >= WARMUP && i < WARMUP + runs ? early : i >= last - runs ? warm : undefined;
    band?.directRuns.push(d);
    band?.proxiedRuns.push(p);
  }
  return { early, warm };
}

const overhead = ({ directRuns, proxiedRuns }: Pairs) =>
  percentile(
    proxiedRuns.map((r) => r.first),
    50,
  ) -
  percentile(
    directRuns.map((r) => r.first),
    50,
  );

/** The overhead right after the start and warm, on one line. */
const overheadLine = (name: string, { early, warm }: { early: Pairs; warm: Pairs }, budget = '') =>
  `${name.padEnd(44)}         p50 ${ms(overhead(early))} right after the start (answers ${WARMUP + 1}–${WARMUP + early.proxiedRuns.length}), ${ms(overhead(warm))} warm (answers ${WARM + 1}–${WARM + warm.proxiedRuns.length})${budget}`;

/** The first-token lines of a server run in its own process. */
const processLines = (name: string, runs: { early: Pairs; warm: Pairs }) => [
  summary(
    `chat first token, through a ${name}`,
    runs.early.proxiedRuns.map((r) => r.first),
  ),
  summary(
    '  of which: request → `message` event (id)',
    runs.early.proxiedRuns.map((r) => r.message ?? Number.NaN),
  ),
  summary(
    '  the same, warm',
    runs.warm.proxiedRuns.map((r) => r.first),
  ),
  overheadLine(`chat first-token overhead, ${name}`, runs, '  (budget 5 ms)'),
];

/**
 * The same with the server process on PostgreSQL (a throwaway durable cluster), where storing the
 * question does not hold the server's thread as PGlite's insert and flush do.
 */
async function onPostgres(fake: FakeProvider, runs: number, secret: string): Promise<string[]> {
  try {
    findPostgresBin();
  } catch (error) {
    return [`chat on PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`];
  }
  const cluster = await startPostgresCluster({ durable: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-chat-pg-'));
  let child: ServerProcess | undefined;
  try {
    const admin = postgres(`${cluster.base}/postgres`, { max: 1, onnotice: () => {} });
    await admin.unsafe('CREATE DATABASE trove_chat');
    await admin.end({ timeout: 5 });
    child = await startServerProcess({
      args: [SERVER_ENTRY],
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: `${cluster.base}/trove_chat`,
        TROVE_SECRET: secret,
        TROVE_PER_ADDRESS_LIMITS: '0',
      },
    });
    return processLines('server process on PostgreSQL', await pairs(fake, child.url, runs));
  } finally {
    await child?.stop().catch(() => {});
    cluster.stop('fast');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * First-token latency and per-chunk overhead of the chat proxy (`POST /api/chats/{id}/messages`,
 * OpenAI-compatible provider, Groq) against calling the fake provider directly, in the same run.
 * Each answer is `chunks` pieces sent with no delay, so the differences are the proxy's own cost.
 * The server runs in this process first (the client's own work then shares its event loop), then
 * compiled in a child process, as a deployed server runs (its first token measured apart from the client's work),
 * on PGlite and on PostgreSQL.
 */
export async function benchChat(
  runs = Number(process.env.BENCH_CHAT_RUNS ?? 30),
  chunks = Number(process.env.BENCH_CHAT_CHUNKS ?? 200),
): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-chat-'));
  const processDataDir = mkdtempSync(join(tmpdir(), 'trove-bench-chat-process-'));
  const config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    secret: 'c'.repeat(48),
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 3600,
    logRequests: false,
    // The fake provider, set as a key's base URL, listens on 127.0.0.1.
    userEndpoints: 'public,loopback',
  };
  const answer = Array.from({ length: chunks }, (_, i) => (i === 0 ? 'word' : ` word${i}`));
  const lines: string[] = [];
  let fake: FakeProvider | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let child: ServerProcess | undefined;
  try {
    fake = await startFakeProvider({ defaultScript: { chunks: answer } });
    server = await startServer(config);
    const inProcess = await pairs(fake, server.url, runs);
    const { directRuns, proxiedRuns } = inProcess.early;
    const firstDirect = directRuns.map((r) => r.first);
    const firstProxied = proxiedRuns.map((r) => r.first);
    const perChunk = proxiedRuns.map((p, i) => (p.total - (directRuns[i] as Timing).total) / chunks);
    // The same, leaving out the first token's wait: only the streaming once the answer has begun.
    const perChunkStreaming = proxiedRuns.map((p, i) => {
      const d = directRuns[i] as Timing;
      return (p.total - p.first - (d.total - d.first)) / chunks;
    });
    const deltas = proxiedRuns.map((r) => r.pieces);
    lines.push(summary('chat first token, direct (fake provider)', firstDirect));
    lines.push(summary('chat first token, through POST …/messages', firstProxied));
    lines.push(
      summary(
        '  of which: request → `message` event (id)',
        proxiedRuns.map((r) => r.message ?? Number.NaN),
      ),
    );
    lines.push(overheadLine('chat first-token overhead (proxied − direct)', inProcess));
    lines.push(
      summary(
        `chat whole answer (${chunks} chunks), direct`,
        directRuns.map((r) => r.total),
      ),
    );
    lines.push(
      summary(
        `chat whole answer (${chunks} chunks), proxied`,
        proxiedRuns.map((r) => r.total),
      ),
    );
    lines.push(summary('chat per-chunk overhead (Δtotal / chunks)', perChunk, 1));
    lines.push(summary('chat per-chunk overhead, after first token', perChunkStreaming, 1));
    lines.push(
      `  (${chunks} provider chunks → ${percentile(deltas, 50)} delta events p50; same-run pairs, ${WARMUP} warm-up pairs not counted; with no delay the provider's answer is all buffered before the first delta goes out)`,
    );

    await server.stop();
    server = undefined;
    await buildServer();
    child = await startServerProcess({
      args: [SERVER_ENTRY],
      env: { DATA_DIR: processDataDir, TROVE_SECRET: config.secret, TROVE_PER_ADDRESS_LIMITS: '0' },
    });
    lines.push(...processLines('server process', await pairs(fake, child.url, runs)));
    await child.stop();
    child = undefined;
    lines.push(...(await onPostgres(fake, runs, config.secret)));
  } finally {
    await server?.stop().catch(() => {});
    await child?.stop().catch(() => {});
    await fake?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(processDataDir, { recursive: true, force: true });
  }
  return lines;
}
