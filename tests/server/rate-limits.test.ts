import { describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../lib/api/contract';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../server/auth/limits';
import {
  backend,
  type Client,
  expectError,
  PASSWORD,
  setupTestServer,
  startTestServer,
  uniqueUsername,
} from './harness';
import { expectLimited, from, newAddress } from './limit-helpers';

/**
 * Rate limits on sign-up and refresh (per address) and uploads (per user), kept in the database.
 * Small limits so tests can exceed them; the server trusts X-Forwarded-For so each test has its own address.
 */
const rateLimits: Partial<RateLimitSettings> = {
  register: { max: 3, windowSeconds: 3600 },
  refresh: { max: 4, windowSeconds: 3600 },
  upload: { max: 3, windowSeconds: 3600 },
};
const t = setupTestServer({ trustedProxies: 1, rateLimits });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const register = (server: Client, address: string, username = uniqueUsername('lim')) =>
  server.api('/api/auth/local/register', {
    body: { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD },
    headers: from(address),
  });
const signUpFrom = async (server: Client, address: string) => {
  const res = await register(server, address);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return authResponseSchema.parse(res.body);
};
const refresh = (refreshToken: string, address: string) =>
  t.api('/api/auth/refresh', { body: { refreshToken }, headers: from(address) });

async function uploadImage(token: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'shot.png');
  form.append('isFeedbackImg', 'true');
  const res = await fetch(`${t.url}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('rate limits', () => {
  it('the defaults', () => {
    expect(DEFAULT_RATE_LIMITS.register).toEqual({ max: 20, windowSeconds: 3600 });
    expect(DEFAULT_RATE_LIMITS.refresh).toEqual({ max: 300, windowSeconds: 60 });
    expect(DEFAULT_RATE_LIMITS.upload).toEqual({ max: 120, windowSeconds: 60 });
  });

  it('sign-ups per address: over the limit a 429 with Retry-After, and no user is created; other addresses go on', async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i += 1) await signUpFrom(t, address);
    const username = uniqueUsername('refused');
    const refused = await register(t, address, username);
    expect(expectLimited(refused, /^Too many sign-ups from this address/)).toBeLessThanOrEqual(3600);
    const signIn = await t.api('/api/auth/local', {
      body: { identifier: username, password: PASSWORD },
      headers: from(newAddress()),
    });
    expect(expectError(signIn, 400).message).toBe('Invalid identifier or password');
    await signUpFrom(t, newAddress());
  });

  it('refreshes per address: over the limit a 429 that does not spend the token', async () => {
    const address = newAddress();
    let { refreshToken } = await signUpFrom(t, newAddress());
    for (let i = 0; i < 4; i += 1) {
      const res = await refresh(refreshToken, address);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      refreshToken = res.body.refreshToken;
    }
    expectLimited(await refresh(refreshToken, address), /^Too many token refreshes from this address/);
    const elsewhere = await refresh(refreshToken, newAddress());
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });

  it('uploads per user, both upload routes together; other users go on', async () => {
    const { jwt } = await signUpFrom(t, newAddress());
    expect((await uploadImage(jwt)).status).toBe(201);
    expect((await uploadImage(jwt)).status).toBe(201);
    // a bad request counts too (the limit is checked before the body is read)
    expectError(await t.api('/api/upload-all-file', { token: jwt, body: { data: {} } }), 400);
    expectLimited(await uploadImage(jwt), /^Too many uploads/);
    expectLimited(await t.api('/api/upload-all-file', { token: jwt, body: { data: {} } }), /^Too many uploads/);
    expectLimited(await t.api('/api/gems/upload-screenshot', { token: jwt, body: { data: {} } }), /^Too many uploads/);
    // the extension (a CORS caller) may read Retry-After
    const fromExtension = await t.api('/api/upload', {
      token: jwt,
      method: 'POST',
      headers: { Origin: 'chrome-extension://abcdefghijklmnop' },
    });
    expectLimited(fromExtension, /^Too many uploads/);
    expect(fromExtension.headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdefghijklmnop');
    expect(fromExtension.headers.get('access-control-expose-headers')).toBe('Retry-After,Content-Disposition');

    const other = await signUpFrom(t, newAddress());
    expect((await uploadImage(other.jwt)).status).toBe(201);
  });

  it('X-Forwarded-For is ignored unless the server is told it is behind a proxy', async () => {
    const plain = await startTestServer(
      { rateLimits: { ...rateLimits, register: { max: 2, windowSeconds: 3600 } } },
      { isolated: true },
    );
    try {
      // each sign-up claims a new address, but without a trusted proxy the socket's address is what counts
      expect((await register(plain, newAddress())).status).toBe(201);
      expect((await register(plain, newAddress())).status).toBe(201);
      expectLimited(await register(plain, newAddress()), /^Too many sign-ups/);
    } finally {
      await plain.close();
    }
  });
});

describe.runIf(backend === 'postgres')('PostgreSQL only: limits hold across server copies on one database', () => {
  const copies = {
    trustedProxies: 1,
    rateLimits: { ...rateLimits, signIn: { ...DEFAULT_RATE_LIMITS.signIn, baseDelayMs: 60_000 } },
  };

  it('failures counted on copy A limit copy B, for sign-in and sign-up', async () => {
    const [a, b] = await Promise.all([startTestServer(copies), startTestServer(copies)]);
    try {
      const address = newAddress();
      const { user } = await signUpFrom(a, newAddress());
      const login = (server: Client, password: string) =>
        server.api('/api/auth/local', { body: { identifier: user.username, password }, headers: from(address) });
      for (let i = 0; i < 5; i += 1) expectError(await login(i % 2 ? a : b, `wrong-${i}`), 400);
      expectLimited(await login(a, 'wrong-5'), /^Too many failed sign-in attempts/);
      expectLimited(await login(b, PASSWORD), /^Too many failed sign-in attempts/);

      const signUps = newAddress();
      await signUpFrom(a, signUps);
      await signUpFrom(b, signUps);
      await signUpFrom(a, signUps);
      expectLimited(await register(b, signUps), /^Too many sign-ups/);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
