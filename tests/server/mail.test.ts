import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../lib/api/operator-contract';
import { configFromEnv } from '../../server/config';
import { composeMail } from '../../server/mail/compose';
import { checkMailConfig, createMailer } from '../../server/mail/mail';
import { expectError, makeDataDir, removeDataDir, SECRET, type Session, setupTestServer } from './harness';
import { linkIn, startTestSmtp, type TestSmtp } from './smtp-helpers';

/** Mail over a real SMTP server (smtp-server, parsed by mailparser), and "Forgot password?" end to end through it. */

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => smtp?.close());

const PUBLIC = 'https://trove.example.com/base';
const t = setupTestServer(() => ({ smtpUrl: smtp.url, mailFrom: 'Trove <trove@example.test>', publicUrl: PUBLIC }));

/** Posts the reset page's form as a browser does (multipart). */
async function submitReset(link: string, password: string, confirm = password) {
  const form = new FormData();
  form.append('password', password);
  form.append('confirm', confirm);
  const res = await fetch(localOf(link), { method: 'POST', body: form });
  return { status: res.status, text: await res.text(), headers: res.headers };
}
/** A link under PUBLIC_URL, as this test server serves it. */
const localOf = (link: string) => `${t.url}${link.slice(PUBLIC.length)}`;

describe('sendMail', () => {
  it('delivers text and escaped HTML through SMTP with the configured sender and credentials', async () => {
    const mailer = await createMailer({ smtpUrl: smtp.url, from: 'Trove <trove@example.test>' });
    const seen = smtp.received.length;
    const message = composeMail({
      subject: 'Hello <b>there</b>',
      paragraphs: ['A <script>alert(1)</script> & "quotes"'],
      link: { href: 'https://trove.example.com/x?a=1&b="2"', label: 'Open <it>' },
    });
    expect(await mailer.sendMail({ to: 'ada@example.test', ...message })).toEqual({ sent: true });
    const mail = await smtp.next(seen);
    mailer.close();
    expect(mail.subject).toBe('Hello <b>there</b>');
    expect(mail.from?.text).toBe('"Trove" <trove@example.test>');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ada@example.test');
    expect(mail.text).toContain('A <script>alert(1)</script> & "quotes"');
    expect(mail.text).toContain('Open <it>: https://trove.example.com/x?a=1&b="2"');
    const html = String(mail.html);
    expect(html).toContain('<p>A &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</p>');
    expect(html).toContain('<a href="https://trove.example.com/x?a=1&amp;b=&quot;2&quot;">Open &lt;it&gt;</a>');
    expect(html).not.toContain('<script>');
  });

  it('reports a refused login as failed, not thrown', async () => {
    const wrong = smtp.url.replace('smtp-secret', 'nope');
    const mailer = await createMailer({ smtpUrl: wrong, from: 'trove@example.test' });
    const outcome = await mailer.sendMail({ to: 'ada@example.test', subject: 's', text: 't' });
    mailer.close();
    expect(outcome.sent).toBe(false);
    expect(outcome.sent === false && outcome.reason).toBe('failed');
  });

  it('without SMTP says "not configured" and sends nothing', async () => {
    const mailer = await createMailer({});
    expect(mailer.configured).toBe(false);
    expect(await mailer.sendMail({ to: 'a@example.test', subject: 's', text: 't' })).toEqual({
      sent: false,
      reason: 'not configured',
    });
  });

  it('refuses a bad configuration at start, naming the variable', () => {
    expect(() => checkMailConfig({ smtpUrl: 'http://mail.example.com', from: 'a@b.c' })).toThrow(/TROVE_SMTP_URL/);
    expect(() => checkMailConfig({ smtpUrl: 'not a url', from: 'a@b.c' })).toThrow(/TROVE_SMTP_URL/);
    expect(() => checkMailConfig({ smtpUrl: 'smtps://u:p@mail.example.com' })).toThrow(/TROVE_MAIL_FROM/);
    const dataDir = makeDataDir();
    try {
      const config = configFromEnv({
        DATA_DIR: dataDir,
        TROVE_SECRET: SECRET,
        TROVE_SMTP_URL: 'smtps://u:p@mail.example.com:465',
        TROVE_MAIL_FROM: 'Trove <t@example.com>',
      });
      expect([config.smtpUrl, config.mailFrom]).toEqual(['smtps://u:p@mail.example.com:465', 'Trove <t@example.com>']);
      expect(() => configFromEnv({ DATA_DIR: dataDir, TROVE_SECRET: SECRET, TROVE_REGISTRATION: 'maybe' })).toThrow(
        /TROVE_REGISTRATION must be one of open, invite, closed/,
      );
    } finally {
      removeDataDir(dataDir);
    }
  });
});

