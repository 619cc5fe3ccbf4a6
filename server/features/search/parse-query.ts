import type { SearchQuery } from '../../../lib/search/ast';
import { parseSearch } from '../../../lib/search/parse';
import { fieldErrors } from '../../http/errors';

/**
 * Query text as its tree (lib/search/parse.ts), or a 400 naming the request field, as field errors do
 * (`q: <the parser's message>`); `details.errors[0].message` is the parser's message alone and `details.position`
 * where in the text (0-based) it applies.
 */
export function parseQueryText(text: string, field: string): SearchQuery {
  const parsed = parseSearch(text);
  if (parsed.ok) return parsed.query;
  const { message, position } = parsed.error;
  throw fieldErrors(400, [{ path: field, message }], undefined, { position });
}
