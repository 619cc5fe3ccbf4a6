import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/limits';
import { hashComputationCount } from '../../server/auth/passwords';
import { type Client, expectError, PASSWORD, setupTestServer, uniqueUsername } from './harness';
import { expectLimited, from, newAddress } from './limit-helpers';

/**
 * Sign-in protection (server/auth/sign-in-guard.ts) over real HTTP. The servers trust X-Forwarded-For
 * so tests can call from several addresses. `t` waits a minute after the free failures (so "still
 * waiting" holds however slow the machine is); `quick` waits 2–4 s, for waiting one out. Counts and
 * statuses are asserted, never times.
 */
const limits = (baseDelayMs: number, maxDelayMs: number) => ({
  trustedProxies: 1,
  rateLimits: {
    signIn: { freeFailures: 5, baseDelayMs, maxDelayMs, forgetAfterSeconds: 3600 },
    signInPerAddress: { freeFailures: 10, baseDelayMs, maxDelayMs, forgetAfterSeconds: 3600 },
    signInPerAccount: { freeFailures: 12, baseDelayMs, maxDelayMs, forgetAfterSeconds: 3600 },
    register: null,
    refresh: null,
  },
});
const t = setupTestServer(limits(60_000, 60_000));
const quick = setupTestServer(limits(2000, 4000));

const loginAt = (server: Client, identifier: string, password: string, address: string) =>
  server.api('/api/auth/local', { body: { identifier, password }, headers: from(address) });
const login = (identifier: string, password: string, address: string) => loginAt(t, identifier, password, address);
const TOO_MANY = /^Too many failed sign-in attempts/;

