import type { LinkStatus } from '../../../lib/api/link-contract';
import type { PageFetcher, PageFetchResult } from './page-fetch';

/** What one check found (lib/api/link-contract.ts says what each status means). */
export interface LinkVerdict {
  status: LinkStatus;
  code: number | null;
  detail: string;
  /** The host is struggling (429, 5xx, timeout): it gets backed off. */
  hostTrouble: boolean;
  /** A temporary failure, which counts towards broken when it repeats. */
  temporary: boolean;
  /** The final answer (after redirects), for a page fill. */
  result: PageFetchResult;
}

/** HEAD answers after which a server is asked again with GET (some refuse or mishandle HEAD). */
const HEAD_REFUSED = new Set([400, 403, 405, 406, 501]);

const describe = (result: PageFetchResult & { ok: true }) =>
  `${result.status}${result.statusText ? ` ${result.statusText}` : ''}`;

/** The verdict on one fetch's outcome. */
export function verdictOf(result: PageFetchResult): LinkVerdict {
  if (!result.ok) {
    const temporary = result.failure === 'timeout' || result.failure === 'network';
    const status = result.failure === 'refused' ? 'refused' : temporary ? 'failing' : 'broken';
    return { status, code: null, detail: result.detail, hostTrouble: temporary, temporary, result };
  }
  const code = result.status;
  const detail = describe(result);
  if (code < 400 || code === 401 || code === 403)
    return { status: 'ok', code, detail, hostTrouble: false, temporary: false, result };
  const temporary = code === 408 || code === 429 || code >= 500;
  return { status: temporary ? 'failing' : 'broken', code, detail, hostTrouble: temporary, temporary, result };
}

/**
 * Checks `url`: HEAD, then GET when the HEAD is refused (405 and the like) or failed for now. With `readBody` it
 * goes straight to GET and keeps the page (an imported gem's text is filled from it).
 */
export async function checkLink(fetcher: PageFetcher, url: string, readBody = false): Promise<LinkVerdict> {
  if (!readBody) {
    const head = await fetcher.fetchPage(url, { method: 'HEAD' });
    const headRefused = head.ok ? HEAD_REFUSED.has(head.status) : head.failure === 'network';
    if (!headRefused) return verdictOf(head);
  }
  return verdictOf(await fetcher.fetchPage(url, { method: 'GET', readBody }));
}