describe('Forgot password? by mail', () => {
  it('says reset is by mail in the sign-in options', async () => {
    const res = await t.api('/api/auth/options');
    expect(res.body).toEqual({ data: { registration: 'open', passwordReset: 'mail', oidc: null } });
  });

  it('mails a one-time link; the page sets a strong password and signs out every session', async () => {
    const user = await t.signUp('forgot');
    const other = await t.signIn(user.user.email);
    const seen = smtp.received.length;
    const res = await t.api('/api/auth/forgot-password', { body: { identifier: user.user.username.toUpperCase() } });
    expect(res.status).toBe(202);
    expect(res.body.data.message).toBe(FORGOT_PASSWORD_ANSWER);
    const mail = await smtp.next(seen);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.user.email);
    expect(mail.subject).toBe('Reset your Trove password');
    const link = linkIn(mail, `${PUBLIC}/reset-password/`);
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{22}$/);

    const page = await fetch(localOf(link));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'.*form-action 'self'/);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(html).toContain(user.user.username);
    expect(html).toContain('<form method="post"');
    expect(html).not.toMatch(/<script/i);

    const weak = await submitReset(link, 'alllowercase');
    expect(weak.status).toBe(400);
    expect(weak.text).toContain(
      'The password needs an upper-case letter, a digit, a character other than a letter or digit.',
    );
    const mismatch = await submitReset(link, 'New-horse-42', 'New-horse-43');
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('The two passwords are not the same.');

    const done = await submitReset(link, 'New-horse-42');
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your password is changed');
    // every session ended: the access tokens and refresh tokens of both sign-ins
    for (const session of [user, other]) {
      expectError(await t.api('/api/users/me', { token: session.jwt }), 401);
      expectError(await t.api('/api/auth/refresh', { body: { refreshToken: session.refreshToken } }), 401);
    }
    expectError(
      await t.api('/api/auth/local', { body: { identifier: user.user.email, password: user.password } }),
      400,
    );
    expect((await t.signIn(user.user.email, 'New-horse-42')).user.id).toBe(user.user.id);
    // the link works once
    const again = await submitReset(link, 'Other-horse-42');
    expect(again.text).toContain('This link no longer works');
    expect(await (await fetch(localOf(link))).text()).toContain('This link no longer works');
  });

  it('answers an unknown account the same way and mails nothing', async () => {
    const known = await t.signUp('known');
    const seen = smtp.received.length;
    const unknown = await t.api('/api/auth/forgot-password', { body: { identifier: 'nobody-here@example.test' } });
    const sent = await t.api('/api/auth/forgot-password', { body: { identifier: known.user.email } });
    expect([unknown.status, unknown.body]).toEqual([sent.status, sent.body]);
    const mail = await smtp.next(seen);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(known.user.email);
    expect(smtp.received.slice(seen).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual([
      known.user.email,
    ]);
  });

  it('a newer link replaces the older one', async () => {
    const user = await t.signUp('twice');
    const seen = smtp.received.length;
    await t.api('/api/auth/forgot-password', { body: { identifier: user.user.email } });
    const first = linkIn(await smtp.next(seen), `${PUBLIC}/reset-password/`);
    await t.api('/api/auth/forgot-password', { body: { identifier: user.user.email } });
    const second = linkIn(await smtp.next(seen + 1), `${PUBLIC}/reset-password/`);
    expect(second).not.toBe(first);
    expect((await submitReset(first, 'New-horse-42')).text).toContain('This link no longer works');
    expect((await submitReset(second, 'New-horse-42')).status).toBe(200);
  });

  it('is limited per account, with the same answer for every account', async () => {
    const user = await t.signUp('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await t.api('/api/auth/forgot-password', { body: { identifier: user.user.email } })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const unknown = 'limited-nobody@example.test';
    for (let i = 0; i < 3; i += 1) await t.api('/api/auth/forgot-password', { body: { identifier: unknown } });
    expectError(await t.api('/api/auth/forgot-password', { body: { identifier: unknown } }), 429);
    expect(
      (await t.api('/api/auth/forgot-password', { body: { identifier: '' } })).body.error.details.errors[0].path,
    ).toBe('identifier');
  });
});

