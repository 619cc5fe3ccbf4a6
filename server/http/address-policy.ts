import { BlockList, isIP } from 'node:net';

/**
 * Where addresses that users choose (their own endpoints, a provider key's base URL, their Ollama) may point:
 * TROVE_USER_ENDPOINTS, see the README's Configuration. `off`: nowhere; `any`: anywhere; otherwise a comma list
 * of `public` (addresses on the internet), `loopback`, `private` (private networks), IP addresses, networks
 * (CIDR) and host names. Checked on the address a name resolves to, when connecting (server/http/outbound.ts).
 */
export interface AddressPolicy {
  /** The setting as given, for messages. */
  setting: string;
  off: boolean;
  any: boolean;
  public: boolean;
  /** Networks and addresses allowed whatever they are. */
  networks: BlockList;
  /** Host names allowed by name (the operator trusts what they resolve to). */
  hosts: Set<string>;
  /** What the policy allows, in words. */
  allows: string;
}

export const DEFAULT_USER_ENDPOINTS = 'public';
/** `npm start` on a laptop: the only user is the machine's owner, whose Ollama is on localhost or the home network. */
export const LAPTOP_USER_ENDPOINTS = 'public,loopback,private';

type Ranges = [string, number][];
const LOOPBACK: Ranges = [
  ['127.0.0.0', 8],
  ['::1', 128],
];
const PRIVATE: Ranges = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['fc00::', 7],
];
const LINK_LOCAL: Ranges = [
  ['169.254.0.0', 16],
  ['fe80::', 10],
];
/** Special-purpose ranges (IANA registries) that are neither loopback, private nor link-local. */
const RESERVED: Ranges = [
  ['0.0.0.0', 8],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['ff00::', 8],
];

const familyOf = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');

function listOf(ranges: Ranges, into = new BlockList()): BlockList {
  for (const [network, prefix] of ranges) into.addSubnet(network, prefix, familyOf(network));
  return into;
}

const KINDS: [string, BlockList][] = [
  ['a loopback address', listOf(LOOPBACK)],
  ['a private-network address', listOf(PRIVATE)],
  ['a link-local address', listOf(LINK_LOCAL)],
  ['a reserved address', listOf(RESERVED)],
];

/** An IP in one spelling: IPv4-mapped IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as IPv4, IPv6 compressed. */
export function normalizeIp(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 6) return bare;
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [Number.parseInt(mapped[1] ?? '0', 16), Number.parseInt(mapped[2] ?? '0', 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** What kind of address `ip` is, in words ("a loopback address"), or null for a public one. */
export function addressKind(ip: string): string | null {
  const normal = normalizeIp(ip);
  return KINDS.find(([, list]) => list.check(normal, familyOf(normal)))?.[0] ?? null;
}

export const isLoopbackOrUnspecified = (ip: string) =>
  addressKind(ip) === 'a loopback address' || ['0.0.0.0', '::'].includes(normalizeIp(ip));

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Parses TROVE_USER_ENDPOINTS; throws naming the entry it cannot read. */
export function parseAddressPolicy(value: string | undefined): AddressPolicy {
  const setting = value?.trim() || DEFAULT_USER_ENDPOINTS;
  const entries = setting
    .toLowerCase()
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const policy: AddressPolicy = {
    setting,
    off: false,
    any: false,
    public: false,
    networks: new BlockList(),
    hosts: new Set(),
    allows: '',
  };
  const allows: string[] = [];
  for (const entry of entries) {
    if (entry === 'off' || entry === 'any') {
      if (entries.length > 1) throw new Error(`TROVE_USER_ENDPOINTS: "${entry}" must be alone, got "${setting}"`);
      policy[entry] = true;
    } else if (entry === 'public') {
      policy.public = true;
      allows.push('public addresses');
    } else if (entry === 'loopback' || entry === 'private') {
      listOf(entry === 'loopback' ? LOOPBACK : PRIVATE, policy.networks);
      allows.push(entry === 'loopback' ? 'loopback addresses' : 'private networks');
    } else if (isIP(entry.split('/')[0] ?? '')) {
      addNetwork(policy.networks, entry);
      allows.push(entry);
    } else if (HOST_NAME.test(entry)) {
      policy.hosts.add(entry);
      allows.push(entry);
    } else {
      throw new Error(
        `TROVE_USER_ENDPOINTS: "${entry}" is not off, any, public, loopback, private, an IP address, a network (CIDR) or a host name`,
      );
    }
  }
  policy.allows = allows.join(', ');
  return policy;
}

function addNetwork(networks: BlockList, entry: string) {
  const [address = '', prefixText] = entry.split('/');
  const ip = normalizeIp(address);
  const max = isIP(ip) === 6 ? 128 : 32;
  if (prefixText === undefined) return networks.addAddress(ip, familyOf(ip));
  const prefix = Number(prefixText);
  if (!/^\d+$/.test(prefixText) || prefix > max)
    throw new Error(`TROVE_USER_ENDPOINTS: "${entry}" has a network prefix that is not 0–${max}`);
  networks.addSubnet(ip, prefix, familyOf(ip));
}

/** Why the policy refuses connecting to `ip` for the URL host `host`, or null when it allows it. */
export function policyRefusal(policy: AddressPolicy, host: string, ip: string): string | null {
  if (policy.off)
    return "This server does not call addresses that users choose (TROVE_USER_ENDPOINTS=off): use house models or a provider's own service.";
  if (policy.any || policy.hosts.has(host.toLowerCase())) return null;
  const normal = normalizeIp(ip);
  if (policy.networks.check(normal, familyOf(normal))) return null;
  const kind = addressKind(normal);
  if (kind === null && policy.public) return null;
  const what = isIP(host)
    ? `${host} is ${kind ?? 'a public address'}`
    : `${host} resolves to ${kind ?? 'a public address'}`;
  return `${what}: this server calls your own endpoints only at ${policy.allows || 'no address'} (TROVE_USER_ENDPOINTS).`;
}
