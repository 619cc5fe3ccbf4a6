import type { MiddlewareHandler } from 'hono';

/**
 * Calls come from the extension's background with a bearer token (no cookies), so any browser
 * extension origin may call; web pages may not.
 */
const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[a-z0-9-]+$/i;

const EXPOSED = 'Retry-After,Content-Disposition';
const METHODS = 'GET,HEAD,PUT,POST,DELETE,PATCH,QUERY';
const MAX_AGE = '600';

/**
 * CORS for the API, with the headers hono's `cors()` gives (origin, exposed headers, `Vary: Origin`, the preflight's).
 * Unlike it, the answer's headers are set once the route has answered: hono's sets them on `c.res` before the route
 * runs, and the route's answer then replaces that response by copying it, which makes @hono/node-server build a whole
 * web Response and stream its body instead of writing it at once (~0.1 ms of CPU on every API request, measured).
 */
export function extensionCors(): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('Origin') ?? '';
    const allowed = EXTENSION_ORIGIN.test(origin) ? origin : null;
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers({ Vary: 'Origin', 'Access-Control-Max-Age': MAX_AGE });
      if (allowed) headers.set('Access-Control-Allow-Origin', allowed);
      headers.set('Access-Control-Expose-Headers', EXPOSED);
      headers.set('Access-Control-Allow-Methods', METHODS);
      const requested = c.req.header('Access-Control-Request-Headers');
      if (requested) {
        headers.set(
          'Access-Control-Allow-Headers',
          requested
            .split(',')
            .map((h) => h.trim())
            .join(','),
        );
        headers.append('Vary', 'Access-Control-Request-Headers');
      }
      return new Response(null, { headers, status: 204, statusText: 'No Content' });
    }
    await next();
    const set = (headers: Headers) => {
      if (allowed) headers.set('Access-Control-Allow-Origin', allowed);
      headers.set('Access-Control-Expose-Headers', EXPOSED);
      headers.append('Vary', 'Origin');
    };
    try {
      set(c.res.headers);
    } catch {
      // a response whose headers cannot change (one passed on from fetch): hono copies it into one that can
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  };
}
