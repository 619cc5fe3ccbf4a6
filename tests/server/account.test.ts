/**
 * The signed-in user's own account (lib/api/routes/account.ts), on one app over one database: changing the password
 * (other sign-ins signed out), where you are signed in, the username check and profile, blocked sites, and deleting
 * the account, which leaves no row of the user in any table and no file in storage.
 */

import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../lib/api/account-contract';
import { selectRows } from '../../server/db/rows';
import { PNG } from './api-routes';
import {
  type Client,
  expectError,
  expectFieldError,
  gemBody,
  PASSWORD,
  type Session,
  setupInProcessApp,
} from './harness';

const app = setupInProcessApp();
const { client } = app;

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const STRONG = 'New-password-7';

const signInAs = async (identifier: string, password: string, userAgent?: string) => {
  const res = await client.api('/api/auth/local', {
    body: { identifier, password },
    headers: userAgent ? { 'User-Agent': userAgent } : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { jwt: string; refreshToken: string };
};
const refresh = (refreshToken: string, userAgent?: string) =>
  client.api('/api/auth/refresh', { body: { refreshToken }, headers: userAgent ? { 'User-Agent': userAgent } : {} });
const me = (token: string) => client.api('/api/users/me', { token });

describe('changing the password', () => {
  let ada: Session;
  beforeAll(async () => {
    ada = await client.signUp('pw');
  });

  it('refuses a wrong current password, a weak new one and a confirmation that differs, naming the field', async () => {
    const path = '/api/auth/change-password';
    const wrong = await client.api(path, {
      token: ada.jwt,
      body: { currentPassword: 'not-it', password: STRONG },
    });
    expectFieldError(wrong, 'currentPassword', 'The current password is not right');
    const weak = await client.api(path, {
      token: ada.jwt,
      body: { currentPassword: PASSWORD, password: 'alllowercase1!' },
    });
    expectFieldError(weak, 'password', 'The password needs: an upper-case letter');
    const short = await client.api(path, { token: ada.jwt, body: { currentPassword: PASSWORD, password: 'Ab1!' } });
    expectFieldError(short, 'password', 'Given value is too short');
    const differs = await client.api(path, {
      token: ada.jwt,
      body: { currentPassword: PASSWORD, password: STRONG, passwordConfirmation: `${STRONG}x` },
    });
    expectFieldError(differs, 'passwordConfirmation', 'Confirm password needs to match password');
    // nothing changed: the old password still signs in
    await signInAs(ada.user.username, PASSWORD);
  });

  it('changes it and signs out every other sign-in, keeping this one', async () => {
    const other = await signInAs(ada.user.email, PASSWORD, FIREFOX_UA);
    const res = await client.api('/api/auth/change-password', {
      token: ada.jwt,
      body: { currentPassword: PASSWORD, password: STRONG, passwordConfirmation: STRONG },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the sign-up, the first test's sign-in and `other`, less this one
    expect(res.body.data).toEqual({ changed: true, signedOut: 2 });
    expectError(await refresh(other.refreshToken), 401);
    expectError(await me(other.jwt), 401);
    expect((await me(ada.jwt)).status).toBe(200);
    expect((await refresh(ada.refreshToken)).status).toBe(200);
    expectError(await client.api('/api/auth/local', { body: { identifier: ada.user.email, password: PASSWORD } }), 400);
    await signInAs(ada.user.email, STRONG);
  });

  it('slows down wrong current passwords like failed sign-ins (429 with Retry-After)', async () => {
    const bob = await client.signUp('pwlimit');
    const statuses: number[] = [];
    let last: Awaited<ReturnType<Client['api']>> | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await client.api('/api/auth/change-password', {
        token: bob.jwt,
        body: { currentPassword: `wrong-${i}`, password: STRONG },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0);
    // the same counters as sign-in: the right password is refused too while the wait lasts
    expectError(
      await client.api('/api/auth/local', { body: { identifier: bob.user.username, password: PASSWORD } }),
      429,
    );
  });
});

describe('where you are signed in', () => {
  let ada: Session;
  let chrome: { jwt: string; refreshToken: string };
  let firefox: { jwt: string; refreshToken: string };
  beforeAll(async () => {
    ada = await client.signUp('sess');
    chrome = await signInAs(ada.user.username, PASSWORD, CHROME_UA);
    firefox = await signInAs(ada.user.username, PASSWORD, FIREFOX_UA);
  });
  const list = async (token: string) => {
    const res = await client.api('/api/sessions', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as SessionInfo[];
  };

  it('lists each sign-in with its browser and address, this one first and marked', async () => {
    const sessions = await list(chrome.jwt);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Chrome 131 on Linux' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.browser)).toContain('Firefox 133 on Windows');
    for (const session of sessions) expect(session.address).toMatch(/127\.0\.0\.1|::1/);
  });

  it('keeps a sign-in one entry through its refreshes, with its last use', async () => {
    const before = (await list(chrome.jwt)).find((s) => s.browser?.startsWith('Firefox'));
    const next = await refresh(firefox.refreshToken, FIREFOX_UA);
    expect(next.status).toBe(200);
    firefox = next.body;
    const sessions = await list(chrome.jwt);
    expect(sessions).toHaveLength(3);
    const after = sessions.find((s) => s.browser?.startsWith('Firefox'));
    expect(after?.id).toBe(before?.id);
    expect(after?.createdAt).toBe(before?.createdAt);
    expect(Date.parse(after?.lastUsedAt ?? '')).toBeGreaterThan(Date.parse(before?.lastUsedAt ?? ''));
  });

  it('signs out one: its refresh and its access token fail; another user’s or an unknown one is a 404', async () => {
    const target = (await list(chrome.jwt)).find((s) => s.browser?.startsWith('Firefox'));
    const stranger = await client.signUp('stranger');
    expectError(await client.api(`/api/sessions/${target?.id}`, { method: 'DELETE', token: stranger.jwt }), 404);
    expectError(
      await client.api('/api/sessions/00000000-0000-4000-8000-000000000000', { method: 'DELETE', token: chrome.jwt }),
      404,
    );
    const res = await client.api(`/api/sessions/${target?.id}`, { method: 'DELETE', token: chrome.jwt });
    expect(res.body).toEqual({ data: { signedOut: 1 } });
    expectError(await refresh(firefox.refreshToken), 401);
    expectError(await me(firefox.jwt), 401);
    expect((await list(chrome.jwt)).map((s) => s.browser)).not.toContain('Firefox 133 on Windows');
    expect((await list(stranger.jwt)).length).toBe(1);
  });

  it('signs out every other one, keeping this one', async () => {
    const res = await client.api('/api/sessions', { method: 'DELETE', token: chrome.jwt });
    expect(res.body).toEqual({ data: { signedOut: 1 } });
    expectError(await refresh(ada.refreshToken), 401);
    expect((await list(chrome.jwt)).map((s) => s.current)).toEqual([true]);
  });
});

describe('the profile', () => {
  let ada: Session;
  let bob: Session;
  beforeAll(async () => {
    ada = await client.signUp('prof');
    bob = await client.signUp('other');
  });
  const check = async (username: string) =>
    (await client.api(`/api/username?username=${encodeURIComponent(username)}`, { token: ada.jwt })).body.data;

  it('says whether a username is invalid, taken, yours or available', async () => {
    expect(await check('has space')).toMatchObject({ status: 'invalid', message: 'Spaces are not allowed.' });
    expect(await check('dash-name')).toMatchObject({
      status: 'invalid',
      message: 'Special Characters are not allowed.',
    });
    expect(await check('a'.repeat(15))).toMatchObject({
      status: 'invalid',
      message: 'Username must be less than 15 Characters.',
    });
    expect(await check('9lives')).toMatchObject({ status: 'invalid', message: 'Invalid value' });
    expect(await check(bob.user.username.toUpperCase())).toMatchObject({ status: 'taken' });
    expect(await check(ada.user.username)).toMatchObject({ status: 'yours' });
    expect(await check('freeName42')).toEqual({
      username: 'freeName42',
      status: 'available',
      message: 'freeName42 is available',
    });
  });

  it('changes the username and display name; a taken username is a 400 naming it', async () => {
    const path = `/api/users/${ada.user.id}`;
    const taken = await client.api(path, { method: 'PUT', token: ada.jwt, body: { username: bob.user.username } });
    expectFieldError(taken, 'username', 'This username is taken');
    const invalid = await client.api(path, { method: 'PUT', token: ada.jwt, body: { username: 'no way' } });
    expectFieldError(invalid, 'username', 'Spaces are not allowed.');
    const name = `ada${Date.now().toString(36).slice(-6)}`;
    const res = await client.api(path, {
      method: 'PUT',
      token: ada.jwt,
      body: { username: name, displayName: '  Ada Lovelace ' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ username: name, display_name: 'Ada Lovelace' });
    expect((await me(ada.jwt)).body).toMatchObject({ username: name, display_name: 'Ada Lovelace' });
    await signInAs(name, PASSWORD);
    expect(await check(name)).toMatchObject({ status: 'yours' });
  });

  it('changes the email only with the right current password; a taken one is refused', async () => {
    const path = `/api/users/${ada.user.id}`;
    const email = `new-${ada.user.id}@example.test`;
    expectFieldError(await client.api(path, { method: 'PUT', token: ada.jwt, body: { email } }), 'currentPassword');
    expectFieldError(
      await client.api(path, { method: 'PUT', token: ada.jwt, body: { email, currentPassword: 'nope' } }),
      'currentPassword',
      'The current password is not right',
    );
    expectFieldError(
      await client.api(path, {
        method: 'PUT',
        token: ada.jwt,
        body: { email: bob.user.email, currentPassword: PASSWORD },
      }),
      'email',
    );
    expectFieldError(
      await client.api(path, {
        method: 'PUT',
        token: ada.jwt,
        body: { email: 'not-an-email', currentPassword: PASSWORD },
      }),
      'email',
      'Email is not valid',
    );
    const res = await client.api(path, { method: 'PUT', token: ada.jwt, body: { email, currentPassword: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.email).toBe(email);
    await signInAs(email, PASSWORD);
  });

  it('is only ever your own: another user’s id is a 404', async () => {
    const res = await client.api(`/api/users/${bob.user.id}`, {
      method: 'PUT',
      token: ada.jwt,
      body: { displayName: 'x' },
    });
    expectError(res, 404);
    expect((await me(bob.jwt)).body.display_name).toBe('');
  });
});

describe('blocked sites', () => {
  let ada: Session;
  beforeAll(async () => {
    ada = await client.signUp('block');
  });
  const block = (host: unknown, token = ada.jwt) =>
    client.api('/api/blocked-sites', { token, body: { data: { host } } });

  it('keeps hosts and *.domain patterns, normalised, sorted and once each', async () => {
    expect((await block('Mail.Example.COM')).body).toEqual({ data: ['mail.example.com'] });
    expect((await block(' *.news.example ')).body).toEqual({ data: ['*.news.example', 'mail.example.com'] });
    expect((await block('mail.example.com')).body.data).toHaveLength(2);
    expect((await block('bücher.example')).body.data).toContain('xn--bcher-kva.example');
    const list = await client.api('/api/blocked-sites', { token: ada.jwt });
    expect(list.body.data).toEqual(['*.news.example', 'mail.example.com', 'xn--bcher-kva.example']);
  });

  it('refuses what is not a host or *.domain, naming the field', async () => {
    for (const bad of [
      '',
      'https://example.com/page',
      'exa mple.com',
      '*.',
      '*example.com',
      '-bad.example',
      'a/b',
      'user@host',
      'host:80',
      '*.*.example',
      5,
    ]) {
      const res = await block(bad);
      expectFieldError(res, 'data.host');
    }
    expect((await block('x'.repeat(300))).status).toBe(400);
  });

  it('removes one; one not in the list is a 404; each user has their own list', async () => {
    const removed = await client.api('/api/remove-block-sites', {
      token: ada.jwt,
      body: { data: { host: 'MAIL.example.com' } },
    });
    expect(removed.body).toEqual({ data: ['*.news.example', 'xn--bcher-kva.example'] });
    const again = await client.api('/api/remove-block-sites', {
      token: ada.jwt,
      body: { data: { host: 'mail.example.com' } },
    });
    expectError(again, 404);
    const bob = await client.signUp('blockb');
    expect((await client.api('/api/blocked-sites', { token: bob.jwt })).body).toEqual({ data: [] });
  });
});

/**
 * Every column of every table that references users(id), from the database's own catalogue (pg_constraint: the
 * information_schema views took ~100 ms a read). Read once: the schema does not change under the test.
 */
let userColumnsRead: Promise<{ table_name: string; column_name: string }[]> | undefined;
const userColumns = () =>
  (userColumnsRead ??= selectRows<{ table_name: string; column_name: string }>(
    app.database.db,
    sql`select c.conrelid::regclass::text as table_name, a.attname as column_name
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and c.confrelid = 'users'::regclass`,
  ));

/** What is left of a user anywhere: rows referencing them, rows naming them (any text column), their rate limits. */
async function leftovers(user: { id: number; username: string; email: string }) {
  const found: string[] = [];
  for (const { table_name, column_name } of await userColumns()) {
    const [row] = await selectRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${user.id}`,
    );
    if (row?.n) found.push(`${table_name}.${column_name}: ${row.n}`);
  }
  const tables = await selectRows<{ table_name: string }>(
    app.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  for (const { table_name } of tables) {
    const [row] = await selectRows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} t
          where t::text ilike ${`%${user.username}%`} or t::text ilike ${`%${user.email}%`}`,
    );
    if (row?.n) found.push(`${table_name} names them: ${row.n}`);
  }
  const [users] = await selectRows<{ n: number }>(
    app.database.db,
    sql`select count(*)::int as n from users where id = ${user.id}`,
  );
  if (users?.n) found.push('users');
  const [limits] = await selectRows<{ n: number }>(
    app.database.db,
    sql`select count(*)::int as n from rate_limits where key ~ ${`(^|:)user:${user.id}(:|$)`}`,
  );
  if (limits?.n) found.push(`rate_limits: ${limits.n}`);
  return { found, tables: tables.length, userColumns: (await userColumns()).length };
}

describe('deleting the account', () => {
  const upload = async (token: string) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'mine.png');
    form.append('isFeedbackImg', 'true');
    const res = await fetch(`${client.url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.text()).toBe(201);
  };

  it('needs the password typed again (a wrong one is a 400 naming it) and then deletes everything', async () => {
    const ada = await client.signUp('gone');
    const bob = await client.signUp('stays');
    const token = ada.jwt;
    const collection = await client.api('/api/collections', { token, body: { data: { name: 'Mine' } } });
    const child = await client.api('/api/collections', {
      token,
      body: { data: { name: 'Child', parent: collection.body.data.id } },
    });
    const tag = await client.api('/api/tags', { token, body: { data: { tag: 'mine' } } });
    const gem = await client.api('/api/gems', {
      token,
      body: gemBody({ collectionId: child.body.data.id, tags: [tag.body.data.id], notes: 'private' }),
    });
    const chat = await client.api('/api/chats', { token, body: { title: 'Mine' } });
    const key = await client.api('/api/ai-settings/keys/anthropic', {
      method: 'PUT',
      token,
      body: { apiKey: 'sk-ant-mine-1234' },
    });
    const feedback = await client.api('/api/feedbacks', {
      token,
      body: {
        data: {
          title: 'A bug',
          description: 'Steps',
          url: 'https://example.com/',
          category: 'Bug',
          tags: [],
          isExtension: true,
          imageLinks: [],
        },
      },
    });
    await client.api('/api/blocked-sites', { token, body: { data: { host: 'example.com' } } });
    await client.api(`/api/users/${ada.user.id}`, { method: 'PUT', token, body: { displayName: 'Gone Soon' } });
    await upload(token);
    await upload(token);
    await upload(bob.jwt);
    // shared both ways, accepted: ada's collection with bob, bob's with ada
    const bobs = await client.api('/api/collections', { token: bob.jwt, body: { data: { name: 'Bob’s' } } });
    const share = async (owner: string, collectionId: number, invitee: string, accepter: string) => {
      const invited = await client.api(`/api/collection-email/${collectionId}`, {
        token: owner,
        body: { data: { username: invitee, role: 'editor' } },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const accepted = await client.api(`/api/shares/${invited.body.data.id}/accept`, {
        method: 'POST',
        token: accepter,
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    };
    await share(token, collection.body.data.id, bob.user.username, bob.jwt);
    await share(bob.jwt, bobs.body.data.id, ada.user.username, token);
    expect([collection, child, tag, gem, chat].map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect([key.status, feedback.status]).toEqual([200, 201]);
    // a failed sign-in leaves a counter under the user's id
    await client.api('/api/auth/local', { body: { identifier: ada.user.username, password: 'wrong' } });
    const other = await signInAs(ada.user.email, PASSWORD, CHROME_UA);
    const filesBefore = readdirSync(app.dir);
    expect(filesBefore).toHaveLength(3);
    expect((await leftovers(ada.user)).found.length).toBeGreaterThan(5);

    const wrong = await client.api('/api/delete-userdata', {
      method: 'DELETE',
      token,
      body: { data: { password: 'nope' } },
    });
    expectFieldError(wrong, 'data.password', 'The current password is not right');
    expect((await me(token)).status).toBe(200);

    const res = await client.api('/api/delete-userdata', {
      method: 'DELETE',
      token,
      body: { data: { password: PASSWORD } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ deleted: true, files: 2 });
    expect(res.body.data.gems).toBeGreaterThanOrEqual(2); // the gem and the chat (a chat is a gem)

    const left = await leftovers(ada.user);
    expect(left.found).toEqual([]);
    expect(left.tables).toBeGreaterThan(25);
    expect(left.userColumns).toBeGreaterThan(15);
    expect(readdirSync(app.dir)).toHaveLength(1); // bob's file only
    expectError(await me(token), 401);
    expectError(await refresh(other.refreshToken), 401);
    expectError(await me(other.jwt), 401);
    expectError(await client.api('/api/auth/local', { body: { identifier: ada.user.email, password: PASSWORD } }), 400);
    // bob is untouched
    expect((await me(bob.jwt)).status).toBe(200);
    expect((await leftovers(bob.user)).found.length).toBeGreaterThan(3);
  });
});
