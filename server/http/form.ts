import type { Context } from 'hono';
import { sendError } from './errors';

const FORM_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * The fields of a plain HTML form the server's own pages post (a reset or a link password), or the 400 that names
 * what is wrong with the request: another content type, or a body that cannot be read as one.
 */
export async function readPlainForm(c: Context): Promise<Record<string, unknown> | Response> {
  if (!FORM_TYPE.test(c.req.header('Content-Type') ?? ''))
    return sendError(c, 400, 'The form must be sent as multipart/form-data or application/x-www-form-urlencoded');
  return (await c.req.parseBody().catch(() => null)) ?? sendError(c, 400, 'The form could not be read');
}
