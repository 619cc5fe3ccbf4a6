import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserSchema, issuedInvitationSchema } from '../../lib/api/operator-contract';
import { runCli } from '../../server/cli/trove';
import { uploadsDir } from '../../server/config';
import {
  expectError,
  expectFieldError,
  gemBody,
  PASSWORD,
  SECRET,
  type Session,
  startTestServer,
  type TestServer,
  uniqueUsername,
} from './harness';

/**
 * The operator's server (README, "Running Trove for a group"): the first account is the admin, the admin routes
 * (users, disable, delete, credits, invitations, registration mode) and the reset command. One server of its own
 * (the first account and the users' listing span the whole database), no SMTP: invitations and resets still work.
 */

let t: TestServer;
let admin: Session;
let member: Session;
beforeAll(async () => {
  t = await startTestServer({ publicUrl: 'https://trove.example.com' }, { isolated: true });
  admin = await t.signUp('boss');
  member = await t.signUp('member');
});
afterAll(async () => t?.close());

const as = (session: { jwt: string }) => ({ token: session.jwt });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const register = (body: Record<string, unknown>) => {
  const username = uniqueUsername('reg');
  return t.api('/api/auth/local/register', {
    body: { username, email: `${username}@example.test`, password: PASSWORD, ...body },
  });
};
const userRow = async (id: number) => {
  const res = await t.api('/api/admin/users', as(admin));
  return adminUserSchema.parse(res.body.data.find((u: { id: number }) => u.id === id));
};

describe('the first account', () => {
  it('is the admin; later ones are not', async () => {
    expect(admin.user.is_admin).toBe(true);
    expect(member.user.is_admin).toBe(false);
    expect((await t.api('/api/users/me', as(admin))).body.is_admin).toBe(true);
  });

  it('alone reaches the admin routes (no token configured: 404 for anyone else)', async () => {
    expectError(await t.api('/api/admin/users'), 404);
    expectError(await t.api('/api/admin/users', as(member)), 404);
    expectError(await t.api('/api/admin/users', { token: SECRET }), 404);
    expect((await t.api('/api/admin/users', as(admin))).status).toBe(200);
  });
});

describe('the users list', () => {
  it('shows each account with its gems, storage, credits and last sign-in', async () => {
    const user = await t.signUp('counted');
    await t.api('/api/gems', { ...as(user), body: gemBody() });
    await t.api('/api/gems', { ...as(user), body: gemBody({ url: 'https://example.com/2' }) });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    form.append('isFeedbackImg', 'true');
    await fetch(`${t.url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.jwt}` },
      body: form,
    });
    await t.signIn(user.user.username);
    const row = await userRow(user.user.id);
    expect(row).toMatchObject({
      username: user.user.username,
      email: user.user.email,
      isAdmin: false,
      disabled: false,
      gemsCount: 2,
      storageBytes: PNG.length,
      credits: null,
    });
    expect(row.lastSignInAt).not.toBeNull();
    const res = await t.api('/api/admin/users', as(admin));
    expect(res.body.data.map((u: { id: number }) => u.id).slice(0, 2)).toEqual([admin.user.id, member.user.id]);
  });

  it('sets credits, refusing a negative or fractional number by field', async () => {
    const user = await t.signUp('credits');
    const set = await t.api(`/api/admin/users/${user.user.id}/credits`, {
      ...as(admin),
      method: 'PUT',
      body: { credits: 250 },
    });
    expect(set.body.data.credits).toBe(250);
    expect((await userRow(user.user.id)).credits).toBe(250);
    expect((await t.api('/api/ai-settings', as(user))).body?.data?.credits ?? 250).toBe(250);
    expectFieldError(
      await t.api(`/api/admin/users/${user.user.id}/credits`, { ...as(admin), method: 'PUT', body: { credits: -1 } }),
      'credits',
    );
    expectFieldError(
      await t.api(`/api/admin/users/${user.user.id}/credits`, { ...as(admin), method: 'PUT', body: { credits: 1.5 } }),
      'credits',
    );
    expectError(
      await t.api('/api/admin/users/999999/credits', { ...as(admin), method: 'PUT', body: { credits: 1 } }),
      404,
    );
  });
});

