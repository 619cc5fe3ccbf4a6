import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness';
import { startTestBucket, type TestBucket } from './test-storage';

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a server configured with an S3 bucket it cannot use does not start', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it('names TROVE_S3_BUCKET when the bucket does not exist', async () => {
    const s3 = { ...bucket.config, bucket: 'no-such-bucket' };
    await expect(startTestServer({ s3 })).rejects.toThrow(
      `TROVE_S3_BUCKET: the bucket "no-such-bucket" at ${bucket.config.endpoint} cannot be used: NotFound (HTTP 404)`,
    );
  });

  it('names TROVE_S3_BUCKET and the endpoint when nothing answers there', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    await expect(startTestServer({ s3: { ...bucket.config, endpoint } })).rejects.toThrow(
      new RegExp(
        `^TROVE_S3_BUCKET: the bucket "${bucket.config.bucket}" at ${endpoint} cannot be used: .*ECONNREFUSED`,
      ),
    );
  });

  it('starts with the bucket that exists', async () => {
    const server = await startTestServer({ s3: bucket.config });
    expect((await server.api('/api/health')).status).toBe(200);
    await server.close();
  });
});
