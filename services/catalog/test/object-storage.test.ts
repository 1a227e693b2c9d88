// The object-storage port's contract (decision 049), run against both adapters: the filesystem in a
// temporary folder, and S3 against s3rver, a local server speaking the S3 protocol (test/support/local-s3.ts).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createFilesystemStorage } from '../src/storage/filesystem-storage.js';
import type { ObjectStorage, StoredObject } from '../src/storage/object-storage.js';
import { createS3Storage, type S3StorageOptions } from '../src/storage/s3-storage.js';
import { startLocalS3, type LocalS3 } from './support/local-s3.js';

interface Harness {
  storage: ObjectStorage;
  /** The same kind of storage where nothing answers (check() must throw). */
  unreachable: () => Promise<ObjectStorage>;
  /** S3: the keys of each DeleteObjects call the server received. */
  deleteCalls?: number[];
  stop(): Promise<void>;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A file as read back: its bytes (by their hash: jest compares megabytes byte by byte, slowly), and what the storage said of it. */
async function read(stored: StoredObject | null) {
  if (!stored) return null;
  const bytes = await readAll(stored.body);
  return { sha256: sha256(bytes), length: bytes.length, contentType: stored.contentType, contentLength: stored.contentLength };
}
const written = (body: Buffer, contentType: string) => ({ sha256: sha256(body), length: body.length, contentType, contentLength: body.length });

async function filesystemHarness(): Promise<Harness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pl-objects-'));
  return {
    storage: createFilesystemStorage(path.join(dir, 'objects')),
    unreachable: async () => {
      // The folder would have to be made under a plain file.
      await writeFile(path.join(dir, 'a-file'), '');
      return createFilesystemStorage(path.join(dir, 'a-file', 'objects'));
    },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

let s3: LocalS3 | undefined;
const s3Options = (overrides: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  bucket: s3!.bucket,
  region: 'us-east-1',
  endpoint: s3!.endpoint,
  forcePathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  ...overrides,
});

async function s3Harness(): Promise<Harness> {
  s3 = await startLocalS3();
  return {
    storage: createS3Storage(s3Options()),
    deleteCalls: s3.deleteCalls,
    unreachable: async () => createS3Storage(s3Options({ bucket: 'no-such-bucket' })),
    stop: async () => {
      await s3?.stop();
      s3 = undefined;
    },
  };
}

describe.each([
  ['filesystem', filesystemHarness],
  ['s3 (s3rver)', s3Harness],
])('object storage: %s', (kind, start) => {
  let harness: Harness;
  let storage: ObjectStorage;
  beforeAll(async () => {
    harness = await start();
    storage = harness.storage;
    await storage.check();
  });
  afterAll(() => harness?.stop());

  it('gives back what was put: the same bytes, content type and length', async () => {
    const photo = randomBytes(3 * 1024 * 1024 + 17);
    const files = [
      { key: 'photos/0123456789abcdef01234567-1280.jpg', body: photo, type: 'image/jpeg' },
      { key: 'photos/0123456789abcdef01234567-1280.webp', body: randomBytes(40_000), type: 'image/webp' },
      { key: 'manifests/2026-01-31.csv', body: Buffer.from('sku,qty\nA-1,2\n'), type: 'text/csv' },
      { key: 'photos/empty.jpg', body: Buffer.alloc(0), type: 'image/jpeg' },
    ];
    await Promise.all(files.map((f) => storage.put(f.key, f.body, f.type)));
    for (const f of files) {
      expect(await read(await storage.get(f.key))).toEqual(written(f.body, f.type));
    }
  });

  it('answers null for a key that holds nothing, and for a folder of other keys', async () => {
    await storage.put('photos/folder/inside.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.get('photos/never-put.jpg')).toBeNull();
    expect(await storage.get('nothing/here/at-all.webp')).toBeNull();
    expect(await storage.get('photos/folder')).toBeNull();
  });

  it('deletes several keys at once, one of them holding nothing, and leaves the others', async () => {
    const keep = 'photos/keep-640.jpg';
    await Promise.all(['photos/a-640.jpg', 'photos/b-640.webp', keep].map((key) => storage.put(key, Buffer.from(key), 'image/jpeg')));
    await storage.delete(['photos/a-640.jpg', 'photos/b-640.webp', 'photos/never-there-640.jpg']);
    expect(await storage.get('photos/a-640.jpg')).toBeNull();
    expect(await storage.get('photos/b-640.webp')).toBeNull();
    expect(await read(await storage.get(keep))).toEqual(written(Buffer.from(keep), 'image/jpeg'));
    await expect(storage.delete([])).resolves.toBeUndefined();
  });

  it('deletes more keys than one S3 call takes (1,000)', async () => {
    const put = ['photos/many-0.jpg', 'photos/many-1000.jpg', 'photos/many-2000.jpg'];
    await Promise.all(put.map((key) => storage.put(key, Buffer.from('x'), 'image/jpeg')));
    const callsBefore = harness.deleteCalls?.length ?? 0;
    await storage.delete(Array.from({ length: 2001 }, (_, i) => `photos/many-${i}.jpg`));
    for (const key of put) expect(await storage.get(key)).toBeNull();
    // S3 refuses a DeleteObjects of more than 1,000 keys (the local front refuses it as S3 does).
    if (harness.deleteCalls) expect(harness.deleteCalls.slice(callsBefore)).toEqual([1000, 1000, 1]);
  });

  it('replaces a file put again under the same key', async () => {
    const key = 'photos/replaced-320.webp';
    await storage.put(key, Buffer.from('first version'), 'image/webp');
    await storage.put(key, Buffer.from('the second'), 'image/webp');
    expect(await read(await storage.get(key))).toEqual(written(Buffer.from('the second'), 'image/webp'));
  });

  it.each(['../x', '/x', 'a//b', 'photos/../x', 'photos/x/', 'Photos/X.jpg', '', 'photos/.hidden'])('refuses the key %j on every call', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/not an object key/);
    await expect(storage.get(key)).rejects.toThrow(/not an object key/);
    await expect(storage.delete(['photos/fine.jpg', key])).rejects.toThrow(/not an object key/);
  });

  it('check() passes while the storage answers and throws where it cannot be reached', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    await expect((await harness.unreachable()).check()).rejects.toThrow();
  });

