/**
 * Custom sites: a public collection served under `/sites/{name}` and on its own domain once verified by a token at
 * `http(s)://{domain}/.well-known/trove-verify.txt`. The "domain" here is `localhost:{port}` of a local HTTP server
 * the test runs, reached through the link checks' page fetcher with its test allowance for that one address (any
 * other loopback address stays refused, as for user endpoints); pages are asked of Trove with that Host header.
 */
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { type CustomSite, customSiteSchema } from '../../lib/api/custom-site-contract';
import { PAGE_FETCH_DEFAULTS } from '../../server/features/links/page-fetch';
import { expectError, expectFieldError, type Session, startTestServer, type TestServer } from './harness';

let t: TestServer;
let tokens: Server;
let trap: Server;
let domain: string;
let trapDomain: string;
/** What the token server answers at the well-known path. */
let serve: (res: ServerResponse) => void = (res) => res.writeHead(404).end();
const trapHits: string[] = [];

const listen = (handler: (req: { url?: string }, res: ServerResponse) => void) =>
  new Promise<Server>((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  tokens = await listen((req, res) =>
    req.url === '/.well-known/trove-verify.txt' ? serve(res) : res.writeHead(404).end(),
  );
  trap = await listen((req, res) => {
    trapHits.push(req.url ?? '');
    res.writeHead(200).end('secret');
  });
  domain = `localhost:${portOf(tokens)}`;
  trapDomain = `localhost:${portOf(trap)}`;
  t = await startTestServer({
    siteVerification: { ...PAGE_FETCH_DEFAULTS, timeoutMs: 3_000, allowedTestAddress: `127.0.0.1:${portOf(tokens)}` },
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([tokens, trap].map((s) => new Promise((resolve) => s?.close(resolve))));
});

/** A 409 whose field error names `path` with `message`. */
function expectConflict(res: { status: number; body: unknown }, path: string, message: string) {
  expectError(res as Parameters<typeof expectError>[0], 409);
  expect((res.body as { error: { details: { errors: unknown[] } } }).error.details.errors).toEqual([{ path, message }]);
}

const siteOf = (body: unknown): CustomSite => dataOf(customSiteSchema).parse(body).data;

/** GET `path` of Trove with the given Host header (HTML asked for). */
function visit(path: string, host: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host, Accept: 'text/html' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function publicCollection(s: Session, name: string, publish = true) {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id as number;
  if (publish) {
    const pub = await t.api(`/api/collections/${id}/public`, {
      token: s.jwt,
      method: 'PUT',
      body: { data: { isPublic: true } },
    });
    expect(pub.status).toBe(200);
  }
  return id;
}

const bindDomain = (s: Session, collectionId: number, d: string) =>
  t.api('/api/assign-collection-to-domain', { token: s.jwt, body: { data: { collectionId, domain: d } } });
const verify = (s: Session, collectionId: number) =>
  t.api('/api/verify-cname', { token: s.jwt, body: { data: { collectionId } } });
const remove = (s: Session, collectionId: number) =>
  t.api(`/api/remove-collection-to-domain?collectionId=${collectionId}`, { token: s.jwt, method: 'DELETE' });

describe('a domain', () => {
  it('is bound unverified (serving nothing), verified by its token, served by Host, and removed', async () => {
    const ada = await t.signUp('site');
    const id = await publicCollection(ada, 'Reading list');
    const sub = await t.api('/api/collections', { token: ada.jwt, body: { data: { name: 'Essays', parentId: id } } });
    expect(sub.status).toBe(201);
    const gem = await t.api('/api/gems', {
      token: ada.jwt,
      body: { data: { title: 'A fine essay', url: 'https://example.com/essay', collectionId: sub.body.data.id } },
    });
    expect(gem.status, JSON.stringify(gem.body)).toBe(201);

    const bound = siteOf((await bindDomain(ada, id, `HTTPS://${domain.toUpperCase()}/`)).body);
    expect(bound).toMatchObject({ domain, bindingType: 'domain', verified: false, customDomain: null });
    expect(bound.verificationToken).toMatch(/^trove-verify-[\w-]{22}$/);
    const unknown = await visit('/', 'nobody.example.com');
    const unverified = await visit('/', domain);
    expect(unverified.status).toBe(404);
    expect(unverified.text).toBe(unknown.text);

    serve = (res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('someone else');
    const wrong = await verify(ada, id);
    expectFieldError(wrong, 'domain');
    expect(wrong.body.error.message).toContain('the file does not hold the token');
    expect((await visit('/', domain)).status).toBe(404);

    serve = (res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`${bound.verificationToken}\n`);
    const ok = await verify(ada, id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(siteOf(ok.body)).toMatchObject({ verified: true, customDomain: `http://${domain}/` });

    const page = await visit('/', domain);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Reading list</h1>');
    expect(page.text).toContain('<a href="/essays">Essays</a>');
    expect(page.text).not.toContain(`href="/${ada.user.username}/`);
    const essays = await visit('/essays', domain);
    expect(essays.status).toBe(200);
    expect(essays.text).toContain('A fine essay');
    expect((await visit('/feed.rss', domain)).text).toContain('<rss version="2.0"');
    expect((await visit('/no/such/part', domain)).status).toBe(404);
    expect((await visit('/uploads/x.png', domain)).status).toBe(404);

    const unpublished = await t.api(`/api/collections/${id}/public`, { token: ada.jwt, method: 'DELETE' });
    expect(unpublished.status).toBe(200);
    expect((await visit('/', domain)).status).toBe(404);
    const republished = await t.api(`/api/collections/${id}/public`, {
      token: ada.jwt,
      method: 'PUT',
      body: { data: { isPublic: true } },
    });
    expect(republished.status).toBe(200);
    expect((await visit('/', domain)).status).toBe(200);

    const gone = await remove(ada, id);
    expect(siteOf(gone.body)).toMatchObject({ domain: null, bindingType: 'none', verified: false });
    expect((await visit('/', domain)).status).toBe(404);
  });

  it('is a 409 when another collection has it, and another user’s collection cannot be bound', async () => {
    const ada = await t.signUp('sitea');
    const bob = await t.signUp('siteb');
    const adas = await publicCollection(ada, 'Ada’s');
    const bobs = await publicCollection(bob, 'Bob’s');
    expect((await bindDomain(ada, adas, 'links.example.com')).status).toBe(200);
    expectConflict(
      await bindDomain(bob, bobs, 'links.example.com'),
      'data.domain',
      'This domain is already bound to a collection',
    );
    expectError(await bindDomain(bob, adas, 'bob.example.com'), 404);
    expectError(await verify(bob, adas), 404);
    expectError(await remove(bob, adas), 404);
    expectError(await t.api(`/api/fetch-collection-domain-details?collectionId=${adas}`, { token: bob.jwt }), 404);
    const details = await t.api(`/api/fetch-collection-domain-details?collectionId=${adas}`, { token: ada.jwt });
    expect(siteOf(details.body).domain).toBe('links.example.com');
  });

  it('refuses what is not a domain, and this server’s own address', async () => {
    const ada = await t.signUp('sitebad');
    const id = await publicCollection(ada, 'Bad');
    for (const bad of ['127.0.0.1', 'example.com/path', 'exa mple.com', ''])
      expectFieldError(await bindDomain(ada, id, bad), 'data.domain');
    // The server's own name, as the request reached it.
    const own = await t.api('/api/assign-collection-to-domain', {
      token: ada.jwt,
      headers: { Host: 'trove.example.com' },
      body: { data: { collectionId: id, domain: 'trove.example.com' } },
    });
    expectFieldError(own, 'data.domain', 'This is the Trove server’s own address');
    expectFieldError(await verify(ada, id), 'data.collectionId', 'Bind a domain to this collection first');
  });

  it('is verified from public addresses only: another loopback port, or a redirect to one, is not called', async () => {
    const ada = await t.signUp('sitepol');
    const id = await publicCollection(ada, 'Policy');
    expect((await bindDomain(ada, id, trapDomain)).status).toBe(200);
    const refused = await verify(ada, id);
    expectFieldError(refused, 'domain');
    expect(refused.body.error.message).toMatch(/Not called: .*loopback/);
    expect((await remove(ada, id)).status).toBe(200);

    expect((await bindDomain(ada, id, domain)).status).toBe(200);
    serve = (res) => res.writeHead(302, { Location: `http://${trapDomain}/.well-known/trove-verify.txt` }).end();
    const redirected = await verify(ada, id);
    expectFieldError(redirected, 'domain');
    expect(redirected.body.error.message).toMatch(/Not called: .*loopback/);
    expect(trapHits).toEqual([]);
  });
});

describe('a subdirectory', () => {
  it('serves the collection at /sites/{name} while public, once per name, until cleared', async () => {
    const ada = await t.signUp('subd');
    const bob = await t.signUp('subdb');
    const id = await publicCollection(ada, 'Recipes');
    const set = await t.api('/api/assign-collection-to-subdirectory', {
      token: ada.jwt,
      body: { data: { collectionId: id, subdirectory: 'Ada-Recipes' } },
    });
    expect(siteOf(set.body)).toMatchObject({
      subdirectory: 'ada-recipes',
      bindingType: 'subdirectory',
      subdirectoryUrl: `${t.url}/sites/ada-recipes`,
    });
    const page = await t.api('/sites/ada-recipes', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Recipes</h1>');
    expect(page.body).toContain('action="/sites/ada-recipes"');
    expect((await t.api('/sites/ada-recipes/feed.atom')).status).toBe(200);

    const bobs = await publicCollection(bob, 'Bob’s');
    const taken = await t.api('/api/assign-collection-to-subdirectory', {
      token: bob.jwt,
      body: { data: { collectionId: bobs, subdirectory: 'ada-recipes' } },
    });
    expectConflict(taken, 'data.subdirectory', 'Another collection has this name');
    const theirs = await t.api('/api/assign-collection-to-subdirectory', {
      token: bob.jwt,
      body: { data: { collectionId: id, subdirectory: 'mine' } },
    });
    expectError(theirs, 404);

    const hidden = await publicCollection(bob, 'Private', false);
    await t.api('/api/assign-collection-to-subdirectory', {
      token: bob.jwt,
      body: { data: { collectionId: hidden, subdirectory: 'bob-private' } },
    });
    expect((await t.api('/sites/bob-private', { headers: { Accept: 'text/html' } })).status).toBe(404);

    const cleared = await t.api('/api/assign-collection-to-subdirectory', {
      token: ada.jwt,
      body: { data: { collectionId: id, subdirectory: null } },
    });
    expect(siteOf(cleared.body).bindingType).toBe('none');
    expect((await t.api('/sites/ada-recipes', { headers: { Accept: 'text/html' } })).status).toBe(404);
  });
});
