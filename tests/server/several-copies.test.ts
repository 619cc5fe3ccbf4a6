import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, gemSchema, IMAGE_GEM_PATH, uploadResponseSchema } from '../../lib/api/contract';
import { uploadsDir } from '../../server/config';
import { PNG } from '../images/tiny-images';
import {
  backend,
  type Client,
  createClient,
  createPostgresDatabase,
  expectError,
  makeDataDir,
  type OwnDatabase,
  removeDataDir,
} from './harness';
import { type ServerProcess, startServerProcess } from './server-process';
import { startTestBucket, type TestBucket } from './test-storage';

/** Both copies make links with the load balancer's address, as in production; the test then asks each copy directly. */
const PUBLIC_URL = 'https://trove.example.test';

/**
 * Two copies of the real server (separate processes, separate data folders) on one PostgreSQL database,
 * sharing one S3-compatible bucket for uploads and one TROVE_SECRET, configured only through the
 * environment as the README's "Running several copies" says: whichever copy a request reaches, the
 * files are the same.
 */
describe.runIf(backend === 'postgres')('PostgreSQL only: two server copies sharing a database and a bucket', () => {
  let database: OwnDatabase;
  let bucket: TestBucket;
  const dataDirs = [makeDataDir(), makeDataDir()];
  const copies: ServerProcess[] = [];
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    bucket = await startTestBucket();
    const { config } = bucket;
    const env = {
      PUBLIC_URL,
      TROVE_S3_BUCKET: config.bucket,
      TROVE_S3_ENDPOINT: config.endpoint ?? '',
      TROVE_S3_REGION: config.region,
      TROVE_S3_ACCESS_KEY_ID: config.credentials?.accessKeyId ?? '',
      TROVE_S3_SECRET_ACCESS_KEY: config.credentials?.secretAccessKey ?? '',
      TROVE_S3_FORCE_PATH_STYLE: 'true',
      TROVE_S3_PREFIX: config.prefix,
    };
    for (const dataDir of dataDirs) copies.push(await startServerProcess({ dataDir, databaseUrl: database.url, env }));
    [a, b] = copies.map((copy) => createClient(copy.url)) as [Client, Client];
  });

  afterAll(async () => {
    await Promise.all(copies.map((copy) => copy.kill('SIGTERM')));
    await bucket?.close();
    await database?.drop();
    for (const dir of dataDirs) removeDataDir(dir);
  });

  /** A link made by any copy, asked of `copy` (the load balancer would send it to either). */
  const via = (copy: Client, link: string) => `${copy.url}${new URL(link).pathname}`;

  async function uploadImage(copy: Client, token: string) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)]), 'shot.png');
    form.append('isFeedbackImg', 'true');
    const res = await fetch(`${copy.url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const [upload] = uploadResponseSchema.parse(body).data.uploads;
    if (!upload) throw new Error('no upload in the answer');
    return upload;
  }

  it('an image uploaded through one copy is served by the other, and deleted through it is gone for both', async () => {
    const user = await a.signUp('copies');
    const token = (await b.signIn(user.user.username)).jwt; // the copies share users and the token secret

    const image = await uploadImage(a, token);
    expect(image.url.startsWith(`${PUBLIC_URL}/uploads/`)).toBe(true);
    const name = image.url.split('/').pop() ?? '';
    expect(await bucket.list()).toContain(name);
    for (const copy of [a, b]) {
      const file = await fetch(via(copy, image.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    }

    const deleted = await b.api(`/api/upload/${image.id}`, { method: 'DELETE', token: user.jwt });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await bucket.list()).not.toContain(name);
    for (const copy of [a, b]) expectError(await copy.api(new URL(via(copy, image.url)).pathname), 404);
  });

  it('an image gem saved through one copy is shown by the other; deleting it through that copy removes the file', async () => {
    const user = await b.signUp('copygem');
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)]), 'cat.png');
    form.append('data', JSON.stringify({ title: 'A cat', url: 'https://example.com/cat' }));
    const res = await fetch(`${b.url}${IMAGE_GEM_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.jwt}` },
      body: form,
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const gem = dataOf(gemSchema).parse(body).data;
    const link = gem.image ?? '';
    expect((await fetch(via(a, link))).status).toBe(200);

    // trashed through one copy, then deleted for good from the trash through it
    const trashed = await a.api(`/api/gems/${gem.id}`, { method: 'DELETE', token: user.jwt });
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(200);
    const deleted = await a.api(`/api/trash/${gem.id}`, { method: 'DELETE', token: user.jwt });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await bucket.list()).not.toContain(link.split('/').pop());
    expect((await fetch(via(b, link))).status).toBe(404);
  });

  it('neither copy wrote uploads to its own data folder', () => {
    for (const dataDir of dataDirs) expect(existsSync(uploadsDir({ dataDir }))).toBe(false);
  });
});