  // S3 makes an object visible whole once its PutObject completes, and the adapter sends each file in
  // one PutObject (never multipart). s3rver writes its files in place, so it cannot stand in for that
  // guarantee; the filesystem adapter's own (a temporary file renamed over the name) is tested here.
  if (kind === 'filesystem') it('never lets a reader see half a file while it is replaced', async () => {
    const key = 'photos/contended-2048.jpg';
    const versions = [Buffer.alloc(4 * 1024 * 1024, 'a'), Buffer.alloc(6 * 1024 * 1024, 'b')];
    const hashes = versions.map(sha256);
    await storage.put(key, versions[0]!, 'image/jpeg');
    const seen = new Set<string>();
    let writing = true;
    const writer = (async () => {
      for (let i = 1; i <= 20; i++) await storage.put(key, versions[i % 2]!, 'image/jpeg');
      writing = false;
    })();
    const readers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const got = await read(await storage.get(key));
        expect(got).not.toBeNull();
        // Whole: the length said is the length read, and every byte is one version's.
        expect(got!.length).toBe(got!.contentLength);
        const version = hashes.indexOf(got!.sha256);
        expect(version).toBeGreaterThanOrEqual(0);
        seen.add(String(version));
      }
    });
    await Promise.all([writer, ...readers]);
    expect(seen.size).toBeGreaterThan(0);
  });

  if (kind === 's3 (s3rver)') it('keeps its files under the prefix it is given, in a bucket shared with others', async () => {
    const prefixed = createS3Storage(s3Options({ prefix: 'staging/shop' }));
    await prefixed.put('photos/shared-320.jpg', Buffer.from('staged'), 'image/jpeg');
    expect(await read(await storage.get('staging/shop/photos/shared-320.jpg'))).toEqual(written(Buffer.from('staged'), 'image/jpeg'));
    expect(await storage.get('photos/shared-320.jpg')).toBeNull();
    await prefixed.delete(['photos/shared-320.jpg']);
    expect(await storage.get('staging/shop/photos/shared-320.jpg')).toBeNull();
  });
});
