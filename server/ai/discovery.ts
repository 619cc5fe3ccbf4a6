import { z } from 'zod';
import type { ConnectionProblem, CustomEndpointKind, DiscoveredCapabilities } from '../../lib/api/ai-contract';
import { readUpTo } from '../http/bounded-body';
import { OutboundRefused } from '../http/outbound';

/**
 * Discovers the models of a user's own endpoint (issue 11 "Custom providers"):
 * - OpenAI-compatible (LM Studio, vLLM, llama.cpp's server, LiteLLM, OpenRouter…): `GET {base}/models`,
 *   the `{data: [{id}]}` list. It says nothing of capabilities, so they stay unknown (null); a context
 *   length is taken only where the server reports one on the entry (`context_length`: OpenRouter, LM Studio;
 *   `context_window`: Groq; `max_model_len`: vLLM).
 * - Ollama: `GET /api/tags` (`{models: [{name}]}`), then `POST /api/show {model}` per model: `capabilities`
 *   (`vision`, `tools`, `thinking`, Ollama ≥ 0.6.4; absent on older ones, which leaves them unknown) and the
 *   context length from `model_info["<architecture>.context_length"]`.
 *
 * Addresses: calls go through the fetch given (the server's checked one: the operator's TROVE_USER_ENDPOINTS,
 * never the house upstream, see server/http/outbound.ts). What else limits the reach: only these GET/POST paths
 * are called, redirects are not followed, each call gives up after TIMEOUT_MS, answers are read up to
 * MAX_BODY_BYTES, and a failure's message says what happened (status code, connection error, the address
 * refused) but never repeats the answer's body, nor a user and password written into the address.
 */

const TIMEOUT_MS = 8_000;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** More models than this are cut (a LiteLLM or OpenRouter list can be long; the picker stays usable). */
export const MAX_DISCOVERED_MODELS = 500;
/** `/api/show` calls in flight at once. */
const SHOW_CONCURRENCY = 4;

export interface DiscoveredEntry extends DiscoveredCapabilities {
  model: string;
}

export type Discovery =
  | { ok: true; models: DiscoveredEntry[] }
  | { ok: false; problem: ConnectionProblem; message: string };

export interface EndpointConnection {
  kind: CustomEndpointKind;
  baseUrl: string;
  apiKey?: string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
/** Ollama is given as the server's address; `/api` is added here (and tolerated when the user typed it). */
export const ollamaRoot = (url: string) => trimSlash(url).replace(/\/api$/, '');

const KIND_NAMES: Record<CustomEndpointKind, string> = {
  'openai-compatible': 'an OpenAI-compatible server',
  ollama: 'an Ollama server',
};

/** Why a fetch threw, in plain words. */
function unreachableReason(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `no answer within ${TIMEOUT_MS / 1000} seconds`;
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === 'ECONNREFUSED') return 'nothing is listening there (connection refused)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNRESET') return 'the connection was reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host cannot be reached from the server';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return 'its TLS certificate was refused';
  return code ? `the connection failed (${code})` : 'the connection failed';
}

class EndpointFailure extends Error {
  constructor(
    readonly problem: ConnectionProblem,
    message: string,
  ) {
    super(message);
  }
}

/** The body as JSON, read up to MAX_BODY_BYTES; undefined when it is not JSON or too large. */
async function readJson(res: Response): Promise<unknown> {
  const { bytes, complete } = await readUpTo(res, MAX_BODY_BYTES);
  if (!complete) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** One call to the endpoint; a failure to connect or a refused key becomes an EndpointFailure. */
async function call(
  fetchFn: typeof fetch,
  connection: EndpointConnection,
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetchFn(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof OutboundRefused) throw new EndpointFailure('unreachable', error.message);
    throw new EndpointFailure('unreachable', `Could not reach ${new URL(url).origin}: ${unreachableReason(error)}.`);
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new EndpointFailure(
      'key-refused',
      connection.apiKey
        ? `The endpoint refused the API key (HTTP ${res.status}). Check the key.`
        : `The endpoint needs an API key (it answered HTTP ${res.status}).`,
    );
  }
  return { status: res.status, json: res.ok ? await readJson(res) : await res.body?.cancel() };
}

/** The address as a message may show it: without a user and password written into it (they are secrets too). */
function shownAddress(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return 'The endpoint';
  }
}

const notCompatible = (connection: EndpointConnection, what: string) =>
  new EndpointFailure(
    'not-compatible',
    `${shownAddress(connection.baseUrl)} answered, but not as ${KIND_NAMES[connection.kind]}: ${what}.`,
  );

