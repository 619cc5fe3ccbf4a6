/**
 * A fake AI provider for tests: a real HTTP server on 127.0.0.1 (port 0) speaking the wire formats
 * of OpenAI chat completions (SSE), Anthropic messages (SSE), Ollama /api/chat (NDJSON) and Google
 * Gemini generateContent / streamGenerateContent (SSE), so the
 * real AI SDK providers run their real code paths against it. Nothing here reaches the internet.
 *
 * Answers are scripted: `script()` queues one answer per chat request (in arrival order); when the
 * queue is empty the default answer is used. Every request is recorded (path, headers without the
 * key, whether a key was sent and its last 4 chars, parsed JSON body, whether the client went away).
 *
 * Routes:
 *   POST /v1/chat/completions   OpenAI (and OpenAI-compatible) chat completions, stream or not
 *   POST /v1/responses          OpenAI Responses, streamed (web_search_call, reasoning summary, url_citation)
 *   POST /v1/images/generations OpenAI images (`n` PNGs as b64_json)
 *   GET  /v1/models             OpenAI model list (Anthropic's shape when `anthropic-version` is sent)
 *   POST /v1/messages           Anthropic messages, stream or not (needs x-api-key + anthropic-version);
 *                               streamed with thinking blocks (`reasoning`) and web search blocks (`sources`)
 *   POST /api/chat              Ollama chat, NDJSON stream (default) or one JSON (`stream: false`)
 *   GET  /api/tags              Ollama model list
 *   POST /api/show              Ollama model details (`ollamaDetails`), 404 for a model it does not list
 *   POST /v1beta/models/{model}:streamGenerateContent?alt=sse   Gemini, SSE (needs x-goog-api-key)
 *   POST /v1beta/models/{model}:generateContent                 Gemini, one JSON (needs x-goog-api-key)
 *   GET  /v1beta/models         Gemini model list
 *   POST /v1/embeddings         OpenAI (and OpenAI-compatible) embeddings, vectors from embeddings.ts
 *   POST /api/embed             Ollama embeddings, the same vectors
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ollamaEmbeddings, openaiEmbeddings } from './embeddings';
import {
  anthropic,
  google,
  type OllamaModelDetails,
  ollama,
  openai,
  openaiResponses,
  type Source,
  type Usage,
} from './formats';

export interface Script {
  /** The answer's text, one piece per streamed chunk; joined for a non-streamed answer. */
  chunks: string[];
  /** Pause between chunks (and before the closing/error event), in ms. */
  delayMs?: number;
  /** Send this many chunks, then a provider-shaped mid-stream error, then end the stream. */
  errorAfter?: number;
  /** Fail the whole request with this HTTP status and a provider-shaped error body. */
  status?: number;
  /** The message used by `status` and `errorAfter` errors. */
  errorMessage?: string;
  /** With `status`: the whole error body, as a provider documents it (instead of one made of `errorMessage`). */
  errorBody?: unknown;
  /** With `status`: the error answer's headers (`retry-after`…). */
  errorHeaders?: Record<string, string>;
  /** Token counts reported to the client; default `{ input: 10, output: chunks.length }`. */
  usage?: Usage;
  /** Web search (OpenAI Responses, Gemini): the pages searched and cited by the answer. */
  sources?: Source[];
  /** OpenAI Responses: the reasoning summary, one piece per streamed delta, before the answer. */
  reasoning?: string[];
  /**
   * Waits for this before the last chunk (a non-streamed answer: before it is sent): orders two answers in time
   * whatever the machine's load.
   */
  lastChunkAfter?: Promise<unknown>;
  /** Waits for this before the closing or error event: holds an answer open while a test looks at it. */
  endAfter?: Promise<unknown>;
  /** Called once the whole answer is sent. */
  onSent?: () => void;
  /** The answer made from the request's body (a fake model reading its prompt); replaces `chunks`. */
  reply?: (body: Record<string, unknown>) => string;
}

export type ProviderKind = 'openai' | 'anthropic' | 'ollama' | 'google';

export interface RecordedRequest {
  method: string;
  path: string;
  provider: ProviderKind | null;
  /** Lower-cased request headers, without `authorization`, `x-api-key` and `x-goog-api-key`. */
  headers: Record<string, string>;
  /**
   * Whether a key came (Bearer token, x-api-key or x-goog-api-key) and its last 4 chars: the key itself is never kept.
   */
  auth: { present: boolean; last4: string | null };
  /** The parsed JSON body (undefined for GET or an empty body). */
  body: unknown;
  /** The script this request was answered with (chat routes only). */
  script: Script | null;
  /** True when the client closed the connection before the answer was complete. */
  aborted: boolean;
}

