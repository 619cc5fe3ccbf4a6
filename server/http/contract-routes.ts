import { type Context, type Env, Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { ReplyOf, RouteDef } from '../../lib/api/route';
import { header, jsonBody, param, query } from './validate';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets from its definition: the path parameters, query, headers and JSON body, validated and cleaned. */
export interface RouteInput<R extends RouteDef> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  headers: R['headers'] extends z.ZodObject ? Partial<z.output<R['headers']>> : undefined;
  body: R['body'] extends { type: 'json'; schema: infer S } ? Out<S> : undefined;
}

/** A handler answers a JSON reply its definition allows, or a Response of its own (a stream, a file, a page). */
export type RouteHandler<R extends RouteDef, E extends Env> = (
  c: Context<E>,
  input: RouteInput<R>,
) => ReplyOf<R> | Response | Promise<ReplyOf<R> | Response>;

/**
 * Reads a request as its definition says, through server/http/validate.ts (so every error keeps today's format):
 * path parameters first (one a schema refuses is a 404), then the query, the headers and a JSON body (a 400 naming
 * the field; a body that is not JSON a 415). A multipart body is left to the handler, which applies its own limits.
 */
async function readInput<R extends RouteDef>(c: Context, route: R): Promise<RouteInput<R>> {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(route.params?.shape ?? {})) params[name] = param(c, name, schema);
  const headers: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(route.headers?.shape ?? {})) {
    const value = header(c, name, schema);
    if (value !== undefined) headers[name] = value;
  }
  return {
    params: route.params ? params : undefined,
    query: route.query ? query(c, route.query) : undefined,
    headers: route.headers ? headers : undefined,
    body: route.body?.type === 'json' ? await jsonBody(c, route.body.schema) : undefined,
  } as RouteInput<R>;
}

export interface ImplementOptions<E extends Env> {
  /** Run before the request is read, e.g. a rate limit or a body limit of its own (uploads). */
  middleware?: MiddlewareHandler<E>[];
  /**
   * A pattern a path parameter must match for the route to match at all (Hono's `:id{[0-9]+}`), so a literal path
   * beside it is never shadowed; a request that does not match is the app's "No route" 404.
   */
  match?: Record<string, string>;
}

/**
 * The routes of one feature, mounted by server/app.ts at `mount` (the part of their paths it adds): each is
 * implemented from its definition in lib/api/routes/.
 */
export function contractRoutes<E extends Env>(mount: string) {
  const app = new Hono<E>();
  const routes = {
    app,
    implement<R extends RouteDef>(route: R, handler: RouteHandler<R, E>, options: ImplementOptions<E> = {}) {
      if (!route.path.startsWith(mount)) throw new Error(`${route.path} is not under ${mount}`);
      const local =
        route.path
          .slice(mount.length)
          .replace(
            /\{(\w+)\}/g,
            (_, name: string) => `:${name}${options.match?.[name] ? `{${options.match[name]}}` : ''}`,
          ) || '/';
      const method = route.method.toUpperCase();
      // each registered on its own, in order: Hono runs them as one chain
      for (const middleware of options.middleware ?? []) app.on(method, local, middleware);
      app.on(method, local, async (c) => {
        const reply = await handler(c, await readInput(c, route));
        if (reply instanceof Response) return reply;
        return c.json(reply.body, reply.status as Parameters<typeof c.json>[1]);
      });
      return routes;
    },
  };
  return routes;
}
