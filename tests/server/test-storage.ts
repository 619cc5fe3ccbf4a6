import { readdir } from 'node:fs/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startFauxqs } from 'fauxqs';
import { afterAll, beforeAll } from 'vitest';
import { type ServerConfig, uploadsDir } from '../../server/config';
import type { S3StorageConfig } from '../../server/storage/s3-config';

/**
 * Where a test server keeps uploaded files: its data folder (the default), or a bucket on a real
 * S3-compatible server (fauxqs, an S3 emulator speaking the S3 HTTP API) started on 127.0.0.1 by the test.
 */
export const STORAGES = ['the data folder', 'an S3 bucket'] as const;
export type StorageKind = (typeof STORAGES)[number];

export interface TestBucket {
  /** The server configuration that stores files in this bucket (under the prefix `uploads/`). */
  config: S3StorageConfig;
  /** The stored file names (object keys without the prefix), sorted. */
  list(): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts an S3-compatible server on a free port of 127.0.0.1 with one empty bucket. */
export async function startTestBucket(): Promise<TestBucket> {
  const server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
  const bucket = 'trove-uploads';
  server.createBucket(bucket);
  const config: S3StorageConfig = {
    bucket,
    endpoint: `http://127.0.0.1:${server.port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'trove-test', secretAccessKey: 'trove-test-secret' },
    forcePathStyle: true,
    prefix: 'uploads/',
  };
  const client = new S3Client({ ...config, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const list = async () => {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: config.prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) names.push((object.Key ?? '').slice(config.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names.sort();
  };
  return {
    config,
    list,
    close: async () => {
      client.destroy();
      await server.stop();
    },
  };
}

/**
 * For a test file run once per storage: with a bucket, starts it before the file's server (register
 * this before `setupTestServer(() => storage.overrides())`) and stops it after.
 */
export function setupTestStorage(kind: StorageKind) {
  let bucket: TestBucket | undefined;
  if (kind === 'an S3 bucket') {
    beforeAll(async () => {
      bucket = await startTestBucket();
    });
    afterAll(async () => {
      await bucket?.close();
    });
  }
  const needBucket = () => {
    if (!bucket) throw new Error('the test bucket is not running (use it inside tests or hooks)');
    return bucket;
  };
  return {
    kind,
    /** Server config for this storage (call inside hooks). */
    overrides: (): Partial<ServerConfig> => (kind === 'an S3 bucket' ? { s3: needBucket().config } : {}),
    /** The names of the files a server started with `config` has stored, sorted. */
    list: async (config: ServerConfig) =>
      kind === 'an S3 bucket' ? needBucket().list() : (await readdir(uploadsDir(config))).sort(),
  };
}