export interface FakeProvider {
  /** `http://127.0.0.1:PORT`, no trailing slash: OpenAI/Anthropic base URL is `url + '/v1'`, Ollama's `url + '/api'`, Google's `url + '/v1beta'`. */
  url: string;
  requests: RecordedRequest[];
  /** Queue answers, consumed one per chat request. */
  script(...answers: Script[]): void;
  /** The answer used when the queue is empty. */
  setDefault(answer: Script): void;
  /** Clear queued answers, embedding failures and recorded requests (the default answer stays). */
  reset(): void;
  /** The next `count` embedding requests fail with `status` (default 500) in the provider's error shape. */
  failEmbeddings(count: number, status?: number): void;
  /** Embedding requests are answered after this many ms from now on (0: at once). */
  setEmbeddingDelay(ms: number): void;
  /** Change the model lists from now on (a model pulled or deleted on a local server). */
  setModels(models: NonNullable<FakeProviderOptions['models']>): void;
  close(): Promise<void>;
}

export interface FakeProviderOptions {
  defaultScript?: Script;
  /** Model ids listed by `/v1/models`, `/api/tags` and `/v1beta/models`. */
  models?: { openai?: string[]; anthropic?: string[]; ollama?: string[]; google?: string[] };
  /** Extra fields of `/v1/models` entries, by model id (e.g. `{context_length: 32768}`). */
  openaiModelFields?: Record<string, Record<string, unknown>>;
  /** What `/api/show` answers per Ollama model; a listed model without an entry has no capabilities field. */
  ollamaDetails?: Record<string, OllamaModelDetails>;
  /** When set, the model lists and `/api/show` answer 401 unless this Bearer key is sent. */
  requiredKey?: string;
}

