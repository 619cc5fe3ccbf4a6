import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError, PASSWORD, startTestServer, type TestServer } from './harness';
import { startTestOidc, type TestOidc } from './oidc-provider';

/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider on 127.0.0.1): the extension's part
 * is played by hand (a verifier and its challenge, the browser's redirects followed with the provider's cookies, the
 * code caught at the identity redirect URL and exchanged).
 */

let idp: TestOidc;
let t: TestServer;
const RETURN_TO = `https://${'a'.repeat(32)}.chromiumapp.org/oidc`;

beforeAll(async () => {
  idp = await startTestOidc();
  t = await startTestServer({
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Acme ID' },
  });
  idp.allowRedirect(`${t.url}/auth/oidc/callback`);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

interface Visit {
  status: number;
  /** The last address the browser was sent to. */
  url: string;
  text: string;
  /** The callback's address (with the provider's code and state), as the browser reached it. */
  callback?: string;
}

/** Follows redirects as a browser does, keeping the provider's cookies, and stops at the extension's redirect URL. */
async function browse(start: string, jar = new Map<string, string>()): Promise<Visit> {
  let url = start;
  let callback: string | undefined;
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.startsWith(RETURN_TO)) return { status: 302, url, text: '', callback };
    if (url.startsWith(`${t.url}/auth/oidc/callback`)) callback = url;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location)
      return { status: res.status, url, text: await res.text(), callback };
    await res.body?.cancel();
    url = new URL(location, url).href;
  }
  throw new Error(`too many redirects from ${start}`);
}

/** What the extension holds: a verifier, and the start address with its challenge. */
function extensionStart() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({ challenge, return_to: RETURN_TO });
  return { verifier, start: `${t.url}/auth/oidc/start?${query}` };
}

const exchange = (code: string, verifier: string) => t.api('/api/auth/oidc/token', { body: { code, verifier } });

/** A whole sign-in as `subject`: the code the extension catches and its verifier. */
async function signInAs(subject: string) {
  idp.signInAs = subject;
  const { verifier, start } = extensionStart();
  const visit = await browse(start);
  const code = visit.url.startsWith(RETURN_TO) ? new URL(visit.url).searchParams.get('code') : null;
  return { visit, verifier, code };
}

