/**
 * Share Options "Invite Other": a chat's read-only link (`/api/chats/{id}/share`) and the plain page
 * it opens (`/shared/chats/{token}`): made once, owner-only, escaped text, strict headers, revocable.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chatShareResponseSchema, chatShareStateSchema } from '../../lib/api/contract';
import { chatUser, setupFakeProvider, stream } from './chat-helpers';
import { type Client, expectError, gemBody, setupTestServer, startTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

const XSS_ANSWER = 'Try <script>alert(1)</script> and <img src=x onerror="alert(2)"> & \'quotes\'';
const XSS_QUESTION = 'What does <b onmouseover=alert(3)>this</b> do?';

const share = (token: string, chatId: number, method = 'POST', api: Client['api'] = t.api) =>
  api(`/api/chats/${chatId}/share`, { method, token });

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

/** The shared page, fetched as a browser would: no token, no cookies. */
async function page(url: string): Promise<Page> {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const UNESCAPE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** The text of every `<pre>` on the page, unescaped, in order. */
const preTexts = (html: string) =>
  [...html.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) =>
    (m[1] ?? '').replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e] ?? e),
  );

/** The elements a shared page is made of: the server's own, never any from a chat's text. */
const PAGE_TAGS = [
  'body',
  'footer',
  'h1',
  'h2',
  'head',
  'html',
  'main',
  'meta',
  'p',
  'pre',
  'section',
  'style',
  'time',
  'title',
];
/** The names of all the tags in `html`, sorted, each once. */
const tagNames = (html: string) =>
  [...new Set([...html.matchAll(/<\/?([a-z][a-z0-9]*)/gi)].map((m) => (m[1] ?? '').toLowerCase()))].sort();

/** Asks a question in the chat and waits for its answer (the fake provider answers with `chunks`). */
async function ask(
  token: string,
  chatId: number,
  modelId: number,
  text: string,
  script: Parameters<typeof fake.script>[0],
) {
  fake.script(script);
  const res = await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text, modelId } });
  expect(res.status).toBe(200);
  return res;
}

describe('POST/GET/DELETE /api/chats/{id}/share', () => {
  it('makes one link per chat: 201 then the same link with 200; GET reads it', async () => {
    const { token, chatId } = await chatUser(t, fake);
    expect(chatShareStateSchema.parse((await share(token, chatId, 'GET')).body).data).toBeNull();

    const first = await share(token, chatId);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const made = chatShareResponseSchema.parse(first.body).data;
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(made.url).toBe(`${t.url}/shared/chats/${made.token}`);
    expect(Number.isNaN(Date.parse(made.createdAt))).toBe(false);

    const again = await share(token, chatId);
    expect(again.status).toBe(200);
    expect(chatShareResponseSchema.parse(again.body).data).toEqual(made);
    expect(chatShareStateSchema.parse((await share(token, chatId, 'GET')).body).data).toEqual(made);

    const other = await t.api('/api/chats', { token, body: { title: 'Another' } });
    const otherShare = chatShareResponseSchema.parse((await share(token, other.body.data.id)).body).data;
    expect(otherShare.token).not.toBe(made.token);
  });

  it('tokens are random: many chats, no two alike', async () => {
    const { token } = await chatUser(t, fake);
    const tokens = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const chat = await t.api('/api/chats', { token, body: { title: `Chat ${i}` } });
      tokens.add(chatShareResponseSchema.parse((await share(token, chat.body.data.id)).body).data.token);
    }
    expect(tokens.size).toBe(10);
  });

  it('two simultaneous shares of one chat make one link', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const answers = await Promise.all(Array.from({ length: 5 }, () => share(token, chatId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.token)).size).toBe(1);
  });

  it('the link uses PUBLIC_URL when the server has one', async () => {
    const own = await startTestServer({ publicUrl: 'https://trove.example.com/base/' });
    try {
      const { jwt } = await own.signUp('shareurl');
      const chat = await own.api('/api/chats', { token: jwt, body: { title: 'Public' } });
      const made = chatShareResponseSchema.parse((await share(jwt, chat.body.data.id, 'POST', own.api)).body).data;
      expect(made.url).toBe(`https://trove.example.com/base/shared/chats/${made.token}`);
    } finally {
      await own.close();
    }
  });

  it("another user's chat is 404 for all three, and their link is untouched", async () => {
    const owner = await chatUser(t, fake);
    const other = await chatUser(t, fake);
    const made = chatShareResponseSchema.parse((await share(owner.token, owner.chatId)).body).data;
    for (const method of ['POST', 'GET', 'DELETE']) expectError(await share(other.token, owner.chatId, method), 404);
    expect(chatShareStateSchema.parse((await share(owner.token, owner.chatId, 'GET')).body).data).toEqual(made);
    expect((await page(made.url)).status).toBe(200);
  });

  it('a gem that is not a chat, a bad id and no token are refused', async () => {
    const { token } = await chatUser(t, fake);
    const gem = await t.api('/api/gems', { token, body: gemBody() });
    expect(gem.status).toBe(201);
    expectError(await share(token, gem.body.data.id), 404);
    for (const id of ['abc', '0', '007', '99999999999']) {
      expectError(await t.api(`/api/chats/${id}/share`, { method: 'POST', token }), 404);
    }
    expectError(await t.api('/api/chats/1/share', { method: 'POST' }), 401);
    expectError(await t.api('/api/chats/1/share'), 401);
    expectError(await t.api('/api/chats/1/share', { method: 'DELETE' }), 401);
  });
});

