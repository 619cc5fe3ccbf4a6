import { VERIFY_PATH } from '../../../lib/api/custom-site-contract';
import { fieldError } from '../../http/errors';
import { makePageFetcher, PAGE_FETCH_DEFAULTS, type PageFetchSettings } from '../links/page-fetch';

/**
 * Checks that whoever controls `domain` placed `token` at `http(s)://{domain}/.well-known/trove-verify.txt`: fetched
 * by the link checks' page fetcher (server/features/links/page-fetch.ts: public addresses only, checked on the address
 * the name resolves to when connecting and again on every redirect), https first, then http. A failure is a 400
 * saying what each attempt found.
 */
export async function checkDomainToken(domain: string, token: string, settings?: PageFetchSettings): Promise<void> {
  const fetcher = makePageFetcher({ ...PAGE_FETCH_DEFAULTS, timeoutMs: 5_000, maxBytes: 4_096, ...settings });
  const found: string[] = [];
  try {
    for (const scheme of ['https', 'http']) {
      const url = `${scheme}://${domain}${VERIFY_PATH}`;
      const result = await fetcher.fetchPage(url, { method: 'GET', readBody: true });
      if (!result.ok) {
        found.push(`${url}: ${result.detail}`);
        continue;
      }
      if (result.status === 200 && result.body?.trim() === token) return;
      found.push(`${url}: ${result.status === 200 ? 'the file does not hold the token' : `answered ${result.status}`}`);
    }
  } finally {
    await fetcher.close();
  }
  throw fieldError(400, 'domain', `${domain} is not verified. ${found.join('; ')}`);
}
