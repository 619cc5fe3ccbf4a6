import { describe, expect, it } from 'vitest';
import { HostPace, retryAfterSeconds } from '../../server/features/links/host-pace';
import { verdictOf } from '../../server/features/links/link-check';
import { NotPublicAddress, type PageFetchResult, publicAddressOf } from '../../server/features/links/page-fetch';
import { pageFill } from '../../server/features/links/page-fill';
import { readPageText } from '../../server/features/links/page-text';

/**
 * The page fetcher's address check (server/features/links/page-fetch.ts, over server/http/address-policy.ts), its
 * per-site pace, and what a check's outcome means. IP literals only: nothing here resolves a name.
 */

const refusal = async (host: string, port = 80, allowed?: string) => {
  try {
    await publicAddressOf(allowed)(host, port);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(NotPublicAddress);
    return (error as Error).message;
  }
};

describe('publicAddressOf', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.45.6.7', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['10.1.2.3', 'a private-network address'],
    ['172.16.0.1', 'a private-network address'],
    ['172.31.255.254', 'a private-network address'],
    ['192.168.1.1', 'a private-network address'],
    ['100.64.0.1', 'a private-network address'],
    ['100.127.255.254', 'a private-network address'],
    ['[fc00::1]', 'a private-network address'],
    ['[fd12:3456::1]', 'a private-network address'],
    ['169.254.169.254', 'a link-local address'],
    ['[fe80::1]', 'a link-local address'],
    ['224.0.0.1', 'a reserved address'],
    ['239.255.255.250', 'a reserved address'],
    ['[ff02::1]', 'a reserved address'],
    ['0.0.0.0', 'a reserved address'],
    ['[::]', 'a reserved address'],
    ['[::ffff:127.0.0.1]', 'a loopback address'],
    ['[::ffff:7f00:1]', 'a loopback address'],
    ['[::ffff:10.0.0.1]', 'a private-network address'],
    ['[::ffff:a9fe:a9fe]', 'a link-local address'],
    ['[64:ff9b::7f00:1]', 'a reserved address'],
  ])('refuses %s (%s)', async (host, kind) => {
    expect(await refusal(host)).toMatch(new RegExp(`is ${kind}$`));
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '[2606:4700:4700::1111]'])(
    'allows the public address %s',
    async (host) => {
      expect(await refusal(host)).toBeNull();
    },
  );

  it('allows the test address only on its own port', async () => {
    expect(await refusal('127.0.0.1', 4321, '127.0.0.1:4321')).toBeNull();
    expect(await refusal('127.0.0.1', 4322, '127.0.0.1:4321')).toMatch(/loopback/);
    expect(await refusal('10.0.0.1', 4321, '127.0.0.1:4321')).toMatch(/private-network/);
  });
});

describe('HostPace', () => {
  it('spaces requests to one site, not to others, and backs off a struggling one', () => {
    let now = 1_000_000;
    const pace = new HostPace(2_000, 60_000, () => now);
    expect(pace.ready('a.test')).toBe(true);
    pace.took('a.test');
    expect([pace.ready('a.test'), pace.ready('b.test')]).toEqual([false, true]);
    now += 2_000;
    expect(pace.ready('a.test')).toBe(true);
    expect([pace.backOff('a.test'), pace.backOff('a.test'), pace.backOff('a.test')]).toEqual([4_000, 8_000, 16_000]);
    expect(pace.backOff('a.test', 600)).toBe(60_000);
    expect(pace.backOff('a.test', 5)).toBe(5_000);
    now += 4_999;
    expect(pace.ready('a.test')).toBe(false);
    now += 1;
    expect(pace.ready('a.test')).toBe(true);
    pace.fine('a.test');
    expect(pace.backOff('a.test')).toBe(4_000);
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect([retryAfterSeconds(null, now), retryAfterSeconds('soon', now)]).toEqual([undefined, undefined]);
  });
});

describe('verdictOf', () => {
  const answer = (status: number): PageFetchResult => ({
    ok: true,
    status,
    statusText: '',
    url: 'https://a.test/',
    headers: new Headers(),
    body: null,
  });
  const failed = (failure: Extract<PageFetchResult, { ok: false }>['failure']): PageFetchResult => ({
    ok: false,
    failure,
    detail: failure,
    url: 'https://a.test/',
  });

  it.each([
    [answer(200), 'ok', false],
    [answer(204), 'ok', false],
    [answer(401), 'ok', false],
    [answer(403), 'ok', false],
    [answer(400), 'broken', false],
    [answer(404), 'broken', false],
    [answer(410), 'broken', false],
    [answer(451), 'broken', false],
    [answer(408), 'failing', true],
    [answer(429), 'failing', true],
    [answer(500), 'failing', true],
    [answer(503), 'failing', true],
    [failed('timeout'), 'failing', true],
    [failed('network'), 'failing', true],
    [failed('no-such-host'), 'broken', false],
    [failed('redirects'), 'broken', false],
    [failed('bad-address'), 'broken', false],
    [failed('refused'), 'refused', false],
  ] as const)('%o is %s', (result, status, temporary) => {
    const verdict = verdictOf(result);
    expect({ status: verdict.status, temporary: verdict.temporary }).toEqual({ status, temporary });
  });
});

describe('readPageText', () => {
  const PAGE = `<!doctype html><html><head><title>Ferries &amp; tides</title>
    <meta property="og:description" content="The crossing, by tide.">
    <meta property="og:image" content="../img/ferry.jpg"><meta name="author" content="By Ines Moor">
    <style>p { color: red }</style><script>var hidden = "never text";</script></head>
    <body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
    <p>Outside the article.</p>
    <article><h1>Ferries &amp; tides</h1><p>The ebb turns a <b>flywheel</b>.<br>Twice an hour.</p>
    <aside>Related: buses</aside><ul><li>No fuel</li><li>No noise</li></ul></article>
    <footer>© Harbour Ledger</footer></body></html>`;

  it('takes the article’s text in paragraphs, without scripts, styles, navigation or asides, and the meta tags', () => {
    expect(readPageText(PAGE, 'https://news.test/2026/ferries')).toEqual({
      title: 'Ferries & tides',
      description: 'The crossing, by tide.',
      image: 'https://news.test/img/ferry.jpg',
      byline: 'Ines Moor',
      text: 'Ferries & tides\n\nThe ebb turns a flywheel.\n\nTwice an hour.\n\nNo fuel\n\nNo noise',
    });
  });

  it('falls back to the body, and a page with no text gives none', () => {
    expect(readPageText('<p>Just <i>this</i>.</p><script>x()</script>', 'https://a.test/').text).toBe('Just this.');
    expect(readPageText('<html><head></head><body> </body></html>', 'https://a.test/')).toEqual({
      title: '',
      description: '',
      image: null,
      byline: '',
      text: '',
    });
  });

  it('fills only what the gem lacks', () => {
    const gem = { title: 'Mine', url: 'https://news.test/f', description: '', image: null, text: 'Kept', byline: null };
    expect(pageFill(gem, PAGE, gem.url)).toEqual({
      description: 'The crossing, by tide.',
      image: 'https://news.test/img/ferry.jpg',
      byline: 'Ines Moor',
    });
    expect(pageFill({ ...gem, title: gem.url, text: null }, PAGE, gem.url)).toMatchObject({ title: 'Ferries & tides' });
  });
});