describe('GET /shared/chats/{token}', () => {
  it('shows the title and each finished question and answer as escaped text, with model and date', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const chat = await t.api('/api/chats', { token, body: { title: 'Hack </title><script>alert(0)</script>' } });
    const chatId = chat.body.data.id as number;
    await ask(token, chatId, modelId, XSS_QUESTION, { chunks: [XSS_ANSWER] });
    await ask(token, chatId, modelId, 'This one fails', {
      chunks: ['Leaked partial ', 'rest'],
      errorAfter: 1,
      errorMessage: 'provider down',
    });
    await ask(token, chatId, modelId, 'Plain question', { chunks: ['Plain ', 'answer'] });
    const made = chatShareResponseSchema.parse((await share(token, chatId)).body).data;

    const shown = await page(made.url);

    expect(shown.status).toBe(200);
    expect(shown.html.startsWith('<!doctype html>')).toBe(true);
    // every text is there, exactly, as text
    expect(preTexts(shown.html)).toEqual([XSS_QUESTION, XSS_ANSWER, 'Plain question', 'Plain answer']);
    expect(shown.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shown.html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(shown.html).toContain('<title>Hack &lt;/title&gt;&lt;script&gt;alert(0)&lt;/script&gt;</title>');
    // and none of it became markup
    expect(tagNames(shown.html)).toEqual(PAGE_TAGS);
    expect(shown.html).not.toMatch(/<[^>]*\son\w+=/i);
    // the failed answer is left out
    expect(shown.html).not.toContain('This one fails');
    expect(shown.html).not.toContain('Leaked partial');
    expect(shown.html).not.toContain('provider down');
    // the model and the date of each answer
    expect(shown.html).toContain('GPT-4o mini');
    expect(shown.html).toContain('(gpt-4o-mini)');
    expect(shown.html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\w{3} \d{1,2}, \d{4}<\/time>/);
  });

  it('shows a regenerated answer beside the one it regenerated, under its question once', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const first = await ask(token, chatId, modelId, 'Q1', { chunks: ['A1'] });
    await ask(token, chatId, modelId, 'Q2', { chunks: ['A2'] });
    fake.script({ chunks: ['A1b'] });
    await stream(t.url, `/api/messages/${first.events[0]?.data.id}/regenerate`, { token, body: {} });
    const made = chatShareResponseSchema.parse((await share(token, chatId)).body).data;
    const shown = await page(made.url);
    expect(preTexts(shown.html)).toEqual(['Q1', 'A1', 'A1b', 'Q2', 'A2']);
    expect(shown.html).toContain('GPT-4o mini (answer 2 of 2)');
  });

  it('a stopped answer is shown as far as it got, marked stopped', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Partial ', 'answer ', 'that ', 'goes ', 'on ', 'and ', 'on'], delayMs: 100 });
    let stopped = false;
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Stop me', modelId },
      onEvent: async (event, events) => {
        if (event.event === 'delta' && !stopped) {
          stopped = true;
          await t.api(`/api/messages/${events[0]?.data.id}/stop`, { token, method: 'POST' });
        }
        return undefined;
      },
    });
    const made = chatShareResponseSchema.parse((await share(token, chatId)).body).data;
    const shown = await page(made.url);
    const [question, answer] = preTexts(shown.html);
    expect(question).toBe('Stop me');
    expect(answer?.startsWith('Partial')).toBe(true);
    expect(shown.html).toContain('(stopped)');
  });

  it('answers with headers that allow no script, no sniffing, no referrer, no caching', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    await ask(token, chatId, modelId, 'Q', { chunks: ['A'] });
    const made = chatShareResponseSchema.parse((await share(token, chatId)).body).data;

    const shown = await page(made.url);

    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const csp = shown.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['img-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toBeUndefined();
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // the page's one style sheet is the one the policy allows by hash
    const styles = [...shown.html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256')
      .update(styles[0] ?? '')
      .digest('base64');
    expect(directives['style-src']).toEqual([`'sha256-${hash}'`]);
    expect(shown.html).not.toMatch(/ style=|<link|<script|<iframe|<form/i);
  });

  it('turning the link off makes it 404; sharing again makes a new link', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    await ask(token, chatId, modelId, 'Q', { chunks: ['A'] });
    const made = chatShareResponseSchema.parse((await share(token, chatId)).body).data;
    expect((await page(made.url)).status).toBe(200);

    const off = await share(token, chatId, 'DELETE');
    expect(off.status).toBe(200);
    expect(chatShareStateSchema.parse(off.body).data).toBeNull();

    const gone = await page(made.url);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.html).error).toMatchObject({ status: 404, name: 'NotFoundError' });
    expect(chatShareStateSchema.parse((await share(token, chatId, 'GET')).body).data).toBeNull();
    expect((await share(token, chatId, 'DELETE')).status).toBe(200);

    const remade = chatShareResponseSchema.parse((await share(token, chatId)).body).data;
    expect(remade.token).not.toBe(made.token);
    expect((await page(remade.url)).status).toBe(200);
    expect((await page(made.url)).status).toBe(404);
  });

  it("a deleted chat's link is 404", async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    await ask(token, chatId, modelId, 'Q', { chunks: ['A'] });
    const made = chatShareResponseSchema.parse((await share(token, chatId)).body).data;
    expect((await t.api(`/api/gems/${chatId}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await page(made.url)).status).toBe(404);
  });

  it('an unknown or malformed token is 404, never a server error', async () => {
    const { token, chatId } = await chatUser(t, fake);
    const made = chatShareResponseSchema.parse((await share(token, chatId)).body).data;
    const tokens = [
      'A'.repeat(32),
      made.token.slice(0, -1),
      `${made.token}x`,
      made.token.toLowerCase() === made.token ? made.token.toUpperCase() : made.token.toLowerCase(),
      'abc',
      'x'.repeat(5000),
      '%00',
      '%ED%A0%80',
      `${made.token.slice(0, 31)}%00`,
      "'%20OR%201=1--",
      '..%2F..%2Fapi%2Fhealth',
      '%F0%9F%98%80'.repeat(8),
    ];
    for (const bad of tokens) {
      const res = await page(`${t.url}/shared/chats/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(JSON.parse(res.html).error.status, bad).toBe(404);
    }
    expect((await page(`${t.url}/shared/chats/`)).status).toBe(404);
    expect((await page(made.url)).status).toBe(200);
  });
});