const DEFAULT_SCRIPT: Script = { chunks: ['Hello', ' from', ' the', ' fake', ' provider.'] };
const DEFAULT_MODELS = {
  openai: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini'],
  anthropic: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
  ollama: ['llama3.2:latest', 'qwen2.5:0.5b'],
  google: ['gemini-2.5-flash', 'gemini-2.5-pro'],
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function authOf(req: IncomingMessage): RecordedRequest['auth'] {
  const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '');
  const apiKey = req.headers['x-api-key'] ?? req.headers['x-goog-api-key'];
  const key = bearer || (typeof apiKey === 'string' ? apiKey : undefined);
  return key ? { present: true, last4: key.slice(-4) } : { present: false, last4: null };
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === 'authorization' || name === 'x-api-key' || name === 'x-goog-api-key' || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A non-streamed answer, sent once the script's `lastChunkAfter` has settled. */
async function sendWhole(res: ServerResponse, script: Script, body: unknown) {
  await script.lastChunkAfter;
  sendJson(res, 200, body);
}

/** A response being streamed; `write` is a no-op once the client has gone. */
class Stream {
  gone = false;
  constructor(
    private readonly res: ServerResponse,
    contentType: string,
  ) {
    res.on('close', () => {
      this.gone = true;
    });
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
  }
  write(text: string) {
    if (!this.gone) this.res.write(text);
  }
  end() {
    if (!this.gone) this.res.end();
  }
}

/** Events of one streamed answer in a provider's format. */
interface StreamFormat {
  open(): void;
  chunk(text: string): void;
  error(message: string): void;
  finish(usage: Usage): void;
}

/** Plays a script: open, chunks with delays, then the finish or a mid-stream error; stops if the client goes. */
async function play(stream: Stream, format: StreamFormat, script: Script, usage: Usage) {
  const delay = script.delayMs ?? 0;
  const stopAt = script.errorAfter ?? Number.POSITIVE_INFINITY;
  format.open();
  let sent = 0;
  for (const text of script.chunks) {
    if (sent >= stopAt) break;
    if (sent > 0 && delay > 0) await sleep(delay);
    if (sent === script.chunks.length - 1) await script.lastChunkAfter;
    if (stream.gone) return;
    format.chunk(text);
    sent++;
  }
  if (sent > 0 && delay > 0) await sleep(delay);
  await script.endAfter;
  if (stream.gone) return;
  if (script.errorAfter !== undefined) format.error(script.errorMessage ?? 'The fake provider failed mid-stream.');
  else format.finish(usage);
  stream.end();
  script.onSent?.();
}

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

function openaiChat(res: ServerResponse, body: Record<string, unknown>, script: Script, usage: Usage) {
  const model = String(body.model ?? 'gpt-4o-mini');
  const id = `chatcmpl-fake${Date.now().toString(36)}`;
  if (body.stream !== true) return sendWhole(res, script, openai.completion(id, model, script.chunks.join(''), usage));
  const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  const stream = new Stream(res, 'text/event-stream');
  return play(
    stream,
    {
      open: () =>
        stream.write(
          sse(openai.chunk(id, model, { role: 'assistant', content: '', refusal: null }, null, includeUsage)),
        ),
      chunk: (text) => stream.write(sse(openai.chunk(id, model, { content: text }, null, includeUsage))),
      error: (message) => stream.write(sse({ error: { message, type: 'server_error', param: null, code: null } })),
      finish: (u) => {
        stream.write(sse(openai.chunk(id, model, {}, 'stop', includeUsage)));
        if (includeUsage) stream.write(sse(openai.usageChunk(id, model, u)));
        stream.write('data: [DONE]\n\n');
      },
    },
    script,
    usage,
  );
}

function anthropicMessages(res: ServerResponse, body: Record<string, unknown>, script: Script, usage: Usage) {
  const model = String(body.model ?? 'claude-sonnet-4-5');
  const id = `msg_fake${Date.now().toString(36)}`;
  if (body.stream !== true) return sendWhole(res, script, anthropic.message(id, model, script.chunks.join(''), usage));
  const stream = new Stream(res, 'text/event-stream');
  const event = (data: { type: string }) => stream.write(sse(data, data.type));
  let text = 0;
  return play(
    stream,
    {
      open: () => {
        event(anthropic.messageStart(id, model, usage));
        // Thinking (`reasoning`), then the web search (`sources`), each its own blocks before the text's.
        if (script.reasoning) {
          event(anthropic.contentBlockStart(text, { type: 'thinking', thinking: '', signature: '' }));
          for (const piece of script.reasoning) event(anthropic.thinkingDelta(piece, text));
          event(anthropic.signatureDelta(text));
          event(anthropic.contentBlockStop(text++));
        }
        if (script.sources) {
          event(anthropic.contentBlockStart(text, anthropic.webSearchUse('srvtoolu_fake')));
          event(anthropic.contentBlockStop(text++));
          event(anthropic.contentBlockStart(text, anthropic.webSearchResult('srvtoolu_fake', script.sources)));
          event(anthropic.contentBlockStop(text++));
        }
        event(anthropic.contentBlockStart(text));
        event(anthropic.ping());
      },
      chunk: (piece) => event(anthropic.textDelta(piece, text)),
      error: (message) => event(anthropic.error(529, message)),
      finish: (u) => {
        event(anthropic.contentBlockStop(text));
        event(anthropic.messageDelta(u));
        event(anthropic.messageStop());
      },
    },
    script,
    usage,
  );
}

function ollamaChat(res: ServerResponse, body: Record<string, unknown>, script: Script, usage: Usage) {
  const model = String(body.model ?? 'llama3.2:latest');
  if (body.stream === false) return sendWhole(res, script, ollama.done(model, script.chunks.join(''), usage));
  const stream = new Stream(res, 'application/x-ndjson');
  const line = (data: unknown) => stream.write(`${JSON.stringify(data)}\n`);
  return play(
    stream,
    {
      open: () => {},
      chunk: (text) => line(ollama.part(model, text)),
      error: (message) => line(ollama.error(message)),
      finish: (u) => line(ollama.done(model, '', u)),
    },
    script,
    usage,
  );
}

/**
 * Gemini: `streamGenerateContent?alt=sse` sends one `GenerateContentResponse` per `data:` event (no
 * `event:` names, no `[DONE]`), usage on every chunk and `finishReason` on the last; a failure mid-way
 * is a last `data: {"error":{code,message,status}}`. `generateContent` answers one JSON.
 */
function googleGenerate(res: ServerResponse, model: string, streaming: boolean, script: Script, usage: Usage) {
  const id = `fake${Date.now().toString(36)}`;
  if (!streaming) return sendWhole(res, script, google.response(model, id, script.chunks.join(''), usage, 'STOP'));
  const stream = new Stream(res, 'text/event-stream');
  const partial: Usage = { input: usage.input, output: 0 };
  return play(
    stream,
    {
      open: () => {},
      chunk: (text) => {
        partial.output = Math.min(usage.output, partial.output + 1);
        stream.write(sse(google.response(model, id, text, partial)));
      },
      error: (message) => stream.write(sse(google.error(500, message))),
      finish: (u) => stream.write(sse(google.response(model, id, '', u, 'STOP', script.sources))),
    },
    script,
    usage,
  );
}

/**
 * OpenAI Responses, streamed: a web search call (with `sources`), a reasoning item with its summary (with
 * `reasoning`), then the message, its text deltas and one `url_citation` per source over the whole text.
 */
function openaiResponsesStream(res: ServerResponse, body: Record<string, unknown>, script: Script, usage: Usage) {
  const model = String(body.model ?? 'gpt-4.1');
  const id = `resp_fake${Date.now().toString(36)}`;
  const stream = new Stream(res, 'text/event-stream');
  const send = (event: { type: string }) => stream.write(sse(event, event.type));
  let index = 0;
  let length = 0;
  const messageIndex = (script.sources ? 1 : 0) + (script.reasoning ? 1 : 0);
  return play(
    stream,
    {
      open: () => {
        send(openaiResponses.created(id, model));
        if (script.sources) {
          send(openaiResponses.itemAdded(index, openaiResponses.webSearchCall('ws_fake', 'in_progress', '')));
          send(openaiResponses.itemDone(index, openaiResponses.webSearchCall('ws_fake', 'completed', 'fake query')));
          index++;
        }
        if (script.reasoning) {
          send(openaiResponses.itemAdded(index, { type: 'reasoning', id: 'rs_fake', encrypted_content: null }));
          send(openaiResponses.summaryPartAdded('rs_fake', index));
          for (const piece of script.reasoning) send(openaiResponses.summaryDelta('rs_fake', index, piece));
          send(openaiResponses.summaryPartDone('rs_fake', index));
          send(openaiResponses.itemDone(index, { type: 'reasoning', id: 'rs_fake', encrypted_content: null }));
        }
        send(openaiResponses.itemAdded(messageIndex, { type: 'message', id: 'msg_fake' }));
      },
      chunk: (text) => {
        length += text.length;
        send(openaiResponses.textDelta('msg_fake', messageIndex, text));
      },
      error: (message) =>
        send({ type: 'error', code: 'server_error', message, param: null, sequence_number: 1 } as { type: string }),
      finish: (u) => {
        for (const source of script.sources ?? []) send(openaiResponses.citation(source, 0, length));
        send(openaiResponses.itemDone(messageIndex, { type: 'message', id: 'msg_fake' }));
        send(openaiResponses.completed(id, model, u));
      },
    },
    script,
    usage,
  );
}

/** `/v1beta/models/{model}:streamGenerateContent` or `:generateContent` → the model and whether it streams. */
function googleRoute(path: string): { model: string; streaming: boolean } | null {
  const match = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/.exec(path);
  return match ? { model: decodeURIComponent(match[1] ?? ''), streaming: match[2] === 'streamGenerateContent' } : null;
}

/** A provider-shaped error body for a whole-request failure. */
function errorBody(provider: ProviderKind, status: number, message: string) {
  if (provider === 'anthropic') return anthropic.error(status, message);
  if (provider === 'google') return google.error(status, message);
  if (provider === 'ollama') return ollama.error(message);
  return openai.error(status, message);
}

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const models = { ...DEFAULT_MODELS, ...options.models };
  let fallback: Script = options.defaultScript ?? DEFAULT_SCRIPT;
  const queue: Script[] = [];
  const requests: RecordedRequest[] = [];
  const embedFailures: number[] = [];
  let embedDelayMs = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    const chatRoutes: Record<string, ProviderKind> = {
      '/v1/chat/completions': 'openai',
      '/v1/responses': 'openai',
      '/v1/images/generations': 'openai',
      '/v1/messages': 'anthropic',
      '/api/chat': 'ollama',
    };
    const gemini = method === 'POST' ? googleRoute(path) : null;
    const chat = method === 'POST' ? (chatRoutes[path] ?? (gemini ? 'google' : undefined)) : undefined;
    const provider: ProviderKind | null =
      chat ??
      (path === '/api/tags' || path === '/api/show' || path === '/api/embed'
        ? 'ollama'
        : path === '/v1beta/models' || path.startsWith('/v1beta/')
          ? 'google'
          : path === '/v1/models' || path === '/v1/embeddings'
            ? req.headers['anthropic-version']
              ? 'anthropic'
              : 'openai'
            : null);

    const record: RecordedRequest = {
      method,
      path,
      provider,
      headers: headersOf(req),
      auth: authOf(req),
      body: undefined,
      script: null,
      aborted: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });

    if (raw) {
      try {
        record.body = JSON.parse(raw);
      } catch {
        return sendJson(res, 400, errorBody(provider ?? 'openai', 400, 'The request body is not valid JSON.'));
      }
    }

    const listing = path === '/v1/models' || path === '/api/tags' || path === '/api/show';
    if (listing && options.requiredKey && req.headers.authorization !== `Bearer ${options.requiredKey}`)
      return sendJson(res, 401, openai.error(401, 'Incorrect API key provided.'));
    if (method === 'POST' && path === '/api/show') {
      const name = String((record.body as { model?: unknown } | undefined)?.model ?? '');
      if (!models.ollama.includes(name)) return sendJson(res, 404, ollama.error(`model '${name}' not found`));
      return sendJson(res, 200, ollama.show(options.ollamaDetails?.[name] ?? {}));
    }
    if (method === 'GET' && path === '/v1/models') {
      return sendJson(
        res,
        200,
        provider === 'anthropic'
          ? anthropic.models(models.anthropic)
          : openai.models(models.openai, options.openaiModelFields),
      );
    }
    if (method === 'GET' && path === '/api/tags') return sendJson(res, 200, ollama.tags(models.ollama));
    if (method === 'GET' && path === '/v1beta/models') return sendJson(res, 200, google.models(models.google));
    if (method === 'POST' && (path === '/v1/embeddings' || path === '/api/embed')) {
      const kind = path === '/api/embed' ? 'ollama' : 'openai';
      if (embedDelayMs) await sleep(embedDelayMs);
      const failure = embedFailures.shift();
      if (failure !== undefined)
        return sendJson(res, failure, errorBody(kind, failure, `Embeddings failed (${failure}).`));
      const body = (record.body ?? {}) as { model?: unknown; input?: unknown };
      const inputs = (Array.isArray(body.input) ? body.input : [body.input]).map(String);
      const model = String(body.model ?? '');
      return sendJson(res, 200, kind === 'ollama' ? ollamaEmbeddings(model, inputs) : openaiEmbeddings(model, inputs));
    }
    if (!chat)
      return sendJson(
        res,
        404,
        errorBody(provider ?? 'openai', 404, `No route for ${method} ${path} on the fake provider.`),
      );

    if (chat === 'anthropic') {
      if (!req.headers['x-api-key']) return sendJson(res, 401, anthropic.error(401, 'x-api-key header is required'));
      if (!req.headers['anthropic-version'])
        return sendJson(res, 400, anthropic.error(400, 'anthropic-version: header is required'));
    }
    if (chat === 'google' && !req.headers['x-goog-api-key']) {
      return sendJson(
        res,
        403,
        google.error(
          403,
          "Method doesn't allow unregistered callers. Please use API Key or other form of API consumer identity to call this API.",
        ),
      );
    }

    const body = (record.body ?? {}) as Record<string, unknown>;
    const queued = queue.shift() ?? fallback;
    const script = queued.reply ? { ...queued, chunks: [queued.reply(body)] } : queued;
    record.script = script;
    if (script.status !== undefined && script.status >= 400) {
      return sendJson(
        res,
        script.status,
        script.errorBody ??
          errorBody(chat, script.status, script.errorMessage ?? `The fake provider answered ${script.status}.`),
        script.errorHeaders,
      );
    }
    const usage = script.usage ?? { input: 10, output: script.chunks.length };
    if (path === '/v1/images/generations') return sendJson(res, 200, openaiResponses.images(Number(body.n ?? 1)));
    if (path === '/v1/responses') return openaiResponsesStream(res, body, script, usage);
    if (chat === 'openai') return openaiChat(res, body, script, usage);
    if (chat === 'anthropic') return anthropicMessages(res, body, script, usage);
    if (chat === 'google' && gemini) return googleGenerate(res, gemini.model, gemini.streaming, script, usage);
    return ollamaChat(res, body, script, usage);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { message: String(error), type: 'server_error', param: null, code: null } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...answers) => {
      queue.push(...answers);
    },
    setDefault: (answer) => {
      fallback = answer;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      embedFailures.length = 0;
    },
    failEmbeddings: (count, status = 500) => {
      for (let i = 0; i < count; i++) embedFailures.push(status);
    },
    setEmbeddingDelay: (ms) => {
      embedDelayMs = ms;
    },
    setModels: (next) => {
      Object.assign(models, next);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
