import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertObjectKey, type ObjectStorage } from './object-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a local test server); unset: AWS S3 of `region`. */
  endpoint?: string;
  /** Bucket in the path (`/bucket/key`) instead of the host name: MinIO and most local servers need it. */
  forcePathStyle?: boolean;
  /** Both or neither; neither: the SDK's default chain (environment, shared files, instance or pod role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** A folder of the bucket the shop keeps its files under (a bucket shared with others). */
  prefix?: string;
}

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/**
 * Files in an S3 bucket (AWS S3, MinIO, R2). A put is one PutObject of the whole buffer, never a
 * multipart upload: S3 makes an object visible whole once that request completes, so a reader sees
 * the old file or the new one, never part of either.
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const { bucket, prefix } = options;
  if (prefix !== undefined) assertObjectKey(prefix);
  if ((options.accessKeyId === undefined) !== (options.secretAccessKey === undefined)) throw new Error('S3 access key id and secret access key go together');
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    // A readiness check or a photo read must not hang on a storage that stopped answering.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
    // Another vendor's S3 (an endpoint is set) gets checksums only where S3 requires them: the SDK's
    // default CRC32 headers on every request are refused by some S3-compatible services. AWS keeps them.
    ...(options.endpoint ? ({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const) : {}),
  });
  const keyOf = (key: string) => {
    assertObjectKey(key);
    return prefix === undefined ? key : `${prefix}/${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async get(key) {
      const s3Key = keyOf(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: s3Key }));
        // In Node the SDK's body is the response's IncomingMessage.
        if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${s3Key} without a readable body`);
        return { body: object.Body, contentType: object.ContentType ?? 'application/octet-stream', contentLength: object.ContentLength ?? 0 };
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },
    async delete(keys) {
      const s3Keys = keys.map(keyOf);
      for (let start = 0; start < s3Keys.length; start += DELETE_BATCH) {
        const batch = s3Keys.slice(start, start + DELETE_BATCH);
        // Quiet: only failures are listed. A key that holds nothing is no failure in S3.
        const { Errors: failed = [] } = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        if (failed.length > 0) {
          throw new Error(`S3 kept ${failed.length} of ${batch.length} files it was asked to delete: ${failed.slice(0, 3).map((f) => `${f.Key} (${f.Code})`).join(', ')}`);
        }
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

/** No such key (a 404 without a code some S3-compatible services answer too), but not a missing bucket: that is a misconfiguration. */
function isMissingKey(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || (err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket');
}
