import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { authResponseSchema, userSchema } from '../../lib/api/contract';
import { messages } from '../../lib/api/validators';
import { expectError, expectFieldError, PASSWORD, SECRET, setupTestServer, uniqueUsername } from './harness';

const t = setupTestServer();

const register = (body: unknown) => t.api('/api/auth/local/register', { body });
const login = (identifier: string, password = PASSWORD) => t.api('/api/auth/local', { body: { identifier, password } });
const refresh = (refreshToken: string) => t.api('/api/auth/refresh', { body: { refreshToken } });
const me = (token?: string) => t.api('/api/users/me', { token });
const fresh = () => {
  const username = uniqueUsername('reg');
  return { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD };
};

describe('GET /api/health', () => {
  it('answers without a token', async () => {
    const res = await t.api('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'ok' } });
  });

  it('unknown routes get a 404 envelope (401 first under /api without a token)', async () => {
    const { jwt } = await t.signUp('route');
    expect(expectError(await t.api('/api/nope', { token: jwt }), 404, 'NotFoundError').message).toBe(
      'No route for GET /api/nope',
    );
    expectError(await t.api('/api/nope'), 401, 'UnauthorizedError');
    expectError(await t.api('/elsewhere'), 404, 'NotFoundError');
  });

  it('allows extension origins and no web origin (CORS)', async () => {
    const ext = await t.api('/api/health', { headers: { Origin: 'chrome-extension://abcdefghijklmnop' } });
    expect(ext.headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdefghijklmnop');
    const web = await t.api('/api/health', { headers: { Origin: 'https://evil.example' } });
    expect(web.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('POST /api/auth/local/register', () => {
  it('creates the user and a session', async () => {
    const input = fresh();
    const res = await register({ ...input, email: input.email.toUpperCase() });
    expect(res.status).toBe(201);
    const session = authResponseSchema.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(['jwt', 'refreshToken', 'user']);
    expect(Object.keys(res.body.user).sort()).toEqual(
      [
        'ai_chats_collection_id',
        'createdAt',
        'display_name',
        'email',
        'id',
        'is_admin',
        'unfiltered_collection_id',
        'username',
      ].sort(),
    );
    expect(session.user.username).toBe(input.username);
    expect(session.user.email).toBe(input.email);
    expect(session.user.unfiltered_collection_id).toEqual(expect.any(Number));
    expect(session.user.ai_chats_collection_id).toEqual(expect.any(Number));
    expect(session.user.ai_chats_collection_id).not.toBe(session.user.unfiltered_collection_id);
    const mine = await me(session.jwt);
    expect(mine.status).toBe(200);
    expect(userSchema.parse(mine.body)).toEqual(session.user);
  });

  it('accepts a 14-character username', async () => {
    const res = await register({ ...fresh(), username: `Abcdefghij${uniqueUsername('').slice(-4)}`.slice(0, 14) });
    expect(res.status).toBe(201);
  });

  it.each([
    ['username', { username: 'has space' }, messages.spaces],
    ['username', { username: 'bad$name' }, messages.specialCharacters],
    ['username', { username: 'bad-name' }, messages.specialCharacters],
    ['username', { username: 'abcdefghijklmno' }, messages.usernameLength],
    ['username', { username: '1abc' }, messages.invalidValue],
    ['username', { username: '' }, messages.required],
    ['email', { email: 'not-an-email' }, messages.emailInvalid],
    ['email', { email: '' }, messages.required],
    ['password', { password: 'short' }, messages.tooShort],
    ['password', { password: 'x'.repeat(129) }, messages.tooLong],
  ])('rejects a bad %s: %j', async (field, patch, message) => {
    const input = { ...fresh(), ...patch };
    expectFieldError(await register(input), field, message);
    if (field !== 'email') expectError(await login(input.email), 400); // nobody was created
  });

  it('rejects a missing field, a body that is not JSON, and a JSON array', async () => {
    const { username, email } = fresh();
    expectFieldError(await register({ username, email }), 'password', messages.required);
    const bad = expectError(await t.api('/api/auth/local/register', { body: '{"username": ' }), 400, 'ValidationError');
    expect(bad.message).toBe('Request body must be valid JSON');
    expectError(await register([]), 400, 'ValidationError');
  });

  /** The one answer of a sign-up whose username or email is taken (which one is not said). */
  const expectTaken = (res: Awaited<ReturnType<typeof register>>) => {
    const error = expectError(res, 400, 'ValidationError');
    expect(error.message).toBe('Username or email is already taken');
    expect(error.details).toEqual({
      errors: [
        { path: 'username', message: 'Username or email is already taken' },
        { path: 'email', message: 'Username or email is already taken' },
      ],
    });
    return res.body;
  };

  it('answers a taken username and a taken email alike, whatever the case, so it never says whose email it is', async () => {
    const taken = await t.signUp('dup');
    const other = fresh();
    const byUsername = await register({ ...other, username: taken.user.username.toUpperCase() });
    const byEmail = await register({ ...other, email: taken.user.email.toUpperCase() });
    expect(byEmail.body).toEqual(byUsername.body);
    expect(byEmail.headers.get('content-length')).toBe(byUsername.headers.get('content-length'));
    expectTaken(byEmail);
    expect((await register(other)).status).toBe(201);
  });

  it('concurrent sign-ups with one username: one wins, the others get the same 400', async () => {
    const input = fresh();
    const results = await Promise.all([1, 2, 3].map((i) => register({ ...input, email: `${i}${input.email}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const res of results.filter((r) => r.status === 400)) expectTaken(res);
  });
});

describe('POST /api/auth/local', () => {
  it('signs in by username or email, case-insensitively', async () => {
    const { user } = await t.signUp('Login');
    for (const identifier of [
      user.username,
      user.email,
      user.username.toUpperCase(),
      ` ${user.email.toUpperCase()} `,
    ]) {
      const res = await login(identifier);
      expect(res.status, identifier).toBe(200);
      const session = authResponseSchema.parse(res.body);
      expect(session.user).toEqual(user);
      expect((await me(session.jwt)).body.id).toBe(user.id);
    }
  });

  it('gives one answer for a wrong password and an unknown user', async () => {
    const { user } = await t.signUp('wrong');
    const a = expectError(await login(user.username, 'not-the-password'), 400);
    const b = expectError(await login('nobodyatall'), 400);
    expect(a.message).toBe('Invalid identifier or password');
    expect(b.message).toBe(a.message);
  });

  it('validates the body', async () => {
    expectFieldError(await t.api('/api/auth/local', { body: { password: PASSWORD } }), 'identifier', messages.required);
    expectFieldError(
      await t.api('/api/auth/local', { body: { identifier: 'someone' } }),
      'password',
      messages.required,
    );
    expectError(await t.api('/api/auth/local', { body: 'identifier=a&password=b' }), 400);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and signs a working jwt', async () => {
    const session = await t.signUp('rot');
    const res = await refresh(session.refreshToken);
    expect(res.status).toBe(200);
    const next = authResponseSchema.parse(res.body);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next.user).toEqual(session.user);
    expect((await me(next.jwt)).body.id).toBe(session.user.id);
    const again = await refresh(next.refreshToken);
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when an old token is reused, and only that family', async () => {
    const session = await t.signUp('reuse');
    const otherDevice = await t.signIn(session.user.username);
    const second = authResponseSchema.parse((await refresh(session.refreshToken)).body);
    const third = authResponseSchema.parse((await refresh(second.refreshToken)).body);

    const reuse = expectError(await refresh(session.refreshToken), 401, 'UnauthorizedError');
    expect(reuse.message).toMatch(/already used/);
    expect(expectError(await refresh(third.refreshToken), 401).message).toMatch(/revoked/);
    expectError(await refresh(second.refreshToken), 401);

    const unaffected = await refresh(otherDevice.refreshToken);
    expect(unaffected.status).toBe(200);
    expect(unaffected.body.user.id).toBe(session.user.id);
  });

  it('rejects unknown and missing tokens', async () => {
    expect(expectError(await refresh('not-a-real-token'), 401).message).toBe('Refresh token is invalid');
    expectFieldError(await t.api('/api/auth/refresh', { body: {} }), 'refreshToken');
    expectError(await t.api('/api/auth/refresh', { body: '{' }), 400);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family of the token and nothing else', async () => {
    const session = await t.signUp('out');
    const otherDevice = await t.signIn(session.user.email);
    const rotated = authResponseSchema.parse((await refresh(session.refreshToken)).body);

    const res = await t.api('/api/auth/logout', { body: { refreshToken: rotated.refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { signedOut: true } });
    expect(expectError(await refresh(rotated.refreshToken), 401).message).toBe('Refresh token has been revoked');
    expectError(await refresh(session.refreshToken), 401);
    expect((await refresh(otherDevice.refreshToken)).status).toBe(200);
  });

  it("ends that sign-in's access tokens at once; another sign-in's keep working", async () => {
    const session = await t.signUp('outnow');
    const otherDevice = await t.signIn(session.user.email);
    const rotated = authResponseSchema.parse((await refresh(session.refreshToken)).body);
    for (const token of [session.jwt, rotated.jwt, otherDevice.jwt]) expect((await me(token)).status).toBe(200);

    expect((await t.api('/api/auth/logout', { body: { refreshToken: rotated.refreshToken } })).status).toBe(200);
    for (const token of [session.jwt, rotated.jwt]) {
      expect(expectError(await me(token), 401).message).toBe('This sign-in has ended (signed out); sign in again');
      expectError(await t.api('/api/gems', { token, body: { title: 'after', url: 'https://example.test/' } }), 401);
    }
    expect((await me(otherDevice.jwt)).body.id).toBe(session.user.id);
  });

  it('succeeds for an unknown token and validates the body', async () => {
    expect((await t.api('/api/auth/logout', { body: { refreshToken: 'unknown' } })).status).toBe(200);
    expectFieldError(await t.api('/api/auth/logout', { body: {} }), 'refreshToken');
  });
});

describe('access tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('no token, a malformed header or a bad token is a 401 envelope', async () => {
    const { user, jwt } = await t.signUp('jwt');
    const { sid } = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());
    const cases: [string, Record<string, string>][] = [
      ['none', {}],
      ['not bearer', { Authorization: 'Token abc' }],
      ['empty bearer', { Authorization: 'Bearer ' }],
      ['garbage', { Authorization: 'Bearer not.a.jwt' }],
      [
        'other secret',
        {
          Authorization: `Bearer ${await sign({ sub: String(user.id), exp: now() + 60, typ: 'access' }, 'y'.repeat(48))}`,
        },
      ],
      [
        'expired',
        {
          Authorization: `Bearer ${await sign({ sub: String(user.id), iat: now() - 120, exp: now() - 60, typ: 'access' }, SECRET)}`,
        },
      ],
      [
        'wrong type',
        {
          Authorization: `Bearer ${await sign({ sub: String(user.id), sid, exp: now() + 60, typ: 'refresh' }, SECRET)}`,
        },
      ],
      [
        'no sign-in',
        { Authorization: `Bearer ${await sign({ sub: String(user.id), exp: now() + 60, typ: 'access' }, SECRET)}` },
      ],
      [
        "another user's sign-in",
        {
          Authorization: `Bearer ${await sign({ sub: String(user.id + 1), sid, exp: now() + 60, typ: 'access' }, SECRET)}`,
        },
      ],
    ];
    for (const [name, headers] of cases) {
      for (const path of ['/api/users/me', '/api/get-user-collections', '/api/tags', '/api/get-all-bookmark']) {
        const res = await t.api(path, { headers });
        expect(res.status, `${name} ${path}`).toBe(401);
        expect(res.body, `${name} ${path}`).toEqual({
          error: { status: 401, name: 'UnauthorizedError', message: expect.any(String) },
        });
      }
    }
    const valid = await sign({ sub: String(user.id), sid, exp: now() + 60, typ: 'access' }, SECRET);
    expect((await me(valid)).body.id).toBe(user.id);
  });

  it('every authenticated endpoint requires a token', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/users/me'],
      ['GET', '/api/tags'],
      ['POST', '/api/tags'],
      ['GET', '/api/get-user-collections'],
      ['POST', '/api/collections'],
      ['GET', '/api/collections/1'],
      ['PUT', '/api/collections/1'],
      ['DELETE', '/api/collections/1'],
      ['GET', '/api/collections/1/bookmarks'],
      ['POST', '/api/gems'],
      ['GET', '/api/gems/1'],
      ['PUT', '/api/gems/1'],
      ['DELETE', '/api/gems/1'],
      ['GET', '/api/get-all-bookmark'],
      ['GET', '/api/gems-at-url?url=https://example.com/'],
    ];
    for (const [method, path] of routes) {
      const res = await t.api(path, {
        method,
        body: method === 'GET' || method === 'DELETE' ? undefined : { data: {} },
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.name).toBe('UnauthorizedError');
    }
  });
});
