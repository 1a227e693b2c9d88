// The object-storage port: where the catalog keeps files (photos now, manifests later). Two
// adapters: the filesystem (npm start's default, under the shop's data folder) and S3-compatible
// storage (AWS S3, MinIO, R2) for production, where every instance must see the same files.
import type { Readable } from 'node:stream';

/** A stored file as read back: its bytes as a stream, and what it is. */
export interface StoredObject {
  /**
   * Read it to its end or destroy it (stream.pipeline does both): a body left unread holds a file
   * descriptor (filesystem) or one of the S3 client's connections until it is collected or times out.
   */
  body: Readable;
  contentType: string;
  contentLength: number;
}

export interface ObjectStorage {
  readonly kind: 'filesystem' | 's3';
  /** Stores `body` under `key` whole, or not at all (a reader never sees half a file). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the files; keys that hold nothing are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Throws while the storage cannot be reached (main.ts asks at start; not a readiness check: decision 049). */
  check(): Promise<void>;
}

/** A key is slash-separated plain names: no '..', no leading slash, nothing a path could escape with. */
export const OBJECT_KEY = /^[a-z0-9][a-z0-9._-]{0,127}(\/[a-z0-9][a-z0-9._-]{0,127}){0,4}$/;

export function assertObjectKey(key: string): void {
  if (!OBJECT_KEY.test(key) || key.includes('..')) throw new Error(`not an object key: ${JSON.stringify(key)}`);
}