describe('disable and enable', () => {
  it('signs the user out and refuses sign-in with a clear message until enabled', async () => {
    const user = await t.signUp('disabled');
    const res = await t.api(`/api/admin/users/${user.user.id}/disable`, { ...as(admin), method: 'POST' });
    expect(res.body.data.disabled).toBe(true);
    expectError(await t.api('/api/users/me', as(user)), 401);
    expectError(await t.api('/api/auth/refresh', { body: { refreshToken: user.refreshToken } }), 401);
    const refused = expectError(
      await t.api('/api/auth/local', { body: { identifier: user.user.email, password: PASSWORD } }),
      403,
    );
    expect(refused.message).toBe('This account is disabled by the server’s administrator');
    // a wrong password says nothing of it
    expectError(
      await t.api('/api/auth/local', { body: { identifier: user.user.email, password: 'wrong-password' } }),
      400,
    );
    expect(
      (await t.api(`/api/admin/users/${user.user.id}/enable`, { ...as(admin), method: 'POST' })).body.data.disabled,
    ).toBe(false);
    expect((await t.signIn(user.user.email)).user.id).toBe(user.user.id);
  });

  it('refuses an admin disabling or deleting themselves, and unknown users', async () => {
    expect(
      expectError(await t.api(`/api/admin/users/${admin.user.id}/disable`, { ...as(admin), method: 'POST' }), 400)
        .message,
    ).toMatch(/own account/);
    expectError(await t.api(`/api/admin/users/${admin.user.id}`, { ...as(admin), method: 'DELETE' }), 400);
    expectError(await t.api('/api/admin/users/999999/disable', { ...as(admin), method: 'POST' }), 404);
    expectError(await t.api('/api/admin/users/999999', { ...as(admin), method: 'DELETE' }), 404);
  });
});

describe('delete a user', () => {
  it('removes the account, its rows and its stored files', async () => {
    const user = await t.signUp('gone');
    await t.api('/api/gems', { ...as(user), body: gemBody() });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    form.append('isFeedbackImg', 'true');
    const up = await (
      await fetch(`${t.url}/api/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.jwt}` },
        body: form,
      })
    ).json();
    const file = new URL(up.data.media[0]).pathname.split('/').at(-1) as string;
    const dir = uploadsDir(t.config);
    expect(readdirSync(dir)).toContain(file);
    const res = await t.api(`/api/admin/users/${user.user.id}`, { ...as(admin), method: 'DELETE' });
    expect(res.body).toEqual({ data: { ok: true } });
    expect(existsSync(join(dir, file))).toBe(false);
    expectError(await t.api('/api/users/me', as(user)), 401);
    expectError(await t.api('/api/auth/local', { body: { identifier: user.user.email, password: PASSWORD } }), 400);
    const ids = (await t.api('/api/admin/users', as(admin))).body.data.map((u: { id: number }) => u.id);
    expect(ids).not.toContain(user.user.id);
  });
});

describe('registration modes and invitations', () => {
  const setMode = (mode: string) => t.api('/api/admin/registration', { ...as(admin), method: 'PUT', body: { mode } });
  afterAll(async () => {
    await setMode('open');
  });

  it('closed: sign-ups get 403 saying so, and the sign-in options tell the extension', async () => {
    expect((await setMode('closed')).body).toEqual({ data: { mode: 'closed' } });
    expect((await t.api('/api/admin/registration', as(admin))).body.data.mode).toBe('closed');
    expect((await t.api('/api/auth/options')).body.data).toEqual({
      registration: 'closed',
      passwordReset: 'operator',
      oidc: null,
    });
    expect(expectError(await register({}), 403).message).toBe(
      'Registration is closed on this server: ask its administrator for an account',
    );
    expectFieldError(await setMode('sometimes'), 'mode');
  });

  it('invite: needs an unused, unexpired code from an admin; a resent invitation kills the old code', async () => {
    await setMode('invite');
    expect(expectError(await register({}), 403).message).toMatch(/by invitation/);
    expectFieldError(await register({ invitation: 'made-up-code' }), 'invitation');

    const created = await t.api('/api/admin/invitations', { ...as(admin), body: { email: 'friend@example.test' } });
    expect(created.status).toBe(201);
    const invite = issuedInvitationSchema.parse(created.body).data;
    expect(invite).toMatchObject({ email: 'friend@example.test', status: 'pending', mailed: false });
    expect(invite.link).toBe(`https://trove.example.com/invitation/${invite.code}`);
    const page = await fetch(`${t.url}/invitation/${invite.code}`);
    expect(await page.text()).toContain(`<code>${invite.code}</code>`);
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'none'");

    const resent = issuedInvitationSchema.parse(
      (await t.api(`/api/admin/invitations/${invite.id}/resend`, { ...as(admin), method: 'POST' })).body,
    ).data;
    expect(resent.id).toBe(invite.id);
    expect(resent.code).not.toBe(invite.code);
    expectFieldError(await register({ invitation: invite.code }), 'invitation');
    const joined = await register({ invitation: resent.code });
    expect(joined.status).toBe(201);
    expect(joined.body.user.is_admin).toBe(false);
    expectFieldError(await register({ invitation: resent.code }), 'invitation');
    const listed = (await t.api('/api/admin/invitations', as(admin))).body.data;
    expect(listed.find((i: { id: number }) => i.id === invite.id).status).toBe('used');
    expectError(await t.api(`/api/admin/invitations/${invite.id}/resend`, { ...as(admin), method: 'POST' }), 404);

    const withdrawn = issuedInvitationSchema.parse(
      (await t.api('/api/admin/invitations', { ...as(admin), body: {} })).body,
    ).data;
    expect(withdrawn.email).toBeNull();
    expect((await t.api(`/api/admin/invitations/${withdrawn.id}`, { ...as(admin), method: 'DELETE' })).status).toBe(
      200,
    );
    expectFieldError(await register({ invitation: withdrawn.code }), 'invitation');
    expectError(await t.api(`/api/admin/invitations/${withdrawn.id}`, { ...as(admin), method: 'DELETE' }), 404);
  });

  it('open again: anyone registers, the code is ignored', async () => {
    await setMode('open');
    expect((await register({})).status).toBe(201);
  });
});

