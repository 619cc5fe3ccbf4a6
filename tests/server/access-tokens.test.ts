import { createHmac } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from '../../server/auth/tokens';

/**
 * The access-token check runs on every request with node:crypto's HMAC (server/auth/tokens.ts); it
 * must accept and refuse exactly what hono's `verify` (WebCrypto) does for our HS256 tokens.
 */
const SECRET = 's'.repeat(48);
const now = () => Math.floor(Date.now() / 1000);
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header, signed with HS256 over what it carries. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const body = `${part(header)}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const honoAccepts = (token: string) =>
  verify(token, SECRET, 'HS256').then(
    () => true,
    () => false,
  );

describe('verifyHs256', () => {
  it('returns the payload of a token hono signed', async () => {
    const payload = { sub: '7', iat: now(), exp: now() + 60, typ: 'access' };
    expect(verifyHs256(await sign(payload, SECRET, 'HS256'), SECRET)).toEqual(payload);
  });

  it('refuses, as hono does, what is forged, expired, early or malformed', async () => {
    const valid = await sign({ sub: '7', exp: now() + 60 }, SECRET, 'HS256');
    const [h, p, s] = valid.split('.') as [string, string, string];
    const cases: [string, string][] = [
      ['other secret', await sign({ sub: '7', exp: now() + 60 }, 'o'.repeat(48), 'HS256')],
      ['expired', await sign({ sub: '7', exp: now() - 1 }, SECRET, 'HS256')],
      ['expiring now', await sign({ sub: '7', exp: now() }, SECRET, 'HS256')],
      ['not yet valid', await sign({ sub: '7', nbf: now() + 60 }, SECRET, 'HS256')],
      ['issued in the future', await sign({ sub: '7', iat: now() + 60 }, SECRET, 'HS256')],
      ['exp not a number', handMade({ alg: 'HS256', typ: 'JWT' }, { sub: '7', exp: 'soon' })],
      ['HS512', await sign({ sub: '7', exp: now() + 60 }, SECRET, 'HS512')],
      ['alg none', `${part({ alg: 'none', typ: 'JWT' })}.${p}.`],
      ['other typ', handMade({ alg: 'HS256', typ: 'at+jwt' }, { sub: '7' })],
      ['crit', handMade({ alg: 'HS256', typ: 'JWT', crit: ['x'] }, { sub: '7' })],
      ['payload swapped', `${h}.${part({ sub: '1', exp: now() + 60 })}.${s}`],
      ['signature cut', `${h}.${p}.${s.slice(0, -2)}`],
      ['signature with other characters', `${h}.${p}.${s}!`],
      ['two parts', `${h}.${p}`],
      ['four parts', `${valid}.x`],
      ['header not JSON', `${Buffer.from('{').toString('base64url')}.${p}.${s}`],
      ['payload an array', handMade({ alg: 'HS256', typ: 'JWT' }, [1])],
      ['empty', ''],
    ];
    for (const [name, token] of cases) {
      expect(verifyHs256(token, SECRET), name).toBeNull();
      if (name !== 'payload an array') expect(await honoAccepts(token), `hono: ${name}`).toBe(false);
    }
  });

  it('accepts headers without typ or with application/jwt, as hono does', async () => {
    for (const header of [{ alg: 'HS256' }, { alg: 'HS256', typ: 'application/JWT' }]) {
      const token = handMade(header, { sub: '7' });
      expect(verifyHs256(token, SECRET)).toEqual({ sub: '7' });
      expect(await honoAccepts(token)).toBe(true);
    }
  });
});
