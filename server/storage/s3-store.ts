import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStoredName, type FileStore } from './file-store';
import type { S3StorageConfig } from './s3-config';

/** GetObject answers NoSuchKey for a missing object, HeadObject (which has no body) NotFound. */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Uploaded files in an S3-compatible bucket, so that every copy of the server behind a load balancer
 * serves and deletes the same files. The bucket is checked once here, so a wrong name, endpoint or key
 * stops the server at start rather than failing the first upload.
 */
export async function openS3FileStore(config: S3StorageConfig): Promise<FileStore> {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's default CRC32 headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request instead of holding it open forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = config.bucket;
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
  } catch (error) {
    client.destroy();
    const where = config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`;
    const reason =
      error instanceof S3ServiceException
        ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
        : String(error);
    throw new Error(`TROVE_S3_BUCKET: the bucket "${Bucket}"${where} cannot be used: ${reason}`);
  }
  const keyOf = (name: string) => `${config.prefix}${assertStoredName(name)}`;
  return {
    async put(name, bytes, mime) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: mime,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!object.Body) return null;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(name) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
        return { size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    async close() {
      client.destroy();
    },
  };
}
