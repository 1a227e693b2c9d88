// Serves the shell's build. Content-hashed files never change, so browsers may keep them for a
// year; index.html names the current hashes, so it is revalidated on every load. Any other GET
// that is not an API call and does not look like a file is a client-side route: it gets
// index.html and the shell's router takes it from there (its 404 page included).
import path from 'node:path';
import compression from 'compression';
import express, { Router, type Request, type Response } from 'express';
import { ErrorCodes } from '@pl/contracts';

/** Rsbuild names built files `name.<8+ hex>.ext`. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths that belong to the server, never to the shell's router. */
const SERVER_PREFIXES = ['/api/', '/runtime/', '/.well-known/', '/static/', '/ws'];
/** A last path segment with a file extension is a request for a file, not a page. */
const LOOKS_LIKE_FILE = /\.(?:js|mjs|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|eot|wasm)$/i;

export interface ServeShellOptions {
  distDir: string;
  /** Runs before index.html is sent (the gateway gives a new browser its guest session here). */
  beforePage?: (req: Request, res: Response) => Promise<void>;
}

export function serveShell(options: ServeShellOptions): Router {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');
  const router = Router();

  // The shell's JS and CSS are most of a first page: compress them (API responses are the services' business).
  router.use(compression());
  router.use(
    express.static(distDir, {
      index: false,
      redirect: false,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', HASHED_FILE.test(path.basename(filePath)) ? IMMUTABLE : 'no-cache');
      },
    }),
  );

  router.get('/{*splat}', async (req, res, next) => {
    const isServerPath = SERVER_PREFIXES.some((p) => req.path === p.replace(/\/$/, '') || req.path.startsWith(p));
    if (isServerPath || LOOKS_LIKE_FILE.test(req.path)) {
      res.status(404).json({ message: 'Not found', code: ErrorCodes.notFound });
      return;
    }
    await options.beforePage?.(req, res);
    sendIndex(indexFile, req, res, next);
  });

  return router;
}

function sendIndex(indexFile: string, req: Request, res: Response, next: (err?: unknown) => void): void {
  // A page that carries a new session cookie must not be stored by any cache (it would hand one
  // browser's session to the next); otherwise it is revalidated on every load.
  res.setHeader('Cache-Control', res.getHeader('set-cookie') ? 'no-store' : 'no-cache');
  res.sendFile(indexFile, (err?: NodeJS.ErrnoException) => {
    if (!err) return;
    if (err.code !== 'ENOENT') return next(err);
    req.log.error({ indexFile }, 'shell is not built: index.html missing');
    shellNotBuilt(req, res);
  });
}

/** The gateway can run before the shell is built (API-only work); say so plainly instead of a bare 404. */
function shellNotBuilt(req: Request, res: Response): void {
  const message = 'The shop web app is not built yet. Run `npm run build` (or `npm start`) and reload.';
  res.status(503).setHeader('Cache-Control', 'no-store').setHeader('Retry-After', '10');
  if (req.accepts(['html', 'json']) === 'html') {
    res
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Professional Liquidation</title></head>` +
          `<body><h1>Professional Liquidation</h1><p>${message}</p></body></html>`,
      );
    return;
  }
  res.json({ message, code: 'SHELL_NOT_BUILT' });
}
