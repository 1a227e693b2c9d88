// Serves one built remote (its dist/ folder) on its own port with the CORS headers the shell's
// origin needs to fetch the manifest and chunks: hashed chunks cached for a year, the manifest and
// entry revalidated (ETag / Last-Modified, 304), compressible files sent in the brotli or gzip form
// the build wrote beside them (scripts/precompress.mjs; compressed once here if missing). Used by `npm start`, by `npm run serve -w <remote>`
// and by the end-to-end tests (which move a remote to a new port at run time).
import http from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { COMPRESSIBLE } from './precompress.mjs';

const ENCODERS = { br: (body) => brotliCompressSync(body), gzip: (body) => gzipSync(body, { level: 9 }) };
const SUFFIX = { br: '.br', gzip: '.gz' };
/** Built files do not change while served: each encoding read (or made) once per path and mtime. */
const encodedCache = new Map();
function encoded(file, mtimeMs, encoding) {
  const key = `${encoding}:${file}`;
  const hit = encodedCache.get(key);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  let body;
  try {
    body = readFileSync(file + SUFFIX[encoding]);
  } catch {
    body = ENCODERS[encoding](readFileSync(file));
  }
  encodedCache.set(key, { mtimeMs, body });
  return body;
}

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The browser's copy is current: its If-None-Match names this version, or (without one) If-Modified-Since is not older. */
function notModified(req, etag, mtime) {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

export function serveStatic({ dir, port, host = '0.0.0.0' }) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    // Remote assets are public and fetched without credentials, so any origin may read them.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    let stat;
    try {
      stat = statSync(file);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    if (!stat.isFile()) {
      res.writeHead(404).end();
      return;
    }
    const ext = path.extname(file);
    // Entry files keep their names across deploys; hashed chunks never change.
    const stable = /(mf-manifest\.json|remoteEntry\.js|index\.html)$/.test(file);
    // The validators let a browser revalidate a manifest or entry with a 304 instead of downloading it again.
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': stable ? 'no-cache' : 'public, max-age=31536000, immutable',
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      Vary: 'Accept-Encoding',
    };
    if (notModified(req, etag, stat.mtime)) {
      res.writeHead(304, headers).end();
      return;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (COMPRESSIBLE.test(file) && encoding) {
      const body = encoded(file, stat.mtimeMs, encoding);
      res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': stat.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({ port: server.address().port, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const port = Number(process.env.PORT ?? process.argv[3] ?? 0);
  serveStatic({ dir, port }).then(({ port: bound }) => console.log(`serving ${path.resolve(dir)} on http://localhost:${bound}`));
}