const positiveInt = z.number().int().positive();
const contextOf = (entry: Record<string, unknown>): number | null => {
  for (const field of ['context_length', 'context_window', 'max_model_len']) {
    const parsed = positiveInt.safeParse(entry[field]);
    if (parsed.success) return parsed.data;
  }
  return null;
};

const modelName = z.string().trim().min(1).max(200);
const openAiModelList = z.object({ data: z.array(z.looseObject({ id: modelName })) });

async function discoverOpenAiCompatible(fetchFn: typeof fetch, connection: EndpointConnection) {
  const { status, json } = await call(fetchFn, connection, `${trimSlash(connection.baseUrl)}/models`, {
    method: 'GET',
  });
  if (status < 200 || status >= 300) throw notCompatible(connection, `GET /models gave HTTP ${status}`);
  const list = openAiModelList.safeParse(json);
  if (!list.success) throw notCompatible(connection, 'GET /models did not return a model list');
  return list.data.data.map((entry) => ({
    model: entry.id,
    contextLength: contextOf(entry),
    vision: null,
    tools: null,
    thinking: null,
  }));
}

const ollamaTags = z.object({ models: z.array(z.looseObject({ name: modelName })) });
const ollamaShow = z.looseObject({
  capabilities: z.array(z.string()).optional(),
  model_info: z.record(z.string(), z.unknown()).optional(),
});

/** `model_info["<general.architecture>.context_length"]`, or null when Ollama does not give it. */
function ollamaContext(info: Record<string, unknown> | undefined): number | null {
  if (!info) return null;
  const arch = info['general.architecture'];
  const parsed = positiveInt.safeParse(typeof arch === 'string' ? info[`${arch}.context_length`] : undefined);
  return parsed.success ? parsed.data : null;
}

/** One model's details from `/api/show`; all unknown when Ollama does not answer them. */
async function ollamaDetails(
  fetchFn: typeof fetch,
  connection: EndpointConnection,
  model: string,
): Promise<DiscoveredEntry> {
  const unknown: DiscoveredEntry = { model, contextLength: null, vision: null, tools: null, thinking: null };
  const { status, json } = await call(fetchFn, connection, `${ollamaRoot(connection.baseUrl)}/api/show`, {
    method: 'POST',
    body: { model },
  });
  const show = status === 200 ? ollamaShow.safeParse(json) : undefined;
  if (!show?.success) return unknown;
  const caps = show.data.capabilities;
  return {
    model,
    contextLength: ollamaContext(show.data.model_info),
    vision: caps ? caps.includes('vision') : null,
    tools: caps ? caps.includes('tools') : null,
    thinking: caps ? caps.includes('thinking') : null,
  };
}

async function discoverOllama(fetchFn: typeof fetch, connection: EndpointConnection): Promise<DiscoveredEntry[]> {
  const { status, json } = await call(fetchFn, connection, `${ollamaRoot(connection.baseUrl)}/api/tags`, {
    method: 'GET',
  });
  if (status < 200 || status >= 300) throw notCompatible(connection, `GET /api/tags gave HTTP ${status}`);
  const tags = ollamaTags.safeParse(json);
  if (!tags.success) throw notCompatible(connection, 'GET /api/tags did not return a model list');
  const names = [...new Set(tags.data.models.map((m) => m.name))].slice(0, MAX_DISCOVERED_MODELS);
  const found: DiscoveredEntry[] = [];
  for (let i = 0; i < names.length; i += SHOW_CONCURRENCY) {
    found.push(
      ...(await Promise.all(names.slice(i, i + SHOW_CONCURRENCY).map((n) => ollamaDetails(fetchFn, connection, n)))),
    );
  }
  return found;
}

/** The endpoint's models, or what failed (unreachable, key refused, not that kind of server, no models). */
export async function discover(connection: EndpointConnection, fetchFn: typeof fetch): Promise<Discovery> {
  try {
    const found =
      connection.kind === 'ollama'
        ? await discoverOllama(fetchFn, connection)
        : await discoverOpenAiCompatible(fetchFn, connection);
    const models = [...new Map(found.map((m) => [m.model, m])).values()].slice(0, MAX_DISCOVERED_MODELS);
    if (!models.length)
      return {
        ok: false,
        problem: 'no-models',
        message:
          connection.kind === 'ollama'
            ? 'Ollama answered but has no models: pull one first (ollama pull <model>).'
            : 'The endpoint answered but lists no models.',
      };
    return { ok: true, models };
  } catch (error) {
    if (error instanceof EndpointFailure) return { ok: false, problem: error.problem, message: error.message };
    throw error;
  }
}
