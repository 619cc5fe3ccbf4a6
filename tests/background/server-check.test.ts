import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer } from '../../lib/background/server-check';
import { setupTestServer } from '../server/harness';
import { freePort } from '../server-process';

/** The options page's address check, against the real server, a closed port and a web server that is not Trove. */

const t = setupTestServer();
const notTrove = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Welcome to nginx</h1>'),
);
let notTroveUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => notTrove.listen(0, '127.0.0.1', resolve));
  notTroveUrl = `http://127.0.0.1:${(notTrove.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => notTrove.close(() => resolve())));

describe('checkServer', () => {
  it('finds a Trove server, and normalises the address', async () => {
    expect(await checkServer(`  ${t.url}/ `)).toEqual({ serverUrl: t.url, problem: null });
  });

  it('takes an address typed without a scheme as http://, as npm start prints it', async () => {
    const hostAndPort = t.url.replace(/^http:\/\//, '');
    expect(await checkServer(hostAndPort)).toEqual({ serverUrl: t.url, problem: null });
  });

  it('says nothing answers at a closed port', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const { problem } = await checkServer(url);
    expect(problem).toMatchObject({
      kind: 'offline',
      message: expect.stringContaining(`Can't reach the Trove server at ${url}`),
    });
  });

  it('says an answering server is not Trove', async () => {
    const { problem } = await checkServer(notTroveUrl);
    expect(problem).toMatchObject({
      kind: 'invalid',
      message: `${notTroveUrl} answers, but it is not a Trove server (or not a ready one). Check the address.`,
    });
  });

  it('says what is wrong with something that is not an address', async () => {
    expect((await checkServer('not an address')).problem?.message).toBe(
      'Server URL must be a full address such as http://127.0.0.1:8787',
    );
    expect((await checkServer('ftp://example.com')).problem?.message).toBe(
      'Server URL must start with http:// or https://',
    );
  });
});
