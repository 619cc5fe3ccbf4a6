import { describe, expect, test } from 'vitest';
import { DEFAULT_S3_REGION, s3ConfigFromEnv } from '../../server/storage/s3-config';

describe('s3ConfigFromEnv (TROVE_S3_*)', () => {
  test('no bucket, no S3: files stay in the data folder', () => {
    expect(s3ConfigFromEnv({})).toBeUndefined();
    expect(s3ConfigFromEnv({ TROVE_S3_BUCKET: '' })).toBeUndefined();
  });

  test('a bucket alone uses AWS S3 in the default region with the SDK’s own credentials', () => {
    expect(s3ConfigFromEnv({ TROVE_S3_BUCKET: 'trove' })).toEqual({
      bucket: 'trove',
      endpoint: undefined,
      region: DEFAULT_S3_REGION,
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  test('reads every variable', () => {
    const env = {
      TROVE_S3_BUCKET: 'files',
      TROVE_S3_ENDPOINT: 'http://minio.internal:9000',
      TROVE_S3_REGION: 'eu-central-1',
      TROVE_S3_ACCESS_KEY_ID: 'AKIA',
      TROVE_S3_SECRET_ACCESS_KEY: 'secret',
      TROVE_S3_FORCE_PATH_STYLE: 'true',
      TROVE_S3_PREFIX: 'trove/uploads/',
    };
    expect(s3ConfigFromEnv(env)).toEqual({
      bucket: 'files',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'trove/uploads/',
    });
    expect(s3ConfigFromEnv({ ...env, TROVE_S3_FORCE_PATH_STYLE: '0' })?.forcePathStyle).toBe(false);
  });

  test.each([
    [{ TROVE_S3_ENDPOINT: 'http://minio:9000' }, 'TROVE_S3_BUCKET is required when TROVE_S3_ENDPOINT is set'],
    [
      { TROVE_S3_BUCKET: 'b', TROVE_S3_ENDPOINT: 'minio:9000' },
      'TROVE_S3_ENDPOINT must be an http(s) URL, got "minio:9000"',
    ],
    [
      { TROVE_S3_BUCKET: 'b', TROVE_S3_ACCESS_KEY_ID: 'AKIA' },
      'TROVE_S3_ACCESS_KEY_ID and TROVE_S3_SECRET_ACCESS_KEY must be set together (or both left unset)',
    ],
    [
      { TROVE_S3_BUCKET: 'b', TROVE_S3_FORCE_PATH_STYLE: 'sometimes' },
      'TROVE_S3_FORCE_PATH_STYLE must be true or false, got "sometimes"',
    ],
    [
      { TROVE_S3_BUCKET: 'b', TROVE_S3_PREFIX: '/uploads/' },
      'TROVE_S3_PREFIX must not start with "/" nor hold control characters, got "/uploads/"',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => s3ConfigFromEnv(env)).toThrow(message);
  });
});