describe('sharing invitations by mail', () => {
  /** The first mail to `address` from the `from`th on (others' mails may still be arriving). */
  const mailTo = async (address: string, from: number) => {
    for (let i = from; ; i++) {
      const mail = await smtp.next(i);
      if (mail.to && !Array.isArray(mail.to) && mail.to.text === address) return mail;
    }
  };

  it("mails the invitee (the account's address, or the address invited) who shared what, as which role", async () => {
    const owner = await t.signUp('mailowner');
    const friend = await t.signUp('mailfriend');
    const made = await t.api('/api/collections', { token: owner.jwt, body: { data: { name: 'Tea <notes>' } } });
    const id = (made.body as { data: { id: number } }).data.id;

    const seen = smtp.received.length;
    const byName = await t.api(`/api/collection-email/${id}`, {
      token: owner.jwt,
      body: { data: { username: friend.user.username, role: 'editor' } },
    });
    expect(byName.status).toBe(201);
    const first = await mailTo(friend.user.email, seen);
    expect(first.subject).toBe(`${owner.user.username} shared the collection "Tea <notes>" with you on Trove`);
    expect(first.text).toContain('as editor');
    expect(first.text).toContain('Shared with me');
    expect(String(first.html)).toContain('&quot;Tea &lt;notes&gt;&quot;');

    const byAddress = await t.api(`/api/collection-email/${id}`, {
      token: owner.jwt,
      body: { data: { email: 'newcomer@example.test', role: 'viewer' } },
    });
    expect(byAddress.status).toBe(201);
    const second = await mailTo('newcomer@example.test', seen);
    expect(second.text).toContain('sign up on that server with this address (newcomer@example.test)');
  });

  it('mails an invitation to a team the same way, saying where to accept it', async () => {
    const lead = await t.signUp('maillead');
    const mate = await t.signUp('mailmate');
    const made = await t.api('/api/teams', { token: lead.jwt, body: { data: { name: 'Band' } } });
    const teamId = (made.body as { data: { id: number } }).data.id;
    const seen = smtp.received.length;
    const invited = await t.api(`/api/teams/${teamId}/members`, {
      token: lead.jwt,
      body: { data: { username: mate.user.username, role: 'admin' } },
    });
    expect(invited.status).toBe(201);
    const mail = await mailTo(mate.user.email, seen);
    expect(mail.subject).toBe(`${lead.user.username} invited you to the team "Band" on Trove`);
    expect(mail.text).toContain('as admin');
    expect(mail.text).toContain('options page: the invitation is under Teams');
  });
});

