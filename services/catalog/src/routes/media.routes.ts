import { pipeline } from 'node:stream';
import { Router } from 'express';
import { ErrorCodes, MEDIA_PATH, PHOTO_MEDIA_PATH } from '@pl/contracts';
import { photoKey } from '../domain/intake.js';
import type { ObjectStorage } from '../storage/object-storage.js';

/** A plain file name of ours: no path separators, no dot files, one known image extension. */
const MEDIA_FILE = /^[a-z0-9][a-z0-9-]{0,100}\.(svg|png|jpg|jpeg|webp)$/;
const notFoundBody = { message: 'Image not found', code: ErrorCodes.notFound };
/** A served photo file: its content hash and width (photo-pipeline.ts names them). Originals are never served. */
const PHOTO_FILE = /^[0-9a-f]{24}-\d{2,4}\.(jpg|webp)$/;
const PHOTO_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
};

/**
 * The intake desk's photos, from object storage. A name is a content hash, so a file never changes
 * under it: browsers and the gateway keep it for a year without asking again.
 */
export function photoRoutes(storage: ObjectStorage): Router {
  return Router().get(`${PHOTO_MEDIA_PATH}/:file`, async (req, res) => {
    const file = req.params.file;
    const stored = PHOTO_FILE.test(file) ? await storage.get(photoKey(file)) : null;
    if (!stored) {
      res.status(404).json(notFoundBody);
      return;
    }
    res.status(200).set(PHOTO_HEADERS).set({ 'content-type': stored.contentType, 'content-length': String(stored.contentLength), etag: `"${file}"` });
    if (req.fresh) {
      stored.body.destroy();
      res.status(304).end();
      return;
    }
    // pipeline, not pipe: a browser that goes away mid-file closes the file (or frees the S3 connection) too.
    pipeline(stored.body, res, () => undefined);
  });
}

/**
 * Product images shipped with the service (`media/`). A file never changes under its name (a new
 * picture gets a new name), so browsers and the gateway may cache it for a year. The CSP keeps an
 * SVG opened on its own from running anything.
 */
export function mediaRoutes(mediaDir: string): Router {
  return Router().get(`${MEDIA_PATH}/:file`, (req, res, next) => {
    const file = req.params.file;
    if (!MEDIA_FILE.test(file)) {
      res.status(404).json(notFoundBody);
      return;
    }
    res.sendFile(
      file,
      {
        root: mediaDir,
        dotfiles: 'deny',
        maxAge: '365d',
        immutable: true,
        headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'x-content-type-options': 'nosniff' },
      },
      (err?: Error & { code?: string; status?: number }) => {
        if (!err) return;
        if (res.headersSent) return;
        if (err.code === 'ENOENT' || err.status === 404) res.status(404).json(notFoundBody);
        else next(err);
      },
    );
  });
}
