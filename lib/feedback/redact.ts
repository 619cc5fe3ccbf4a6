/**
 * Makes free text safe to send in a bug report's diagnostics: no tokens, no keys, no query strings,
 * and e-mail addresses masked. It errs on the side of removing too much.
 */
const RULES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // "Bearer <token>" and JWTs anywhere
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?/g, '[redacted-token]'],
  // provider keys: sk-…, sk-ant-…, AIza…, gsk_…, xai-…
  [/\b(?:sk|rk|pk|xai)-[A-Za-z0-9_-]{8,}/g, '[redacted-key]'],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, '[redacted-key]'],
  [/\b(?:gsk|xai|ghp|gho|github_pat)_[A-Za-z0-9_]{8,}/g, '[redacted-key]'],
  // an Authorization header's value, whatever its scheme (Basic, Token…): the scheme word and the credentials
  [/\b((?:proxy-)?authorization)(["']?\s*[:=]\s*["']?)(?:[A-Za-z][A-Za-z0-9_-]*\s+)?[^\s"',;&]+/gi, '$1$2[redacted]'],
  // key=… and "token": "…" assignments, also where the name ends a longer one (access_token, accessToken,
  // client_secret)
  [/(api[_-]?key|token|secret|password|passwd)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi, '$1$2[redacted]'],
  // URL query strings and fragments can carry anything
  [/(https?:\/\/[^\s?#"']+)[?#][^\s"']*/g, '$1?[redacted]'],
  // any other long opaque run of letters and digits (ids, hashes, tokens)
  [/\b[A-Za-z0-9_-]{32,}\b/g, '[redacted]'],
  // e-mail addresses: keep the first letter and the domain
  [/\b([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})\b/g, '$1***@$2'],
];

export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement as string);
  return out;
}
