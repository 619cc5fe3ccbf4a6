import type { FileStore } from './file-store';
import { localFileStore } from './local-store';
import type { S3StorageConfig } from './s3-config';

/**
 * The store uploaded files go to: the S3-compatible bucket when one is configured, otherwise `dir`.
 * The S3 client is imported only then, so a server without a bucket never loads the AWS SDK.
 */
export async function openFileStore(config: { uploadsDir: string; s3?: S3StorageConfig }): Promise<FileStore> {
  if (!config.s3) return localFileStore(config.uploadsDir);
  const { openS3FileStore } = await import('./s3-store');
  return openS3FileStore(config.s3);
}
