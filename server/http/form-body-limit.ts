import { bodyLimit } from 'hono/body-limit';
import { sendError } from './errors';

/** An upload route's own body limit (checked after authentication): a 413 naming it for a body over `maxSize` bytes. */
export const formBodyLimit = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => sendError(c, 413, `Request body is larger than ${maxSize} bytes`) });
