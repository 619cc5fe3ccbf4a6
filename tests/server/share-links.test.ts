/**
 * Share links (server/features/share-links/): one app over one database (PGlite, or PostgreSQL in server-postgres).
 * A matrix from one table of link states × visitors × shared resources, checked on the plain page (/s/{token}) and
 * through the API a signed-in library reads it with; password guessing limited; a million random tokens finding
 * nothing; the public pages' XSS corpus on a link page; management by the owner only.
 */
import { createHash, hash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { openedLinkSchema, type ShareLink, shareLinkSchema } from '../../lib/api/share-link-contract';
import { selectRows } from '../../server/db/rows';
import { PASSWORD_LIMITS } from '../../server/features/share-links/open';
import { expectError, expectFieldError, gemBody, type Session, setupInProcessApp } from './harness';
import { OWN_TAGS, XSS } from './xss-corpus';

const app = setupInProcessApp();
const { client } = app;
let owner: Session;
let friend: Session;
let other: Session;

beforeAll(async () => {
  owner = await client.signUp('linker');
  friend = await client.signUp('friend');
  other = await client.signUp('other');
});

const forgetGuesses = () =>
  app.database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'share-link:password:%'`);

const linkOf = (body: unknown): ShareLink => dataOf(shareLinkSchema).parse(body).data;

async function created(path: string, body: unknown, token = owner.jwt): Promise<number> {
  const res = await client.api(path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}
const collection = (name: string, parentId?: number) => created('/api/collections', { data: { name, parentId } });
const gem = (title: string, data: Record<string, unknown> = {}) =>
  created('/api/gems', gemBody({ title, url: `https://example.com/${encodeURIComponent(title)}`, ...data }));

async function makeLink(path: string, data: Record<string, unknown> = {}): Promise<ShareLink> {
  const res = await client.api(path, { token: owner.jwt, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return linkOf(res.body);
}

/** Plain pages, as a browser without the extension asks for them. */
async function page(path: string, init: RequestInit = {}) {
  const res = await fetch(`${client.url}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { accept: 'text/html,application/xhtml+xml', ...init.headers },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const postPassword = (token: string, password: string) =>
  page(`/s/${token}`, { method: 'POST', body: new URLSearchParams({ password }) });

// ---------------------------------------------------------------------------------------------------------------
// The matrix: each row is a link state, each column a visitor, each cell what they get; run for every resource.

type Outcome = 'shown' | 'form' | 'wrong' | 'trove' | 'missing';
type Visitor = 'page' | 'other' | 'friend';
type State =
  | 'anyone'
  | 'signed-in'
  | 'listed emails'
  | 'password, none given'
  | 'password, wrong'
  | 'password, right'
  | 'expired'
  | 'disabled'
  | 'regenerated, old token'
  | 'deleted';

const MATRIX: Record<State, Record<Visitor, Outcome>> = {
  anyone: { page: 'shown', other: 'shown', friend: 'shown' },
  'signed-in': { page: 'trove', other: 'shown', friend: 'shown' },
  'listed emails': { page: 'trove', other: 'missing', friend: 'shown' },
  'password, none given': { page: 'form', other: 'form', friend: 'form' },
  'password, wrong': { page: 'wrong', other: 'wrong', friend: 'wrong' },
  'password, right': { page: 'shown', other: 'shown', friend: 'shown' },
  expired: { page: 'missing', other: 'missing', friend: 'missing' },
  disabled: { page: 'missing', other: 'missing', friend: 'missing' },
  'regenerated, old token': { page: 'missing', other: 'missing', friend: 'missing' },
  deleted: { page: 'missing', other: 'missing', friend: 'missing' },
};

type Resource = 'collection' | 'sub-collection' | 'tag' | 'gem' | 'trashed gem';
const RESOURCES: Resource[] = ['collection', 'sub-collection', 'tag', 'gem', 'trashed gem'];

const PASSWORD = 'open sesame';
let seq = 0;

/** A fresh resource holding one gem titled `title`, and the route that shares it by a link. */
async function resource(kind: Resource, title: string): Promise<{ linkPath: string; trash?: number }> {
  seq += 1;
  if (kind === 'collection') {
    const id = await collection(`Shared ${seq}`);
    await gem(title, { collectionId: id });
    return { linkPath: `/api/collection-link/${id}` };
  }
  if (kind === 'sub-collection') {
    const id = await collection(`Parent ${seq}`);
    const sub = await collection(`Child ${seq}`, id);
    await gem(title, { collectionId: sub });
    return { linkPath: `/api/collection-link/${id}` };
  }
  if (kind === 'tag') {
    await gem(title, { tags: [`shared-${seq}`] });
    const [tag] = await selectRows<{ id: number }>(
      app.database.db,
      sql`SELECT id FROM tags WHERE owner_id = ${owner.user.id} AND name = ${`shared-${seq}`}`,
    );
    return { linkPath: `/api/tags/${tag?.id}/link` };
  }
  const id = await gem(title);
  return { linkPath: `/api/gems/${id}/link`, trash: kind === 'trashed gem' ? id : undefined };
}

/** Puts a new link in the state; returns the token visitors use. */
async function linkIn(state: State, kind: Resource, title: string): Promise<string> {
  const { linkPath, trash } = await resource(kind, title);
  const settings: Record<string, unknown> =
    state === 'signed-in'
      ? { accessType: 'signed-in' }
      : state === 'listed emails'
        ? { accessType: 'emails', allowEmail: [friend.user.email.toUpperCase()] }
        : state.startsWith('password')
          ? { password: PASSWORD }
          : state === 'expired'
            ? { expiresAt: new Date(Date.now() - 60_000).toISOString() }
            : state === 'disabled'
              ? { disabled: true }
              : {};
  const link = await makeLink(linkPath, settings);
  if (trash) expect((await client.api(`/api/gems/${trash}`, { token: owner.jwt, method: 'DELETE' })).status).toBe(200);
  if (state === 'regenerated, old token') {
    const res = await client.api(`/api/share-links/${link.id}/regenerate`, { token: owner.jwt, method: 'POST' });
    const fresh = linkOf(res.body);
    expect(fresh.token).not.toBe(link.token);
    expect((await page(`/s/${fresh.token}`)).status).toBe(trash ? 404 : 200);
  }
  if (state === 'deleted')
    expect((await client.api(`/api/share-links/${link.id}`, { token: owner.jwt, method: 'DELETE' })).status).toBe(200);
  return link.token;
}

let notFoundPage = '';

async function pageOutcome(state: State, token: string, title: string): Promise<Outcome> {
  let res = await page(`/s/${token}`);
  if (state === 'password, wrong' && res.text.includes('This link needs a password'))
    res = await postPassword(token, 'not it');
  if (state === 'password, right' && res.text.includes('This link needs a password')) {
    const posted = await postPassword(token, PASSWORD);
    expect(posted.status).toBe(303);
    const cookie = posted.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain(`Path=/s/${token}`);
    res = await page(`/s/${token}`, { headers: { Cookie: cookie.split(';')[0] ?? '' } });
  }
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  if (res.status === 404) {
    expect(res.text).toBe(notFoundPage);
    return 'missing';
  }
  if (res.status === 401) return 'wrong';
  if (res.text.includes('Open this link in Trove')) return 'trove';
  if (res.text.includes('This link needs a password')) return 'form';
  expect(res.status).toBe(200);
  expect(res.text).toContain(title);
  return 'shown';
}

async function apiOutcome(state: State, token: string, title: string, who: Session): Promise<Outcome> {
  const password = state === 'password, wrong' ? 'not it' : state === 'password, right' ? PASSWORD : undefined;
  const res = await client.api(`/api/share-links/open/${token}`, {
    token: who.jwt,
    body: { data: password === undefined ? {} : { password } },
  });
  if (res.status === 404) {
    expectError(res, 404);
    expect((res.body as { error: { message: string } }).error.message).toBe('No link at this address');
    return 'missing';
  }
  if (res.status === 403) {
    expectError(res, 403);
    expect((res.body as { error: { details: unknown } }).error.details).toMatchObject({
      errors: [{ path: 'data.password' }],
    });
    return password ? 'wrong' : 'form';
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const opened = dataOf(openedLinkSchema).parse(res.body).data;
  expect(opened.gems.map((g) => g.title)).toEqual([title]);
  return 'shown';
}

describe('the matrix: link state × visitor × resource, on the page and through the API', () => {
  beforeAll(async () => {
    notFoundPage = (await page('/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).text;
    expect(notFoundPage).toContain('Not found');
  });
  beforeEach(forgetGuesses);

  for (const kind of RESOURCES)
    for (const [state, visitors] of Object.entries(MATRIX) as [State, Record<Visitor, Outcome>][])
      it(`${kind}, ${state}`, async () => {
        const title = `Gem ${kind} ${state}`;
        const token = await linkIn(state, kind, title);
        const expected = (v: Visitor): Outcome => (kind === 'trashed gem' ? 'missing' : visitors[v]);
        expect(await pageOutcome(state, token, title)).toBe(expected('page'));
        expect(await apiOutcome(state, token, title, other)).toBe(expected('other'));
        expect(await apiOutcome(state, token, title, friend)).toBe(expected('friend'));
      });

  it('answers a signed-out API reader 401, and counts each open', async () => {
    const token = await linkIn('anyone', 'collection', 'Counted');
    expect((await client.api(`/api/share-links/open/${token}`, { body: { data: {} } })).status).toBe(401);
    await page(`/s/${token}`);
    await page(`/s/${token}?q=counted`);
    await apiOutcome('anyone', token, 'Counted', friend);
    const list = await client.api('/api/collection-link', { token: owner.jwt });
    const link = (list.body as { data: ShareLink[] }).data.find((l) => l.token === token);
    expect(link?.accessCount).toBe(3);
    expect(link?.lastAccessAt).not.toBeNull();
  });
});

describe('what a link page shows', () => {
  it('leaves notes out unless the owner exposes them; lists a collection 20 a page with its tags', async () => {
    const id = await collection('Paged');
    for (let i = 1; i <= 23; i += 1) {
      const gemId = await gem(`Paged ${String(i).padStart(2, '0')}`, { collectionId: id, tags: i % 2 ? ['odd'] : [] });
      const notes = { token: owner.jwt, method: 'PUT', body: { data: { notes: 'private thoughts' } } };
      expect((await client.api(`/api/gems/${gemId}`, notes)).status).toBe(200);
    }
    const link = await makeLink(`/api/collection-link/${id}`);
    const first = await page(`/s/${link.token}`);
    expect(first.text.match(/<li class="gem">/g)).toHaveLength(20);
    expect(first.text).not.toContain('private thoughts');
    expect(first.text).toContain('odd <span class="count">(12)</span>');
    const second = await page(`/s/${link.token}?page=2`);
    expect(second.text.match(/<li class="gem">/g)).toHaveLength(3);
    const odd = await page(`/s/${link.token}?tag=odd`);
    expect(odd.text).toContain('12 gems found');
    await makeLink(`/api/collection-link/${id}`, { showNotes: true });
    expect((await page(`/s/${link.token}?q=${encodeURIComponent('"Paged 23"')}`)).text).toContain('private thoughts');
  });
});

describe('managing links: the owner only', () => {
  it('answers 404 to anyone else on every management route, and names a missing address list', async () => {
    const id = await collection('Mine');
    const link = await makeLink(`/api/collection-link/${id}`);
    const tries: [string, string, unknown?][] = [
      ['POST', `/api/collection-link/${id}`, { data: {} }],
      ['POST', `/api/collections/${id}/generatelink`],
      ['POST', `/api/collection/${id}/disable-link`, { data: { disabled: true } }],
      ['POST', `/api/collection/${id}/password`, { data: { password: 'x1234' } }],
      ['PUT', `/api/share-links/${link.id}`, { data: { disabled: true } }],
      ['POST', `/api/share-links/${link.id}/regenerate`],
      ['DELETE', `/api/share-links/${link.id}`],
    ];
    for (const [method, path, body] of tries)
      expectError(await client.api(path, { token: other.jwt, method, body }), 404);
    const theirs = await client.api('/api/collection-link', { token: other.jwt });
    expect((theirs.body as { data: ShareLink[] }).data.map((l) => l.id)).not.toContain(link.id);
    expect((await page(`/s/${link.token}`)).status).toBe(200);
    const bad = await client.api(`/api/collection-link/${id}`, {
      token: owner.jwt,
      body: { data: { accessType: 'emails' } },
    });
    expectFieldError(bad, 'data.allowEmail');
  });

  it('disables, enables, sets and removes the password through the collection routes', async () => {
    const id = await collection('Toggled');
    await gem('Toggled gem', { collectionId: id });
    const link = await makeLink(`/api/collection-link/${id}`);
    const post = (path: string, data: unknown) => client.api(path, { token: owner.jwt, body: { data } });
    expect(linkOf((await post(`/api/collection/${id}/disable-link`, { disabled: true })).body).disabled).toBe(true);
    expect((await page(`/s/${link.token}`)).status).toBe(404);
    expect(linkOf((await post(`/api/collection/${id}/disable-link`, { disabled: false })).body).disabled).toBe(false);
    expect((await page(`/s/${link.token}`)).text).toContain('Toggled gem');
    expect(linkOf((await post(`/api/collection/${id}/password`, { password: 'pass-1234' })).body).hasPassword).toBe(
      true,
    );
    expect((await page(`/s/${link.token}`)).text).toContain('This link needs a password');
    expect(linkOf((await post(`/api/collection/${id}/password`, { password: null })).body).hasPassword).toBe(false);
    expect((await page(`/s/${link.token}`)).text).toContain('Toggled gem');
    const regenerated = linkOf((await post(`/api/collections/${id}/generatelink`, undefined)).body);
    expect((await page(`/s/${link.token}`)).status).toBe(404);
    expect((await page(`/s/${regenerated.token}`)).status).toBe(200);
  });

  it('stores no token in clear: the table holds its SHA-256 and a ciphertext', async () => {
    const link = await makeLink(`/api/collection-link/${await collection('Stored')}`);
    const rows = await selectRows<{ token_hash: string; token_encrypted: string }>(
      app.database.db,
      sql`SELECT token_hash, token_encrypted FROM share_links WHERE id = ${link.id}`,
    );
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(rows[0]?.token_encrypted).not.toContain(link.token);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(24);
  });
});

describe('password guessing', () => {
  beforeEach(forgetGuesses);

  it('refuses the guess after the limit per address, even the right one, until the window passes', async () => {
    const link = await makeLink(`/api/gems/${await gem('Guarded')}/link`, { password: PASSWORD });
    for (let i = 0; i < PASSWORD_LIMITS.perAddress.max; i += 1)
      expect((await postPassword(link.token, `guess ${i}`)).status).toBe(401);
    const refused = await postPassword(link.token, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many tries');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // the API path shares the limit
    expectError(
      await client.api(`/api/share-links/open/${link.token}`, {
        token: other.jwt,
        body: { data: { password: PASSWORD } },
      }),
      429,
    );
    // the window passes (moved back on the database clock, which the limits read)
    await app.database.db.execute(
      sql`UPDATE rate_limits SET window_start = window_start - make_interval(secs => ${PASSWORD_LIMITS.perAddress.windowSeconds + 1}) WHERE key LIKE 'share-link:password:%'`,
    );
    expect((await postPassword(link.token, PASSWORD)).status).toBe(303);
  });

  it('also limits guesses per link, whatever the address', async () => {
    const link = await makeLink(`/api/gems/${await gem('Guarded twice')}/link`, { password: PASSWORD });
    for (let i = 0; i < PASSWORD_LIMITS.perLink.max; i += 1) {
      // a new address every time: only the link's own counter grows
      await app.database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'share-link:password:address:%'`);
      expect((await postPassword(link.token, `guess ${i}`)).status).toBe(401);
    }
    await app.database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'share-link:password:address:%'`);
    expect((await postPassword(link.token, PASSWORD)).status).toBe(429);
  });
});

describe('escaping: the public pages’ XSS corpus on link pages', () => {
  it('writes only its own tags and no script or data address, on a collection and a gem page', async () => {
    const id = await collection(`${XSS[0]} & ${XSS[1]}`);
    let gemId = 0;
    for (const [i, payload] of XSS.entries()) {
      gemId = await gem(`${payload} ${i}`, {
        collectionId: id,
        description: XSS[(i + 1) % XSS.length],
        text: `quince ${XSS[(i + 2) % XSS.length]}`,
        tags: [`t${i} ${payload}`.slice(0, 100)],
      });
      const notes = { token: owner.jwt, method: 'PUT', body: { data: { notes: XSS[(i + 3) % XSS.length] } } };
      expect((await client.api(`/api/gems/${gemId}`, notes)).status).toBe(200);
    }
    const list = await makeLink(`/api/collection-link/${id}`, { showNotes: true });
    const one = await makeLink(`/api/gems/${gemId}/link`, { showNotes: true });
    for (const path of [
      `/s/${list.token}`,
      `/s/${list.token}?q=quince`,
      `/s/${list.token}?q=${encodeURIComponent(XSS[0] ?? '')}&tag=${encodeURIComponent(`t1 ${XSS[1]}`)}`,
      `/s/${one.token}`,
    ]) {
      const { text, headers } = await page(path);
      const tags = new Set([...text.matchAll(/<\/?([a-z0-9!]+)/gi)].map((m) => m[1]?.toLowerCase()));
      expect(
        [...tags].filter((tag) => !OWN_TAGS.has(tag ?? '')),
        path,
      ).toEqual([]);
      expect(text).not.toMatch(/(href|src|content|action)="(javascript|data):/i);
      expect(text.match(/<style>/g)).toHaveLength(1);
      expect(text).not.toContain('\u0000');
      expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });
});

describe('guessing tokens', () => {
  it('finds nothing among a million random tokens (their hashes asked of the lookup column) nor 300 over HTTP', async () => {
    for (let i = 0; i < 5; i += 1) await makeLink(`/api/gems/${await gem(`Probed ${i}`)}/link`);
    const [{ n: links } = { n: 0 }] = await selectRows<{ n: number }>(
      app.database.db,
      sql`SELECT count(*)::int AS n FROM share_links`,
    );
    expect(links).toBeGreaterThanOrEqual(5);
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i += 1) statuses.add((await page(`/s/${randomBytes(24).toString('base64url')}`)).status);
    expect([...statuses]).toEqual([404]);
    // What this measures: that none of 10^6 tokens drawn as the server draws them (24 random bytes) hashes to a stored
    // token_hash, the column /s/{token} looks a visit up by. The stored hashes are read once and the million compared
    // with them in memory (asking the database 10^6 times cost ~30 s of CPU on PGlite for the same answer); the 300
    // tokens above went through the route itself.
    const stored = new Set(
      (await selectRows<{ h: string }>(app.database.db, sql`SELECT token_hash AS h FROM share_links`)).map((r) => r.h),
    );
    let found = 0;
    const started = performance.now();
    for (let chunk = 0; chunk < 10; chunk += 1) {
      const pool = randomBytes(24 * 100_000);
      for (let i = 0; i < 100_000; i += 1)
        if (stored.has(hash('sha256', pool.subarray(i * 24, i * 24 + 24).toString('base64url')))) found += 1;
    }
    console.info(`share-links probe: 10^6 token hashes compared in ${Math.round(performance.now() - started)} ms`);
    expect(found).toBe(0);
  }, 180_000);
});
