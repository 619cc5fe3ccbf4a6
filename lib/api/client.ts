import { CallError, notUnderstoodError } from './call-error';
import {
  type BodyOf,
  fillPath,
  type HeadersOf,
  type HttpMethod,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
  type RouteAuth,
  type RouteDef,
} from './route';

/**
 * The one typed client of the API: a route's definition (lib/api/routes/) says its method and path, how to send its
 * input and how to read its answer. Under it, a transport carries the request with the caller's credentials: the
 * background's (stored tokens, one refresh for all callers) or the side panel's (a token borrowed from the
 * background, renewed once on a 401).
 */

/** A request as the transport sends it. */
export interface ApiRequest {
  method: HttpMethod;
  /** Path and query string, relative to the server's address (no leading slash), e.g. `api/tags/5?page=1`. */
  target: string;
  auth: RouteAuth;
  /** JSON text (sent as application/json) or a multipart form (which sets its own type). */
  body?: string | FormData;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends a request; resolves with a 2xx answer, throws a CallError for anything else (offline, signed out, refused). */
export type Transport = (request: ApiRequest) => Promise<Response>;

type Part<K extends string, T> = T extends undefined
  ? { [P in K]?: undefined }
  : Partial<T> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallInput<R extends RouteDef> = Part<'params', ParamsOf<R>> &
  Part<'query', QueryOf<R>> &
  Part<'body', BodyOf<R>> &
  Part<'headers', HeadersOf<R>> & { signal?: AbortSignal };

/** The input argument, optional when the route needs none. */
type InputArg<R extends RouteDef> =
  Partial<CallInput<R>> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const pairs = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) pairs.append(name, String(value));
  const text = pairs.toString();
  return text ? `?${text}` : '';
}

/** The request for `route` with `input`. */
export function requestFor<R extends RouteDef>(route: R, input: CallInput<R> = {} as CallInput<R>): ApiRequest {
  const { params, query, body, headers, signal } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: Record<string, string | undefined>;
    signal?: AbortSignal;
  };
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) sent[name] = value;
  const json = route.body?.type === 'json';
  if (json) sent['Content-Type'] = 'application/json';
  return {
    method: route.method,
    target: `${fillPath(route.path, params).slice(1)}${queryString(query)}`,
    auth: route.auth,
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
    headers: sent,
    signal,
  };
}

/** Reads a 2xx answer with the schema its definition gives that status: the one reader of answers. */
export async function readAnswer<R extends RouteDef>(route: R, response: Response): Promise<ResultOf<R>> {
  const schema = route.responses[response.status]?.schema;
  if (!schema) throw new CallError(notUnderstoodError(response.status));
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new CallError(notUnderstoodError(response.status));
  return parsed.data as ResultOf<R>;
}

export function apiClient(transport: Transport) {
  return {
    /** Calls a route that answers JSON and parses the answer. */
    call: async <R extends RouteDef>(route: R, ...[input]: InputArg<R>): Promise<ResultOf<R>> =>
      readAnswer(route, await transport(requestFor(route, input))),
    /** Calls a route and hands back its raw 2xx answer: a stream, a file. */
    send: <R extends RouteDef>(route: R, ...[input]: InputArg<R>): Promise<Response> =>
      transport(requestFor(route, input)),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
