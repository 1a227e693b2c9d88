import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertObjectKey, type ObjectStorage } from './object-storage.js';

/** What a stored file's name says it is (the filesystem keeps no content type). */
const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.webp': 'image/webp', '.png': 'image/png', '.avif': 'image/avif', '.csv': 'text/csv' };

/**
 * Files under one folder, a key's slashes as subfolders. A put writes a temporary file beside the
 * target and renames it over: a reader sees the whole file or none.
 */
export function createFilesystemStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'filesystem',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, body, { mode: 0o640 });
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      // Opened first, then measured: the length and the bytes are the same file's, even when a put
      // renames a new one over the name in between (a stat by name, then an open, could pair the
      // old file's length with the new file's bytes).
      const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', contentLength: info.size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    async check() {
      await mkdir(root, { recursive: true });
    },
  };
}
