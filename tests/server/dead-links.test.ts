import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { importJobSchema } from '../../lib/api/import-contract';
import { type LinkCheck, linkCheckSchema } from '../../lib/api/link-contract';
import { searchResultSchema } from '../../lib/api/search-contract';
import { LINK_CHECK_DEFAULTS } from '../../server/features/links/link-worker';
import { makePageFetcher } from '../../server/features/links/page-fetch';
import { type Session, startTestServer, type TestServer } from './harness';

/**
 * The dead-link check and imported pages' fills against a page server of the test's own (node:http on 127.0.0.1).
 * That server is on loopback, which the check refuses: the test names its one `ip:port` in the server's
 * `linkCheck.fetch.allowedTestAddress` (a setting no environment variable reaches). A second server on another
 * port of the same address stands for the private network behind a redirect: it must never be called.
 */

let pages: Server;
let trap: Server;
let base: string;
let trapBase: string;
let server: TestServer;
let ada: Session;
let bob: Session;
/** `METHOD /path` of every request the page server answered, in order. */
const seen: string[] = [];
const trapHits: string[] = [];
let releaseHeld: () => void = () => {};
const held = new Promise<void>((resolve) => {
  releaseHeld = resolve;
});

const ARTICLE = `<!doctype html><html lang="en"><head><title>Tide-powered ferries</title>
<meta name="description" content="How the Skellan crossing runs on the tide.">
<meta property="og:image" content="/img/ferry.jpg"><meta name="author" content="Ines Moor"></head>
<body><article><h1>Tide-powered ferries</h1>
<p>For forty years the crossing between Skellan and the mainland was made by a diesel ferry.</p>
<p>The new boat stores the ebb in a flywheel and crosses twice an hour without a drop of fuel.</p>
</article></body></html>`;

function answer(req: IncomingMessage, res: ServerResponse) {
  seen.push(`${req.method} ${req.url}`);
  const path = new URL(req.url ?? '/', 'http://pages.test').pathname;
  const redirect = (to: string) => res.writeHead(301, { Location: to }).end();
  if (path === '/ok' || path === '/article') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE);
  if (path === '/head-refused')
    return req.method === 'HEAD' ? res.writeHead(405).end() : res.writeHead(200, { 'Content-Type': 'text/html' }).end();
  if (path === '/loop-a') return redirect('/loop-b');
  if (path === '/loop-b') return redirect(`${base}/loop-a`);
  if (path === '/moved') return redirect('/ok');
  if (path === '/missing') return res.writeHead(404).end('Not here');
  if (path === '/gone') return res.writeHead(410).end('Gone');
  if (path === '/error') return res.writeHead(500).end('Oops');
  if (path === '/slow') return; // never answers: the check times out
  if (path === '/big') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('x'.repeat(1_000_000));
  if (path === '/to-loopback') return redirect(`${trapBase}/secret`);
  if (path === '/to-private') return redirect('http://10.0.0.7/admin');
  if (path === '/to-mapped') return redirect('http://[::ffff:169.254.169.254]/latest/meta-data');
  if (path === '/held') return void held.then(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end(ARTICLE));
  res.writeHead(404).end();
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<[Server, string]> {
  const http = createServer(handler);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return [http, `http://127.0.0.1:${(http.address() as AddressInfo).port}`];
}

