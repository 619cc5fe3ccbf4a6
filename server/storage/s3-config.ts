import { isHttpUrl } from '../../lib/api/validators';
/** An S3-compatible bucket for uploaded files, read from the TROVE_S3_* variables (see the README). */
export interface S3StorageConfig {
  bucket: string;
  /** The service's URL (MinIO, R2, B2, …); unset, AWS S3 for the region. */
  endpoint?: string;
  region: string;
  /** Unset, the AWS SDK's usual sources (AWS_* variables, shared files, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * Addresses the bucket as `<endpoint>/<bucket>/…` rather than `<bucket>.<endpoint>/…` (most self-hosted services need
   * it).
   */
  forcePathStyle: boolean;
  /** Put before every object key, e.g. `trove/uploads/`; empty by default. */
  prefix: string;
}

export const DEFAULT_S3_REGION = 'us-east-1';

const TRUE = /^(1|true|yes)$/i;
const FALSE = /^(0|false|no|)$/i;

/**
 * The bucket configuration, or undefined when TROVE_S3_BUCKET is unset (files stay in the data folder); throws on a bad
 * one.
 */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3StorageConfig | undefined {
  const bucket = env.TROVE_S3_BUCKET || undefined;
  if (!bucket) {
    const stray = Object.keys(env).filter((name) => name.startsWith('TROVE_S3_') && env[name]);
    if (stray.length)
      throw new Error(
        `TROVE_S3_BUCKET is required when ${stray.sort().join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`,
      );
    return undefined;
  }
  const endpoint = env.TROVE_S3_ENDPOINT || undefined;
  if (endpoint && !isHttpUrl(endpoint)) throw new Error(`TROVE_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const accessKeyId = env.TROVE_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.TROVE_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('TROVE_S3_ACCESS_KEY_ID and TROVE_S3_SECRET_ACCESS_KEY must be set together (or both left unset)');
  }
  const pathStyle = env.TROVE_S3_FORCE_PATH_STYLE ?? '';
  if (!TRUE.test(pathStyle) && !FALSE.test(pathStyle))
    throw new Error(`TROVE_S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  const prefix = env.TROVE_S3_PREFIX ?? '';
  if (prefix.startsWith('/') || /[\p{Cc}\\]/u.test(prefix))
    throw new Error(`TROVE_S3_PREFIX must not start with "/" nor hold control characters, got "${prefix}"`);
  return {
    bucket,
    endpoint,
    region: env.TROVE_S3_REGION || DEFAULT_S3_REGION,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: TRUE.test(pathStyle),
    prefix,
  };
}
