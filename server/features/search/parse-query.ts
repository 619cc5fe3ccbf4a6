import type { SearchQuery } from '../../../lib/search/ast';
import { parseSearch } from '../../../lib/search/parse';
import { ApiError } from '../../http/errors';

/**
 * Query text as its tree (lib/search/parse.ts), or a 400 whose message is the parser's, meant for the user as it is:
 * `details.position` says where (0-based), `details.errors[0]` names the request field it came from.
 */
export function parseQueryText(text: string, field: string): SearchQuery {
  const parsed = parseSearch(text);
  if (parsed.ok) return parsed.query;
  const { message, position } = parsed.error;
  return rejected(field, message, position);
}

function rejected(field: string, message: string, position: number): never {
  throw new ApiError(400, message, { errors: [{ path: field, message }], position });
}