describe('password reset without mail', () => {
  it('"Forgot password?" answers the same and the options say to ask the operator', async () => {
    const res = await t.api('/api/auth/forgot-password', { body: { identifier: member.user.email } });
    expect(res.status).toBe(202);
    expect((await t.api('/api/auth/options')).body.data.passwordReset).toBe('operator');
  });

  it('an admin makes a one-time link', async () => {
    const user = await t.signUp('linked');
    const res = await t.api(`/api/admin/users/${user.user.id}/reset-link`, { ...as(admin), method: 'POST' });
    expect(res.status).toBe(201);
    const link: string = res.body.data.link;
    expect(link).toMatch(/^https:\/\/trove\.example\.com\/reset-password\/[A-Za-z0-9_-]{22}$/);
    const form = new FormData();
    form.append('password', 'Fresh-horse-9');
    form.append('confirm', 'Fresh-horse-9');
    const done = await fetch(`${t.url}${new URL(link).pathname}`, { method: 'POST', body: form });
    expect(await done.text()).toContain('Your password is changed');
    expectError(await t.api('/api/users/me', as(user)), 401);
    expect((await t.signIn(user.user.email, 'Fresh-horse-9')).user.id).toBe(user.user.id);
  });
});

const run = promisify(execFile);

describe('npm run trove -- reset-password', () => {
  it('prints a working link, or sets a given password (the server stopped, as PGlite needs)', async () => {
    const user = await t.signUp('cli');
    await t.server.stop();
    const env = {
      ...process.env,
      DATA_DIR: t.config.dataDir,
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
      TROVE_SECRET: SECRET,
      PUBLIC_URL: 'https://trove.example.com',
    };
    // the npm script's entry, once as the operator runs it; then the same code in this process (faster)
    const spawned = await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli/main.ts', 'reset-password', user.user.username],
      { env },
    );
    const link = /https:\/\/trove\.example\.com\/reset-password\/\S+/.exec(spawned.stdout)?.[0] ?? '';
    expect(link).not.toBe('');
    const cli = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(args, env, { log: (line) => out.push(line), error: (line) => err.push(line) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const set = await cli('reset-password', user.user.email, '--password', 'Cli-horse-77');
    expect([set.code, set.out]).toEqual([0, `The password of ${user.user.username} is set; 1 sign-in(s) signed out.`]);
    const weak = await cli('reset-password', user.user.email, '--password', 'weak');
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/^The password needs at least 8 characters, an upper-case letter/);
    const nobody = await cli('reset-password', 'nobody-at-all');
    expect([nobody.code, nobody.err]).toEqual([1, 'No account has the username or email "nobody-at-all"']);
    expect((await cli('reset-pasword', 'x')).code).toBe(2);

    const again = await startTestServer({ dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl });
    try {
      expect((await again.signIn(user.user.email, 'Cli-horse-77')).user.id).toBe(user.user.id);
      // the printed link was made before the password was set: still one use, still valid
      const page = await fetch(`${again.url}${new URL(link).pathname}`);
      expect(await page.text()).toContain('Choose a new password');
    } finally {
      await again.server.stop();
    }
  }, 60_000); // the command's own process opens the database once
});
