/**
 * Where addresses users choose may point (TROVE_USER_ENDPOINTS): refused before they are stored and again
 * on every connection (on the address the host resolves to), never the house upstream, no redirects
 * followed, and an upstream's error text reaches the user only bounded and cleaned.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf, stream } from './chat-helpers';
import {
  backend,
  expectFieldError,
  freshDataDir,
  makeDataDir,
  removeDataDir,
  startTestServer,
  type TestServer,
} from './harness';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A plain HTTP server on 127.0.0.1 that records what reaches it and answers with `answer`. */
async function upstream(
  answer: (req: IncomingMessage, body: string) => { status: number; headers?: object; body: string },
) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body });
    const reply = answer(req, body);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Upstream = Awaited<ReturnType<typeof upstream>>;

/** An OpenAI-compatible server listing one model, whose chat answer is `chat`. */
const compatible = (chat: (body: string) => { status: number; headers?: object; body: string }) =>
  upstream((req, body) =>
    req.method === 'GET' && req.url === '/v1/models'
      ? { status: 200, body: JSON.stringify({ object: 'list', data: [{ id: 'attacker-model', object: 'model' }] }) }
      : chat(body),
  );

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake?.close();
});

describe('public addresses only (the default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ userEndpoints: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses loopback, private and link-local addresses, and a host name resolving to one, before calling them', async () => {
    const { jwt: token } = await t.signUp('ssrf');
    const port = new URL(fake.url).port;
    fake.reset();

    const loopback = expectFieldError(
      await t.api('/api/ai-endpoints', { token, body: { name: 'Mine', kind: 'ollama', baseUrl: fake.url } }),
      'baseUrl',
    );
    expect(loopback[0]?.message).toBe(
      '127.0.0.1 is a loopback address: this server calls your own endpoints only at public addresses (TROVE_USER_ENDPOINTS).',
    );
    const mapped = expectFieldError(
      await t.api('/api/ai-endpoints/test', {
        token,
        body: { kind: 'openai-compatible', baseUrl: `http://[::ffff:127.0.0.1]:${port}/v1` },
      }),
      'baseUrl',
    );
    expect(mapped[0]?.message).toContain('is a loopback address');
    const named = expectFieldError(
      await t.api('/api/ai-endpoints', {
        token,
        body: { name: 'Named', kind: 'ollama', baseUrl: `http://${hostname()}:${port}` },
      }),
      'baseUrl',
    );
    expect(named[0]?.message).toMatch(new RegExp(`^${hostname()} resolves to a (loopback|private-network) address`));
    const privateKey = expectFieldError(
      await t.api('/api/ai-settings/keys/openai', {
        method: 'PUT',
        token,
        body: { apiKey: 'sk-test-1234567890', baseUrl: 'http://10.1.2.3:5432/v1' },
      }),
      'baseUrl',
    );
    expect(privateKey[0]?.message).toContain('10.1.2.3 is a private-network address');
    const metadata = expectFieldError(
      await t.api('/api/ai-endpoints/test', { token, body: { kind: 'ollama', baseUrl: 'http://169.254.169.254' } }),
      'baseUrl',
    );
    expect(metadata[0]?.message).toContain('169.254.169.254 is a link-local address');

    expect(fake.requests).toEqual([]);
  });
});