describe('changing the email with SMTP: a link to the new address, a notice to the old one', () => {
  /** The first mail to `address` from the `from`th on. */
  const mailTo = async (address: string, from: number) => {
    for (let i = from; ; i++) {
      const mail = await smtp.next(i);
      if (mail.to && !Array.isArray(mail.to) && mail.to.text === address) return mail;
    }
  };
  const askChange = (session: Session, email: string, currentPassword = session.password) =>
    t.api(`/api/users/${session.user.id}`, { method: 'PUT', token: session.jwt, body: { email, currentPassword } });
  const emailOf = async (session: Session) => (await t.api('/api/users/me', { token: session.jwt })).body.email;
  const confirm = async (link: string, form = { confirm: 'yes' }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) body.append(name, value);
    const res = await fetch(localOf(link), { method: 'POST', body });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };

  it('keeps the old email until the link is confirmed; the link works once', async () => {
    const user = await t.signUp('newmail');
    const oldEmail = user.user.email;
    const newEmail = `moved-${user.user.username}@example.test`;
    const seen = smtp.received.length;
    const res = await askChange(user, newEmail);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(oldEmail);
    expect(res.body.pending_email).toBe(newEmail);
    expect(await emailOf(user)).toBe(oldEmail);

    const confirmMail = await mailTo(newEmail, seen);
    expect(confirmMail.subject).toBe('Confirm your new email for Trove');
    const link = linkIn(confirmMail, `${PUBLIC}/confirm-email/`);
    expect(link).toMatch(/\/confirm-email\/[A-Za-z0-9_-]{22}$/);
    const notice = await mailTo(oldEmail, seen);
    expect(notice.subject).toBe('Your Trove email is about to change');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain('/confirm-email/');

    // opening the link (as a mail scanner does) changes nothing; the page's button does
    const page = await fetch(localOf(link));
    const html = await page.text();
    expect(page.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'.*form-action 'self'/);
    expect(html).toContain(newEmail);
    expect(html).toContain('<form method="post"');
    expect(html).not.toMatch(/<script/i);
    expect(await emailOf(user)).toBe(oldEmail);

    const done = await confirm(link);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your email is changed');
    expect(await emailOf(user)).toBe(newEmail);
    expect((await t.signIn(newEmail, user.password)).user.id).toBe(user.user.id);
    expectError(await t.api('/api/auth/local', { body: { identifier: oldEmail, password: user.password } }), 400);

    expect((await confirm(link)).text).toContain('This link no longer works');
    expect(await (await fetch(localOf(link))).text()).toContain('This link no longer works');
  });

  it('a newer request ends the older link', async () => {
    const user = await t.signUp('twomails');
    const seen = smtp.received.length;
    await askChange(user, `first-${user.user.username}@example.test`);
    const first = linkIn(await mailTo(`first-${user.user.username}@example.test`, seen), `${PUBLIC}/confirm-email/`);
    await askChange(user, `second-${user.user.username}@example.test`);
    const second = linkIn(await mailTo(`second-${user.user.username}@example.test`, seen), `${PUBLIC}/confirm-email/`);

    expect((await confirm(first)).text).toContain('This link no longer works');
    expect(await emailOf(user)).toBe(user.user.email);
    expect((await confirm(second)).status).toBe(200);
    expect(await emailOf(user)).toBe(`second-${user.user.username}@example.test`);
  });

  it('refuses an address another account took meanwhile (409), keeping the email and the link', async () => {
    const user = await t.signUp('racer');
    const wanted = `wanted-${user.user.username}@example.test`;
    const seen = smtp.received.length;
    await askChange(user, wanted);
    const link = linkIn(await mailTo(wanted, seen), `${PUBLIC}/confirm-email/`);
    const other = await t.signUp('taker');
    const moved = await t.api(`/api/users/${other.user.id}`, {
      method: 'PUT',
      token: other.jwt,
      body: { email: wanted, currentPassword: other.password },
    });
    expect(moved.status).toBe(200);
    // the other account's change waits for its own link; confirmed, the address is theirs
    let otherLink = link;
    for (let i = seen; otherLink === link; i++) {
      const mail = await mailTo(wanted, i);
      otherLink = linkIn(mail, `${PUBLIC}/confirm-email/`);
      i = smtp.received.indexOf(mail);
    }
    expect((await confirm(otherLink)).status).toBe(200);
    const refused = await confirm(link);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('This email cannot be used');
    expect(await emailOf(user)).toBe(user.user.email);
  });

  it('still needs the current password, and refuses a form of another content type', async () => {
    const user = await t.signUp('nopass');
    const seen = smtp.received.length;
    expectError(await askChange(user, `x-${user.user.username}@example.test`, 'wrong-password'), 400);
    const res = await fetch(`${t.url}/confirm-email/AAAAAAAAAAAAAAAAAAAAAA`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(smtp.received.slice(seen).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).not.toContain(
      `x-${user.user.username}@example.test`,
    );
  });
});