describe('signing in with an OpenID Connect provider', () => {
  it('tells a signed-out extension the provider’s name', async () => {
    const res = await t.api('/api/auth/options');
    expect(res.body.data.oidc).toEqual({ name: 'Acme ID' });
  });

  it('makes an account for a new verified email (registration open) and signs it in; the same subject comes back to it', async () => {
    idp.accounts.set('sub-new', {
      email: 'Newcomer@Example.test',
      email_verified: true,
      preferred_username: 'new.comer',
    });
    const first = await signInAs('sub-new');
    expect(first.code, first.visit.text).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await exchange(first.code ?? '', first.verifier);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'newcomer', email: 'Newcomer@Example.test' });
    const me = await t.api('/api/users/me', { token: res.body.jwt });
    expect(me.body.id).toBe(res.body.user.id);
    const refreshed = await t.api('/api/auth/refresh', { body: { refreshToken: res.body.refreshToken } });
    expect(refreshed.status).toBe(200);

    // the provider changes the address; the subject still names the same account
    idp.accounts.set('sub-new', { email: 'moved@example.test', email_verified: true });
    const again = await signInAs('sub-new');
    const second = await exchange(again.code ?? '', again.verifier);
    expect(second.body.user.id).toBe(res.body.user.id);
  });

  it('links an existing account by its verified email; its password still works', async () => {
    const user = await t.signUp('linked');
    idp.accounts.set('sub-linked', { email: user.user.email.toUpperCase(), email_verified: true });
    const flow = await signInAs('sub-linked');
    const res = await exchange(flow.code ?? '', flow.verifier);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.user.id);
    expect((await t.signIn(user.user.email, PASSWORD)).user.id).toBe(user.user.id);
  });

  it('marks an account it made as having no password, lets it set one without a current password, once', async () => {
    idp.accounts.set('sub-nopass', { email: 'nopass@example.test', email_verified: true });
    const flow = await signInAs('sub-nopass');
    const { body } = await exchange(flow.code ?? '', flow.verifier);
    const token = body.jwt as string;
    const state = async (jwt: string) => (await t.api('/api/auth/password', { token: jwt })).body.data;
    expect(await state(token)).toEqual({ hasPassword: false });
    const set = (password: string, passwordConfirmation?: string) =>
      t.api('/api/auth/set-password', { token, body: { password, passwordConfirmation } });
    const weak = await set('short');
    expect([weak.status, weak.body.error.details.errors[0].path]).toEqual([400, 'password']);
    const mismatch = await set('Horse-battery-7', 'Horse-staple-7');
    expect([mismatch.status, mismatch.body.error.details.errors[0].path]).toEqual([400, 'passwordConfirmation']);
    const done = await set('Horse-battery-7', 'Horse-battery-7');
    expect([done.status, done.body.data]).toEqual([200, { hasPassword: true }]);
    expect((await t.signIn('nopass@example.test', 'Horse-battery-7')).user.id).toBe(body.user.id);
    // the sign-in through the provider stays; a second time is a 409: it changes it with the current one
    expect(await state(token)).toEqual({ hasPassword: true });
    expect((await set('Another-good-8')).status).toBe(409);
    // an account with a password (signed up, then linked) never sets one this way
    const user = await t.signUp('haspass');
    expect(await state(user.jwt)).toEqual({ hasPassword: true });
    const refused = await t.api('/api/auth/set-password', {
      token: user.jwt,
      body: { password: 'A-new-good-9' },
    });
    expect(refused.status).toBe(409);
    expect((await t.signIn(user.user.email, PASSWORD)).user.id).toBe(user.user.id);
  });

  it('deletes an account it made, with no password, once its username is typed; a password account still needs it', async () => {
    idp.accounts.set('sub-leaving', { email: 'leaving@example.test', email_verified: true });
    const flow = await signInAs('sub-leaving');
    const { body } = await exchange(flow.code ?? '', flow.verifier);
    const token = body.jwt as string;
    const remove = (jwt: string, data: unknown) =>
      t.api('/api/delete-userdata', { method: 'DELETE', token: jwt, body: { data } });
    expectFieldError(await remove(token, { password: 'anything' }), 'data.username');
    expectFieldError(await remove(token, { username: body.user.username.toUpperCase() }), 'data.username');
    expectFieldError(await remove(token, {}), 'data.password');
    const done = await remove(token, { username: body.user.username });
    expect([done.status, done.body.data.deleted]).toEqual([200, true]);
    expect((await t.api('/api/users/me', { token })).status).toBe(401);
    // an account with a password is never deleted by its username
    const user = await t.signUp('keeps');
    expectFieldError(await remove(user.jwt, { username: user.user.username }), 'data.password');
    expect((await t.api('/api/users/me', { token: user.jwt })).status).toBe(200);
  });

  it('refuses an unverified email with a page saying so, linking nothing', async () => {
    const user = await t.signUp('unverified');
    idp.accounts.set('sub-unverified', { email: user.user.email, email_verified: false });
    const flow = await signInAs('sub-unverified');
    expect(flow.code).toBeNull();
    expect(flow.visit.status).toBe(403);
    expect(flow.visit.text).toContain('did not say that your email address is verified');
    expect(flow.visit.text).not.toMatch(/<script/i);
    // verified later, the same subject links then (nothing was linked by the refused sign-in)
    idp.accounts.set('sub-unverified', { email: user.user.email, email_verified: true });
    const later = await signInAs('sub-unverified');
    expect((await exchange(later.code ?? '', later.verifier)).body.user.id).toBe(user.user.id);
  });

  it('refuses a wrong or unknown state, and a callback replayed with its code', async () => {
    idp.accounts.set('sub-replay', { email: 'replay@example.test', email_verified: true });
    const flow = await signInAs('sub-replay');
    expect(flow.code).not.toBeNull();
    const callback = new URL(flow.visit.callback ?? '');
    expect(callback.searchParams.get('code')).toBeTruthy();

    const replayed = await fetch(callback, { redirect: 'manual' });
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain('This sign-in cannot go on');

    const wrongState = new URL(callback);
    wrongState.searchParams.set('state', randomBytes(32).toString('base64url'));
    const wrong = await fetch(wrongState, { redirect: 'manual' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('This sign-in cannot go on');
    const noState = await fetch(`${t.url}/auth/oidc/callback?code=abc`, { redirect: 'manual' });
    expect(noState.status).toBe(400);

    // a state of a live sign-in with another sign-in's code: the provider's code is bound to its own PKCE and state
    idp.signInAs = 'sub-replay';
    const other = extensionStart();
    const started = await fetch(other.start, { redirect: 'manual' });
    const state = new URL(started.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const mixed = new URL(callback);
    mixed.searchParams.set('state', state);
    const refused = await fetch(mixed, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The sign-in did not succeed');
  });

  it('exchanges a code once, and only with the verifier that started the sign-in', async () => {
    idp.accounts.set('sub-code', { email: 'code@example.test', email_verified: true });
    const flow = await signInAs('sub-code');
    const code = flow.code ?? '';
    const wrong = await exchange(code, randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.errors[0].path).toBe('code');
    // the wrong guess spent it
    expect((await exchange(code, flow.verifier)).status).toBe(400);

    const next = await signInAs('sub-code');
    expect((await exchange(next.code ?? '', next.verifier)).status).toBe(200);
    expect((await exchange(next.code ?? '', next.verifier)).status).toBe(400);
  });

  it('refuses a return address that is not the extension’s identity redirect', async () => {
    const { start } = extensionStart();
    const evil = start.replace(encodeURIComponent(RETURN_TO), encodeURIComponent('https://evil.example/steal'));
    const res = await t.api(evil.slice(t.url.length));
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors[0].path).toBe('return_to');
  });

  it('follows the registration mode for new accounts only: closed lets linked users in; invite needs an invitation to the address', async () => {
    // the first account of this server (newcomer, made by single sign-on) is its admin
    const setMode = async (mode: string) => {
      const flow = await signInAs('sub-new');
      const session = await exchange(flow.code ?? '', flow.verifier);
      expect(session.body.user.is_admin).toBe(true);
      const res = await t.api('/api/admin/registration', { method: 'PUT', token: session.body.jwt, body: { mode } });
      expect(res.status).toBe(200);
      return session.body.jwt as string;
    };

    await setMode('closed');
    idp.accounts.set('sub-closed', { email: 'closed-newcomer@example.test', email_verified: true });
    const refused = await signInAs('sub-closed');
    expect(refused.visit.status).toBe(403);
    expect(refused.visit.text).toContain('does not take new accounts');
    const linked = await signInAs('sub-linked');
    expect((await exchange(linked.code ?? '', linked.verifier)).status).toBe(200);

    const jwt = await setMode('invite');
    idp.accounts.set('sub-invited', { email: 'invited@example.test', email_verified: true });
    const notYet = await signInAs('sub-invited');
    expect(notYet.visit.status).toBe(403);
    expect(notYet.visit.text).toContain('by invitation only');
    const invite = await t.api('/api/admin/invitations', { token: jwt, body: { email: 'Invited@example.test' } });
    expect(invite.status).toBe(201);
    const invited = await signInAs('sub-invited');
    const session = await exchange(invited.code ?? '', invited.verifier);
    expect(session.body.user.email).toBe('invited@example.test');
    const invitations = await t.api('/api/admin/invitations', { token: jwt });
    expect(invitations.body.data[0].status).toBe('used');
    await setMode('open');
  });
});
