const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * react-markdown's `urlTransform`: links keep only absolute http(s) and mailto addresses and images
 * only http(s) ones; anything else (javascript:, data:, chrome-extension:, relative paths that would
 * resolve inside the extension) is dropped, and the link or image is then shown as its text.
 */
export function safeUrl(url: string, key: string): string | undefined {
  const allowed = key === 'href' ? LINK_PROTOCOLS : key === 'src' ? IMAGE_PROTOCOLS : undefined;
  if (!allowed) return undefined;
  try {
    const parsed = new URL(url);
    return allowed.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