describe('an endpoint stored while loopback was allowed', () => {
  // Two servers started one after the other on one data folder: 7-26 s in whole runs, against the default 30 s.
  it('is refused on every call once the operator allows public addresses only', { timeout: 120_000 }, async () => {
    const dataDir = backend === 'pglite' ? await freshDataDir() : makeDataDir();
    const target = await compatible(() => ({ status: 200, body: '{}' }));
    try {
      const before = await startTestServer({ dataDir, userEndpoints: 'public,loopback' });
      const { jwt: token } = await before.signUp('rebind');
      const added = await before.api('/api/ai-endpoints', {
        token,
        body: { name: 'Was fine', kind: 'openai-compatible', baseUrl: `${target.url}/v1`, apiKey: 'sk-mine-123456' },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const modelId = await modelIdOf(before, token, 'attacker-model');
      const chat = await before.api('/api/chats', { token, body: { title: 'x' } });
      await before.close();
      target.seen.length = 0;

      const after = await startTestServer({ dataDir, userEndpoints: 'public' });
      try {
        const refreshed = await after.api(`/api/ai-endpoints/${added.body.data.id}/refresh`, {
          method: 'POST',
          token,
        });
        expect(refreshed.body.data.refreshError).toBe(
          '127.0.0.1 is a loopback address: this server calls your own endpoints only at public addresses (TROVE_USER_ENDPOINTS).',
        );
        const res = await stream(after.url, `/api/chats/${chat.body.data.id}/messages`, {
          token,
          body: { text: 'my private question', modelId },
        });
        expect(res.events.at(-1)?.event).toBe('error');
        expect(res.events.at(-1)?.data.message).toContain('127.0.0.1 is a loopback address');
        expect(target.seen).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      await target.close();
      removeDataDir(dataDir);
    }
  });
});

describe('loopback allowed, the house Ollama on loopback', () => {
  let t: TestServer;
  let internal: Upstream;
  beforeAll(async () => {
    internal = await upstream(() => ({ status: 200, body: '{"secret":"internal"}' }));
    t = await startTestServer({ userEndpoints: 'public,loopback', houseProvider: 'ollama', houseBaseUrl: fake.url });
  });
  afterAll(async () => {
    await t?.close();
    await internal?.close();
  });

  it("refuses the house upstream's address as a user's endpoint or Ollama base URL, however it is written", async () => {
    const { jwt: token } = await t.signUp('house');
    const port = new URL(fake.url).port;
    fake.reset();
    for (const baseUrl of [fake.url, `http://localhost:${port}`, `http://[::1]:${port}`, `http://127.0.0.2:${port}`]) {
      const refused = expectFieldError(
        await t.api('/api/ai-endpoints', { token, body: { name: 'Free house', kind: 'ollama', baseUrl } }),
        'baseUrl',
      );
      expect(refused[0]?.message).toMatch(/:\d+ is this server's house model service \(paid with credits\)/);
    }
    expectFieldError(
      await t.api('/api/ai-settings/keys/ollama', { method: 'PUT', token, body: { baseUrl: fake.url } }),
      'baseUrl',
    );
    expect(fake.requests).toEqual([]);

    const other = await t.api('/api/ai-endpoints/test', {
      token,
      body: { kind: 'openai-compatible', baseUrl: `${internal.url}/v1` },
    });
    expect(other.status).toBe(200);
    expect(other.body.data.problem).toBe('not-compatible');
  });

  it("follows no redirect of a chat call: the user's text and key never reach where it points", async () => {
    const redirector = await compatible(() => ({
      status: 307,
      headers: { location: `${internal.url}/collect` },
      body: '',
    }));
    try {
      const { jwt: token } = await t.signUp('redirect');
      const added = await t.api('/api/ai-endpoints', {
        token,
        body: {
          name: 'Redirects',
          kind: 'openai-compatible',
          baseUrl: `${redirector.url}/v1`,
          apiKey: 'sk-mine-123456',
        },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const modelId = await modelIdOf(t, token, 'attacker-model');
      const chat = await t.api('/api/chats', { token, body: { title: 'x' } });
      internal.seen.length = 0;

      const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
        token,
        body: { text: 'my private question', modelId },
      });

      expect(internal.seen).toEqual([]);
      expect(redirector.seen.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
      expect(res.events.at(-1)?.event).toBe('error');
      expect(res.events.at(-1)?.data.message).toContain('307');
    } finally {
      await redirector.close();
    }
  });

  it("passes an upstream's error text on only bounded, on one line, with no markup or control characters", async () => {
    const noisy = `<html>${'internal detail '.repeat(400)}\n\u0007\u001b[31mpassword=hunter2</html>`;
    const failing = await compatible(() => ({ status: 400, body: JSON.stringify({ error: { message: noisy } }) }));
    try {
      const { jwt: token } = await t.signUp('noisy');
      const added = await t.api('/api/ai-endpoints', {
        token,
        body: { name: 'Noisy', kind: 'openai-compatible', baseUrl: `${failing.url}/v1` },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const modelId = await modelIdOf(t, token, 'attacker-model');
      const chat = await t.api('/api/chats', { token, body: { title: 'x' } });

      const res = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
        token,
        body: { text: 'Hi', modelId },
      });

      const message = res.events.at(-1)?.data.message as string;
      expect(message.startsWith('Noisy answered 400: internal detail internal detail')).toBe(true);
      expect(message.length).toBeLessThanOrEqual(300);
      expect(message.endsWith('…')).toBe(true);
      expect(message).not.toMatch(/[<>\p{Cc}]/u);
    } finally {
      await failing.close();
    }
  });
});
