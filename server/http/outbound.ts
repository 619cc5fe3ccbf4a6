import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { type AddressPolicy, addressKind, isLoopbackOrUnspecified, normalizeIp, policyRefusal } from './address-policy';
import { fieldError } from './errors';

/**
 * The server's calls to AI upstreams. Addresses users choose go through `userFetch`: each new connection
 * resolves the host, checks every address against the operator's policy (server/http/address-policy.ts) and
 * the house upstream, and connects to the address it checked, so a name that resolves again to somewhere else
 * (DNS rebinding) is checked again. No call follows a redirect: a 3xx is answered as it is.
 */

/** A connection the policy refused; its message says why, for the user. */
export class OutboundRefused extends Error {
  readonly code = 'E_TROVE_ADDRESS_REFUSED';
}

export interface Outbound {
  /** For addresses users choose: their endpoints, a key's base URL, their Ollama. */
  userFetch: typeof fetch;
  /** For the operator's house upstream and the providers' own services. */
  plainFetch: typeof fetch;
  /** Refuses (400 naming `field`) an address the policy would refuse, before it is stored. */
  checkUserUrl(url: string, field: string): Promise<void>;
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);
const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** This machine's own addresses: an upstream on loopback or 0.0.0.0 answers on all of them. */
function ownAddresses(): Set<string> {
  const found = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => normalizeIp(i.address)));
  return new Set(found);
}

/** Every address `host` resolves to (an IP literal: itself), in one spelling (normalizeIp). */
export async function resolveAll(host: string): Promise<string[]> {
  if (isIP(host)) return [normalizeIp(host)];
  return (await lookup(host, { all: true, verbatim: true })).map((a) => normalizeIp(a.address));
}

/**
 * Whether (ip, port) reaches the house upstream when that is not a public address (a public one anyone can
 * reach without Trove, and it is not called with the house key here). On loopback or 0.0.0.0 it also answers
 * on every loopback and interface address of this machine.
 */
function houseGuard(houseBaseUrl: string | undefined) {
  if (!houseBaseUrl) return async () => false;
  const url = new URL(houseBaseUrl);
  const port = Number(url.port) || defaultPort(url.protocol);
  const host = bare(url.hostname);
  return async (ip: string, targetPort: number) => {
    if (targetPort !== port) return false;
    const house = (await resolveAll(host).catch(() => [] as string[])).filter((a) => addressKind(a) !== null);
    if (house.includes(ip)) return true;
    if (!house.some(isLoopbackOrUnspecified)) return false;
    return isLoopbackOrUnspecified(ip) || ownAddresses().has(ip);
  };
}

/**
 * An undici dispatcher whose every new connection goes to the address `allowedAddress(host, port)` picked and
 * checked (it throws to refuse), never to what the name resolves to a moment later (DNS rebinding). Used for the
 * addresses users choose (below) and the pages of saved gems (features/links/page-fetch.ts).
 */
export function checkedAgent(
  allowedAddress: (host: string, port: number) => Promise<string>,
  options: Omit<Agent.Options, 'connect'> = {},
): Agent {
  const connect = buildConnector({});
  return new Agent({
    ...options,
    connect: (connectOptions, callback) => {
      const port = Number(connectOptions.port) || defaultPort(connectOptions.protocol);
      allowedAddress(connectOptions.hostname, port).then(
        (ip) => {
          const name = bare(connectOptions.hostname);
          // TLS still checks the certificate against the name (servername), while the socket goes to `ip`.
          const servername = connectOptions.servername ?? (isIP(name) ? undefined : name);
          connect({ ...connectOptions, hostname: ip, servername }, callback);
        },
        (error: Error) => callback(error, null),
      );
    },
  });
}

export function makeOutbound(policy: AddressPolicy, houseBaseUrl?: string): Outbound {
  const isHouse = houseGuard(houseBaseUrl);

  /** The first address of `host` the policy allows, or OutboundRefused saying why the first one is refused. */
  async function allowedAddress(host: string, port: number): Promise<string> {
    const name = bare(host);
    let why: string | undefined;
    for (const ip of await resolveAll(name)) {
      const refused = (await isHouse(ip, port))
        ? `${name}:${port} is this server's house model service (paid with credits): it cannot be your own endpoint.`
        : policyRefusal(policy, name, ip);
      if (!refused) return ip;
      why ??= refused;
    }
    throw new OutboundRefused(why ?? `${name} resolves to no address`);
  }

  const agent = checkedAgent(allowedAddress);

  const userFetch = (async (input: string | URL, init?: RequestInit) => {
    try {
      return await undiciFetch(input, { ...(init as object), redirect: 'manual', dispatcher: agent });
    } catch (error) {
      // undici wraps a refused connection in "fetch failed"; the reason is what the user needs.
      const cause = (error as { cause?: unknown }).cause;
      throw cause instanceof OutboundRefused ? cause : error;
    }
  }) as unknown as typeof fetch;

  const plainFetch = ((input: string | URL | Request, init?: RequestInit) =>
    fetch(input, { ...init, redirect: 'manual' })) as typeof fetch;

  async function checkUserUrl(url: string, field: string) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw fieldError(400, field, 'Enter a valid http(s) URL');
    }
    try {
      await allowedAddress(parsed.hostname, Number(parsed.port) || defaultPort(parsed.protocol));
    } catch (error) {
      if (error instanceof OutboundRefused) throw fieldError(400, field, error.message);
      // A name that does not resolve now is left to the connection test, which says so.
    }
  }

  return { userFetch, plainFetch, checkUserUrl };
}

const UPSTREAM_TEXT_MAX = 300;

/**
 * An upstream's text as it may reach a user (an error's message): no markup, escape sequences or control
 * characters, on one line, at most UPSTREAM_TEXT_MAX characters. Whatever answers at an address a user chose
 * decides that text, so it is never passed on whole.
 */
export function boundedUpstreamText(text: string): string {
  const clean = text
    .replace(/\p{Cc}\[[0-9;?]*[A-Za-z]/gu, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[<>\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(clean);
  return chars.length <= UPSTREAM_TEXT_MAX
    ? clean
    : `${chars
        .slice(0, UPSTREAM_TEXT_MAX - 1)
        .join('')
        .trimEnd()}…`;
}
