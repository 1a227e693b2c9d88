import type { CatalogConfig } from '../config.js';
import { createFilesystemStorage } from './filesystem-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Storage } from './s3-storage.js';

type StorageConfig = Pick<
  CatalogConfig,
  'OBJECT_STORAGE' | 'OBJECT_STORAGE_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PREFIX'
>;

/** The object storage the catalog's configuration names (decision 049). */
export function createObjectStorage(config: StorageConfig): ObjectStorage {
  if (config.OBJECT_STORAGE === 'filesystem') return createFilesystemStorage(config.OBJECT_STORAGE_DIR);
  // The config refuses s3 without a bucket; this says so again for a caller that built its own.
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required with OBJECT_STORAGE=s3');
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
  });
}

/** Where the files are, for the start-up log: never a credential. */
export function describeObjectStorage(config: StorageConfig): string {
  if (config.OBJECT_STORAGE === 'filesystem') return `filesystem ${config.OBJECT_STORAGE_DIR}`;
  const where = config.S3_ENDPOINT ? ` at ${new URL(config.S3_ENDPOINT).origin}` : ` (AWS ${config.S3_REGION})`;
  return `s3 bucket ${config.S3_BUCKET}${config.S3_PREFIX ? `/${config.S3_PREFIX}` : ''}${where}, ${config.S3_ACCESS_KEY_ID ? 'key pair from S3_ACCESS_KEY_ID' : "the SDK's credential chain"}`;
}