async function save(session: Session, url: string, title = url): Promise<number> {
  const res = await server.api('/api/gems', { token: session.jwt, body: { data: { title, url } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const linkCheck = async (session: Session, gemId: number) => {
  const res = await server.api(`/api/gems/${gemId}/link-check`, { token: session.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(linkCheckSchema).parse(res.body).data;
};

/** The gem's check once the worker has done one after `after` (ISO time) and none is waiting. */
async function checked(session: Session, gemId: number, after = ''): Promise<LinkCheck> {
  return vi.waitFor(
    async () => {
      const check = await linkCheck(session, gemId);
      if (check.requested || check.checkedAt === null || check.checkedAt <= after) throw new Error('not checked yet');
      return check;
    },
    { timeout: 30_000, interval: 50 },
  );
}

async function checkNow(session: Session, gemIds: number[]) {
  const res = await server.api('/api/link-checks', { token: session.jwt, body: { gemIds } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.queued as number;
}

async function search(session: Session, q: string): Promise<number[]> {
  const res = await server.api(`/api/filter-search?${new URLSearchParams({ q, perPage: '100' })}`, {
    token: session.jwt,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResultSchema
    .parse(res.body)
    .data.map((hit) => hit.id)
    .sort((a, b) => a - b);
}

beforeAll(async () => {
  [pages, base] = await listen(answer);
  [trap, trapBase] = await listen((req, res) => {
    trapHits.push(`${req.method} ${req.url}`);
    res.writeHead(200).end('secret');
  });
  server = await startTestServer(
    {
      linkCheck: {
        ...LINK_CHECK_DEFAULTS,
        perMinute: 600,
        tickMs: 200,
        // One site here (the page server): pacing it would only slow the test; tests/unit/link-fetch.test.ts paces.
        hostIntervalMs: 0,
        maxBackoffMs: 0,
        fetch: { timeoutMs: 3_000, maxBytes: 100_000, maxRedirects: 5, allowedTestAddress: new URL(base).host },
      },
    },
    // The worker checks every user's gems: a database of its own on PostgreSQL, where test servers share one.
    { isolated: true },
  );
  ada = await server.signUp('ada');
  bob = await server.signUp('bob');
}, 120_000);

afterAll(async () => {
  releaseHeld();
  await server?.close();
  await Promise.all([pages, trap].map((s) => new Promise((resolve) => s?.close(resolve))));
});

describe('the periodic check', () => {
  const cases: [path: string, status: LinkCheck['status'], code: number | null, detail: RegExp][] = [
    ['/ok', 'ok', 200, /^200 OK$/],
    ['/moved', 'ok', 200, /^200/],
    ['/head-refused', 'ok', 200, /^200/],
    ['/missing', 'broken', 404, /^404 Not Found$/],
    ['/gone', 'broken', 410, /^410 Gone$/],
    ['/loop-a', 'broken', null, /More than 5 redirects/],
    ['/error', 'failing', 500, /^500 Internal Server Error$/],
    ['/slow', 'failing', null, /Timed out after 3 s/],
    ['/to-loopback', 'refused', null, /127\.0\.0\.1 is a loopback address/],
    ['/to-private', 'refused', null, /10\.0\.0\.7 is a private-network address/],
    ['/to-mapped', 'refused', null, /is a link-local address/],
  ];
  const ids = new Map<string, number>();

  beforeAll(async () => {
    for (const [path] of cases) ids.set(path, await save(ada, `${base}${path}`));
    ids.set('trap', await save(ada, `${trapBase}/direct`));
  });

  it.each(cases)('%s is %s (%s)', async (path, status, code, detail) => {
    const check = await checked(ada, ids.get(path) as number);
    expect({ status: check.status, code: check.code }).toEqual({ status, code });
    expect(check.detail).toMatch(detail);
  });

  it('asks with HEAD, and with GET only when the HEAD is refused', async () => {
    await checked(ada, ids.get('/head-refused') as number);
    await checked(ada, ids.get('/ok') as number);
    expect(seen.filter((line) => line.endsWith(' /head-refused'))).toEqual(['HEAD /head-refused', 'GET /head-refused']);
    expect(seen.filter((line) => line.endsWith(' /ok')).every((line) => line === 'HEAD /ok')).toBe(true);
  });

  it('never calls a loopback or private address, directly or after a redirect', async () => {
    const direct = await checked(ada, ids.get('trap') as number);
    expect(direct.status).toBe('refused');
    await checked(ada, ids.get('/to-loopback') as number);
    expect(seen).toContain('HEAD /to-loopback');
    expect(trapHits).toEqual([]);
  });

  it('is:broken finds the user’s broken links only, and three failures in a row make one broken', async () => {
    const broken = await save(bob, `${base}/gone`);
    await checked(bob, broken);
    for (const [path] of cases) await checked(ada, ids.get(path) as number);
    const expected = ['/missing', '/gone', '/loop-a'].map((path) => ids.get(path) as number).sort((a, b) => a - b);
    expect(await search(ada, 'is:broken')).toEqual(expected);
    expect(await search(bob, 'is:broken')).toEqual([broken]);

    const failing = ids.get('/error') as number;
    let last = await linkCheck(ada, failing);
    expect(last.status).toBe('failing');
    for (const status of ['failing', 'broken']) {
      expect(await checkNow(ada, [failing])).toBe(1);
      last = await checked(ada, failing, last.checkedAt ?? '');
      expect(last.status).toBe(status);
    }
    expect(await search(ada, 'is:broken -is:fav')).toEqual([...expected, failing].sort((a, b) => a - b));
  });
});

describe('the page fetcher', () => {
  it('reads a body only up to its bound, and refuses a name that resolves to loopback', async () => {
    const fetcher = makePageFetcher({
      timeoutMs: 3_000,
      maxBytes: 1_000,
      maxRedirects: 5,
      allowedTestAddress: new URL(base).host,
    });
    try {
      const big = await fetcher.fetchPage(`${base}/big`, { method: 'GET', readBody: true });
      expect(big.ok && big.body?.length).toBe(1_000);
      const byName = await fetcher.fetchPage(`http://localhost:${new URL(trapBase).port}/secret`, { method: 'GET' });
      expect(byName).toMatchObject({ ok: false, failure: 'refused' });
      expect(!byName.ok && byName.detail).toMatch(
        /^Not called: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address$/,
      );
      expect(trapHits).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });
});

describe('Check now', () => {
  it('checks the user’s gems again at once, and leaves other users’ gems out', async () => {
    const mine = await save(ada, `${base}/ok?again`);
    const first = await checked(ada, mine);
    const bobs = await save(bob, `${base}/ok?bob`);
    expect(await checkNow(ada, [mine, bobs])).toBe(1);
    const again = await checked(ada, mine, first.checkedAt ?? '');
    expect(again.status).toBe('ok');
    expect(await checkNow(ada, [bobs])).toBe(0);
  });

  it('a gem whose address changes is checked afresh', async () => {
    const gem = await save(ada, `${base}/gone?moved`);
    const gone = await checked(ada, gem);
    expect(gone.status).toBe('broken');
    const res = await server.api(`/api/gems/${gem}`, {
      method: 'PUT',
      token: ada.jwt,
      body: { data: { url: `${base}/ok?moved` } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await checked(ada, gem, gone.checkedAt ?? '');
    expect({ status: again.status, code: again.code }).toEqual({ status: 'ok', code: 200 });
    expect(await search(ada, 'is:broken')).not.toContain(gem);
  });

  it('answers 404 for another user’s gem and 400 naming gemIds for a bad list', async () => {
    const bobs = await save(bob, `${base}/ok?private`);
    const res = await server.api(`/api/gems/${bobs}/link-check`, { token: ada.jwt });
    expect(res.status).toBe(404);
    for (const gemIds of [[], ['x'], 'all', [0]]) {
      const bad = await server.api('/api/link-checks', { token: ada.jwt, body: { gemIds } });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(JSON.stringify(bad.body.error.details)).toContain('gemIds');
    }
  });
});

describe('imported pages', () => {
  it('are fetched after the import is done, fill only what the gem lacks, and a failed fetch leaves the gem', async () => {
    // The held page twice: the repeat merges into the first gem, which is fetched once.
    const lines = [`${base}/held`, `${base}/missing?from=import`, `${base}/article | My own title`, `${base}/held`];
    const content = lines.join('\n');
    const posted = await server.api('/api/collection-import', {
      token: ada.jwt,
      body: { fileName: 'links.txt', content, dryRun: false },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const id = dataOf(importJobSchema).parse(posted.body).data.id;
    const job = await vi.waitFor(
      async () => {
        const res = await server.api(`/api/imports/${id}`, { token: ada.jwt });
        const found = dataOf(importJobSchema).parse(res.body).data;
        if (found.status !== 'done') throw new Error(found.status);
        return found;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect({ added: job.added, merged: job.merged }).toEqual({ added: 3, merged: 1 });
    // The import is done while the held page is still being fetched: the fetch never held it up.
    await vi.waitFor(() => expect(seen).toContain('GET /held'), { timeout: 30_000, interval: 50 });
    const gemOf = async (url: string) => {
      const res = await server.api(
        `/api/filter-search?${new URLSearchParams({ q: `site:127.0.0.1`, perPage: '100' })}`,
        {
          token: ada.jwt,
        },
      );
      const hit = searchResultSchema.parse(res.body).data.find((h) => h.url === url);
      if (!hit) throw new Error(`no gem for ${url}`);
      const gem = await server.api(`/api/gems/${hit.id}`, { token: ada.jwt });
      return gem.body.data as {
        id: number;
        title: string;
        description: string;
        image: string | null;
        text: string | null;
        byline: string | null;
      };
    };
    const heldGem = await gemOf(`${base}/held`);
    expect(heldGem.text).toBeNull();
    releaseHeld();

    const filled = await vi.waitFor(
      async () => {
        const gem = await gemOf(`${base}/held`);
        if (!gem.text) throw new Error('not filled yet');
        return gem;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(filled).toMatchObject({
      title: 'Tide-powered ferries',
      description: 'How the Skellan crossing runs on the tide.',
      image: `${base}/img/ferry.jpg`,
      byline: 'Ines Moor',
    });
    expect(filled.text).toContain('stores the ebb in a flywheel');
    expect(seen.filter((line) => line === 'GET /held')).toEqual(['GET /held']);
    expect(await search(ada, 'flywheel')).toContain(filled.id);

    const titled = await vi.waitFor(
      async () => {
        const gem = await gemOf(`${base}/article`);
        if (!gem.text) throw new Error('not filled yet');
        return gem;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(titled.title).toBe('My own title');

    const missing = await gemOf(`${base}/missing?from=import`);
    const check = await checked(ada, missing.id);
    expect(check).toMatchObject({ status: 'broken', code: 404 });
    expect(await gemOf(`${base}/missing?from=import`)).toEqual(missing);
    expect(missing).toMatchObject({ title: `${base}/missing?from=import`, description: '', text: null, image: null });
  });
});
