/** A scheme at the start of what was typed ("https://", "ftp://"); without one, http:// is assumed. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * "http://host:port" with no trailing slash, or an Error that says what is wrong with the input.
 * An address typed without a scheme (`127.0.0.1:8787`, as `npm start` prints it) is taken as http://.
 */
export function normaliseServerUrl(input: string): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(SCHEME.test(text) ? text : `http://${text}`);
  } catch {
    throw new Error('Server URL must be a full address such as http://127.0.0.1:8787');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('Server URL must start with http:// or https://');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
