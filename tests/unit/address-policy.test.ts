import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { addressKind, normalizeIp, parseAddressPolicy, policyRefusal } from '../../server/http/address-policy';

/** server/http/address-policy.ts: TROVE_USER_ENDPOINTS read and applied to resolved addresses. */
describe('the user endpoint address policy', () => {
  it('names the kind of every special address, in any spelling', () => {
    expect(normalizeIp('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(normalizeIp('[::FFFF:10.0.0.1]')).toBe('10.0.0.1');
    expect(addressKind('127.3.4.5')).toBe('a loopback address');
    expect(addressKind('::ffff:127.0.0.1')).toBe('a loopback address');
    expect(addressKind('::1')).toBe('a loopback address');
    expect(addressKind('172.20.0.1')).toBe('a private-network address');
    expect(addressKind('fd12::1')).toBe('a private-network address');
    expect(addressKind('169.254.169.254')).toBe('a link-local address');
    expect(addressKind('0.0.0.0')).toBe('a reserved address');
    expect(addressKind('64:ff9b::7f00:1')).toBe('a reserved address');
    expect(addressKind('8.8.8.8')).toBeNull();
    expect(addressKind('2606:4700::1111')).toBeNull();
  });

  it('allows public addresses only by default', () => {
    const policy = parseAddressPolicy(undefined);
    expect(policyRefusal(policy, 'api.example.com', '93.184.215.14')).toBeNull();
    expect(policyRefusal(policy, 'rebind.example.com', '127.0.0.1')).toBe(
      'rebind.example.com resolves to a loopback address: this server calls your own endpoints only at public addresses (TROVE_USER_ENDPOINTS).',
    );
  });

  it('allows listed networks, addresses and host names, and nothing else', () => {
    const policy = parseAddressPolicy('192.168.1.0/24, 127.0.0.1, ollama.lan');
    expect(policyRefusal(policy, '192.168.1.20', '192.168.1.20')).toBeNull();
    expect(policyRefusal(policy, 'localhost', '127.0.0.1')).toBeNull();
    expect(policyRefusal(policy, 'ollama.lan', '10.9.9.9')).toBeNull();
    expect(policyRefusal(policy, '192.168.2.1', '192.168.2.1')).toBe(
      '192.168.2.1 is a private-network address: this server calls your own endpoints only at 192.168.1.0/24, 127.0.0.1, ollama.lan (TROVE_USER_ENDPOINTS).',
    );
    expect(policyRefusal(policy, 'api.example.com', '93.184.215.14')).toContain('resolves to a public address');
  });

  it('off refuses everything; any allows everything', () => {
    expect(policyRefusal(parseAddressPolicy('off'), 'api.example.com', '93.184.215.14')).toContain(
      'TROVE_USER_ENDPOINTS=off',
    );
    expect(policyRefusal(parseAddressPolicy('any'), 'localhost', '127.0.0.1')).toBeNull();
  });

  it('stops the server at start on a setting it cannot read, naming the entry', () => {
    const start = (value: string) => () =>
      configFromEnv({ TROVE_SECRET: 'x'.repeat(40), TROVE_USER_ENDPOINTS: value, DATA_DIR: '/nonexistent' });
    expect(start('public,intranet!')).toThrow(
      'TROVE_USER_ENDPOINTS: "intranet!" is not off, any, public, loopback, private, an IP address, a network (CIDR) or a host name',
    );
    expect(start('off,public')).toThrow('TROVE_USER_ENDPOINTS: "off" must be alone');
    expect(start('10.0.0.0/33')).toThrow('has a network prefix that is not 0–32');
  });
});
