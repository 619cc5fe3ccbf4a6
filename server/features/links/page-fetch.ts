import { fetch as undiciFetch } from 'undici';
import { addressKind, normalizeIp } from '../../http/address-policy';
import { readUpTo } from '../../http/bounded-body';
import { checkedAgent, resolveAll } from '../../http/outbound';

/**
 * Fetches the pages of saved gems (the dead-link check, imported pages' text) from the server, which must never be
 * turned against the machines around it: every connection goes only to a public address, checked on the address the
 * name resolves to when connecting (server/http/outbound.ts `checkedAgent`: no DNS-rebinding gap), and redirects are
 * followed here one at a time, each new address checked again, at most `maxRedirects`.
 */

export interface PageFetchSettings {
  /** Per request, the answer's body included. */
  timeoutMs: number;
  /** The most of a body that is read; the rest is left unread. */
  maxBytes: number;
  maxRedirects: number;
  /**
   * Tests only (never read from the environment): one `ip:port` on a non-public address that may be called, the
   * test's own page server. Any other port of that address stays refused.
   */
  allowedTestAddress?: string;
}

export const PAGE_FETCH_DEFAULTS: PageFetchSettings = { timeoutMs: 10_000, maxBytes: 1_000_000, maxRedirects: 5 };

export type PageFetchFailure = 'refused' | 'redirects' | 'timeout' | 'no-such-host' | 'network' | 'bad-address';

export type PageFetchResult =
  | { ok: true; status: number; statusText: string; url: string; headers: Headers; body: string | null }
  | { ok: false; failure: PageFetchFailure; detail: string; url: string };

/** A connection the page fetcher refused: the address is not public. */
export class NotPublicAddress extends Error {
  readonly code = 'E_TROVE_NOT_PUBLIC';
}

const USER_AGENT = 'Mozilla/5.0 (compatible; TroveLinkCheck/1.0)';

/** The first public address of `host` (or the test's allowed one), or NotPublicAddress naming what it is. */
export function publicAddressOf(allowedTestAddress?: string) {
  return async (host: string, port: number): Promise<string> => {
    const name = host.replace(/^\[|\]$/g, '').toLowerCase();
    let why: string | undefined;
    for (const ip of await resolveAll(name)) {
      const kind = addressKind(ip);
      if (kind === null || `${normalizeIp(ip)}:${port}` === allowedTestAddress) return ip;
      why ??= `${name === ip ? name : `${name} resolves to ${ip}, which`} is ${kind}`;
    }
    throw new NotPublicAddress(why ?? `${name} resolves to no address`);
  };
}

/** The failure an undici "fetch failed" stands for. */
function failureOf(error: unknown, timeoutMs: number): { failure: PageFetchFailure; detail: string } {
  const named = error as { name?: string; cause?: unknown; message?: string };
  if (named.name === 'TimeoutError' || named.name === 'AbortError')
    return { failure: 'timeout', detail: `Timed out after ${Math.round(timeoutMs / 1000)} s` };
  const cause = (named.cause ?? error) as { code?: string; message?: string };
  if (cause instanceof NotPublicAddress) return { failure: 'refused', detail: `Not called: ${cause.message}` };
  if (cause.code === 'ENOTFOUND') return { failure: 'no-such-host', detail: 'The site’s name does not resolve' };
  if (cause.code === 'UND_ERR_HEADERS_TIMEOUT' || cause.code === 'UND_ERR_BODY_TIMEOUT')
    return { failure: 'timeout', detail: `Timed out after ${Math.round(timeoutMs / 1000)} s` };
  return { failure: 'network', detail: `Could not connect (${cause.code ?? cause.message ?? 'network error'})` };
}

/** Up to `maxBytes` of the body as text (its charset, else UTF-8); the rest is not read. */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const { bytes } = await readUpTo(response, maxBytes);
  const charset = /charset=["']?([\w-]+)/i.exec(response.headers.get('content-type') ?? '')?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder();
  }
  return decoder.decode(bytes);
}

export interface PageFetcher {
  /** HEAD or GET `url`, following redirects; `readBody` reads up to maxBytes of a GET's answer. */
  fetchPage(url: string, options: { method: 'HEAD' | 'GET'; readBody?: boolean }): Promise<PageFetchResult>;
  close(): Promise<void>;
}

export function makePageFetcher(settings: PageFetchSettings = PAGE_FETCH_DEFAULTS): PageFetcher {
  const agent = checkedAgent(publicAddressOf(settings.allowedTestAddress), {
    connections: 4,
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
  });

  async function fetchPage(
    start: string,
    { method, readBody = false }: { method: 'HEAD' | 'GET'; readBody?: boolean },
  ) {
    let url = start;
    for (let hop = 0; hop <= settings.maxRedirects; hop += 1) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { ok: false as const, failure: 'bad-address' as const, detail: 'Not a valid address', url };
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return {
          ok: false as const,
          failure: 'bad-address' as const,
          detail: `Not a web address (${parsed.protocol})`,
          url,
        };
      const signal = AbortSignal.timeout(settings.timeoutMs);
      let response: Response;
      try {
        response = (await undiciFetch(parsed, {
          method,
          redirect: 'manual',
          dispatcher: agent,
          signal,
          headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        })) as unknown as Response;
      } catch (error) {
        return { ok: false as const, url, ...failureOf(error, settings.timeoutMs) };
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {});
        url = new URL(location, parsed).href;
        continue;
      }
      let body: string | null = null;
      try {
        body = readBody && method === 'GET' ? await boundedText(response, settings.maxBytes) : null;
      } catch (error) {
        return { ok: false as const, url, ...failureOf(error, settings.timeoutMs) };
      } finally {
        if (!readBody) await response.body?.cancel().catch(() => {});
      }
      return {
        ok: true as const,
        status: response.status,
        statusText: response.statusText,
        url,
        headers: response.headers,
        body,
      };
    }
    return {
      ok: false as const,
      failure: 'redirects' as const,
      detail: `More than ${settings.maxRedirects} redirects`,
      url,
    };
  }

  return { fetchPage, close: () => agent.close() };
}
