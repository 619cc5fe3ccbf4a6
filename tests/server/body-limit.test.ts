/**
 * The JSON body limit (5 MB) holds whether the client declares the length or streams the body in
 * chunks without one; a body within it reaches the route.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../lib/api/contract';
import { MAX_IMPORT_BYTES } from '../../lib/api/import-contract';
import { gemBody, setupTestServer } from './harness';

const t = setupTestServer();
const LIMIT = 5 * 1024 * 1024;

/**
 * POSTs `text` to `path` in 64 kB pieces, with `length` as its Content-Length (none: chunked); with `end: false` the
 * request is left open after the text, as a client still sending would.
 */
function send(
  path: string,
  token: string,
  text: string,
  { length, end = true }: { length?: number; end?: boolean } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    if (length !== undefined) headers['content-length'] = String(length);
    const req = request(new URL(path, t.url), { method: 'POST', headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', (error) => (error.message.includes('EPIPE') ? undefined : reject(error)));
    for (let at = 0; at < text.length; at += 64 * 1024) req.write(text.slice(at, at + 64 * 1024));
    if (end) req.end();
  });
}

/** POSTs `size` bytes of a JSON gem body to /api/gems, with Content-Length or chunked. */
function post(token: string, size: number, how: 'declared' | 'chunked') {
  const start = JSON.stringify(gemBody()).slice(0, -1);
  const padding = size - start.length - '",pad:""}'.length;
  const text = `${start},"pad":"${'p'.repeat(Math.max(0, padding))}"}`;
  return send('/api/gems', token, text, { length: how === 'declared' ? Buffer.byteLength(text) : undefined });
}

describe('the JSON body limit', () => {
  it('refuses a body over 5 MB with 413, declared or streamed in chunks', async () => {
    const { jwt } = await t.signUp('limit');
    for (const how of ['declared', 'chunked'] as const) {
      const res = await post(jwt, LIMIT + 100, how);
      expect(res.status, how).toBe(413);
      expect(JSON.parse(res.body).error.message, how).toBe(`Request body is larger than ${LIMIT} bytes`);
    }
  });

  it('lets a body within it through to the route, declared or chunked', async () => {
    const { jwt } = await t.signUp('within');
    for (const how of ['declared', 'chunked'] as const) {
      const res = await post(jwt, 64 * 1024, how);
      expect(res.status, `${how}: ${res.body.slice(0, 200)}`).toBe(201);
    }
  });
});

describe('the import’s own body limit', () => {
  it('takes more than 5 MB (imports.test.ts sends 7 MB) but refuses a declared length over MAX_IMPORT_BYTES with 413', async () => {
    const { jwt } = await t.signUp('bigimport');
    // the length is declared, the body never sent whole: the answer comes from the header alone
    const answer = await send('/api/collection-import', jwt, '{"fileName":"huge.html","content":"', {
      length: MAX_IMPORT_BYTES + 1,
      end: false,
    });
    expect(answer.status).toBe(413);
    expect(apiErrorSchema.parse(JSON.parse(answer.body)).error.message).toBe(
      `Request body is larger than ${MAX_IMPORT_BYTES} bytes`,
    );
  });
});

describe('the request line and headers limit (Node’s 16 KB)', () => {
  it('answers an address or a header over it with 431 and a JSON error naming the limit', async () => {
    const { jwt } = await t.signUp('longurl');
    const long = await fetch(`${t.url}/api/memories?search=${'a'.repeat(17 * 1024)}`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(long.status).toBe(431);
    expect(long.headers.get('content-type')).toBe('application/json');
    expect(await long.json()).toEqual({
      error: {
        status: 431,
        name: 'RequestHeaderFieldsTooLargeError',
        message: 'The request’s address and headers are larger than 16384 bytes',
      },
    });

    const header = await fetch(`${t.url}/api/gems`, {
      headers: { authorization: `Bearer ${jwt}`, 'x-padding': 'p'.repeat(17 * 1024) },
    });
    expect(header.status).toBe(431);
    expect((await header.json()).error.status).toBe(431);
  });

  it('lets a request within it through to the route', async () => {
    const { jwt } = await t.signUp('longok');
    const res = await fetch(`${t.url}/api/memories`, {
      headers: { authorization: `Bearer ${jwt}`, 'x-padding': 'p'.repeat(12 * 1024) },
    });
    expect(res.status, await res.text()).toBe(200);
  });
});