describe('sign-in limits', () => {
  it('the defaults: 5 free failures per account and address, backoff capped at 15 minutes', () => {
    expect(DEFAULT_RATE_LIMITS.signIn).toEqual({
      freeFailures: 5,
      baseDelayMs: 1000,
      maxDelayMs: 900_000,
      forgetAfterSeconds: 3600,
    });
  });

  it('400 quick wrong passwords from one address: 5 are checked, the rest refused unchecked, the right one too; another address gets in', async () => {
    const { user } = await t.signUp('guess');
    const attacker = newAddress();

    // in waves of 10 at once, so concurrent guesses are part of it
    const before = hashComputationCount();
    const statuses: number[] = [];
    for (let wave = 0; wave < 40; wave += 1) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(user.username, `wrong-${wave}-${i}`, attacker)),
      );
      for (const res of answers) {
        if (res.status === 429) expectLimited(res, TOO_MANY);
        else expectError(res, 400);
        statuses.push(res.status);
      }
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(395);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(hashComputationCount() - before).toBe(5); // a refused guess is never checked

    expect(expectLimited(await login(user.username, PASSWORD, attacker), TOO_MANY)).toBeLessThanOrEqual(60);
    expectLimited(await login(user.email.toUpperCase(), PASSWORD, attacker), TOO_MANY); // the account, however named

    // not a lockout: the owner, on another address, has their own free failures and gets in
    const owner = newAddress();
    expectError(await login(user.username, 'typo', owner), 400);
    const res = await login(user.email, PASSWORD, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expectLimited(await login(user.username, PASSWORD, attacker), TOO_MANY);
  });

  it("once the backoff has passed the right password works, and clears that address's failures", async () => {
    const { user } = await quick.signUp('wait');
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) expectError(await loginAt(quick, user.username, `wrong-${i}`, address), 400);

    // the right password is refused (Retry-After) until the wait is over, then it works
    const refusals: number[] = [];
    let res = await loginAt(quick, user.username, PASSWORD, address);
    while (res.status === 429 && refusals.length < 5) {
      refusals.push(expectLimited(res, TOO_MANY));
      await sleep(Math.max(...refusals.slice(-1)) * 1000 + 100);
      res = await loginAt(quick, user.username, PASSWORD, address);
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(refusals.length).toBeLessThanOrEqual(1); // obeying Retry-After once is enough

    for (let i = 0; i < 5; i += 1) expectError(await loginAt(quick, user.username, `again-${i}`, address), 400);
    expectLimited(await loginAt(quick, user.username, 'again-5', address), TOO_MANY);
  });

  it('an unknown name is limited like an account (by the name, any case), with the same 400 until then', async () => {
    const name = uniqueUsername('ghost');
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) {
      const error = expectError(await login(i % 2 ? name.toUpperCase() : name, 'whatever', address), 400);
      expect(error.message).toBe('Invalid identifier or password');
    }
    expectLimited(await login(name, 'whatever', address), TOO_MANY);
    expectError(await login(name, 'whatever', newAddress()), 400);
  });

  it('one address failing on many accounts hits the per-address cap, for every account and unknown names; other addresses do not', async () => {
    const sessions = await Promise.all([1, 2, 3, 4, 5].map(() => t.signUp('spray')));
    const sprayer = newAddress();
    for (const { user } of sessions) {
      for (let i = 0; i < 2; i += 1) expectError(await login(user.username, `spray-${i}`, sprayer), 400); // 2 < 5 per account
    }
    // 10 failures from this address: the next attempt waits, whatever the account or the password
    const [first, second] = sessions;
    expectLimited(await login(first?.user.username ?? '', PASSWORD, sprayer), TOO_MANY);
    expectLimited(await login(second?.user.email ?? '', 'spray-5', sprayer), TOO_MANY);
    expectLimited(await login(uniqueUsername('nobody'), 'spray-6', sprayer), TOO_MANY);

    const elsewhere = newAddress();
    expect((await login(first?.user.username ?? '', PASSWORD, elsewhere)).status).toBe(200);
    expect((await login(second?.user.username ?? '', PASSWORD, elsewhere)).status).toBe(200);
  });

  it('an account failing from 60 addresses gets 12 checks in all, then every new address waits; the owner still gets in where they signed in before', async () => {
    const { user } = await t.signUp('botnet');
    const home = newAddress();
    expect((await login(user.username, PASSWORD, home)).status).toBe(200);

    const bots = Array.from({ length: 60 }, () => newAddress());
    const before = hashComputationCount();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all(bots.map((bot, i) => login(user.username, `bot-${round}-${i}`, bot)));
      for (const res of answers) {
        if (res.status === 429) expectLimited(res, TOO_MANY);
        else expectError(res, 400);
        statuses.push(res.status);
      }
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(12);
    expect(hashComputationCount() - before).toBe(12);
    expectLimited(await login(user.email, PASSWORD, newAddress()), TOO_MANY); // a new address waits, right or not

    // the owner's own address is outside the account's budget: a typo, then the password
    expectError(await login(user.username, 'typo', home), 400);
    const res = await login(user.email, PASSWORD, home);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    // and the owner signing in gives the bots no new guesses
    expectLimited(await login(user.username, 'bot-after', newAddress()), TOO_MANY);
  });

  it('the address an account signed up from is its own: failures from elsewhere do not lock it out', async () => {
    const home = newAddress();
    const username = uniqueUsername('home');
    const signUp = await t.api('/api/auth/local/register', {
      body: { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD },
      headers: from(home),
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    for (let bot = 0; bot < 13; bot += 1) await login(username, `bot-${bot}`, newAddress());
    expectLimited(await login(username, PASSWORD, newAddress()), TOO_MANY);
    expect((await login(username, PASSWORD, home)).status).toBe(200);
  });
});

describe('who has an account does not leak', () => {
  it('a wrong password and an unknown user each cost exactly one hash computation and give the same 400', async () => {
    const { user } = await t.signUp('same');
    const address = newAddress();
    // warm both paths once (the dummy hash is made once per process, outside any count)
    await login(uniqueUsername('warm'), 'x', address);

    const a0 = hashComputationCount();
    const wrong = expectError(await login(user.username, 'not-the-password', address), 400);
    const a1 = hashComputationCount();
    const unknown = expectError(await login(uniqueUsername('nobody'), 'not-the-password', address), 400);
    const a2 = hashComputationCount();
    const right = await login(user.username, PASSWORD, address);
    const a3 = hashComputationCount();

    expect(a1 - a0).toBe(1);
    expect(a2 - a1).toBe(1);
    expect(a3 - a2).toBe(1);
    expect(right.status).toBe(200);
    expect(unknown).toEqual(wrong);
    expect(wrong.message).toBe('Invalid identifier or password');
  });
});
