import { Router } from 'express';
import { ErrorCodes, MEDIA_PATH } from '@pl/contracts';

/** A plain file name of ours: no path separators, no dot files, one known image extension. */
const MEDIA_FILE = /^[a-z0-9][a-z0-9-]{0,100}\.(svg|png|jpg|jpeg|webp)$/;
const notFoundBody = { message: 'Image not found', code: ErrorCodes.notFound };

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
