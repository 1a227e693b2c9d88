// Serves the shell's build. Content-hashed files never change, so browsers may keep them for a
// year; index.html names the current hashes, so it is revalidated on every load (ETag, 304). Any
// other GET that is not an API call and does not look like a file is a client-side route: it gets
// index.html and the shell's router takes it from there (its 404 page included).
//
// The page is the same bytes for every visitor (no session is started with it, decision 020), so
// it is held in memory with its brotli and gzip forms and, once Express has answered one page and
// the security headers are known, answered before Express like the edge cache's reads. Compressed
// forms come from the build (`file.br`, `file.gz` beside each file) or, for a file built without
// them, are made once on first request; nothing is compressed per request.
import { readFileSync, statSync, unwatchFile, watchFile } from 'node:fs';
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import express, { Router, type Request, type Response } from 'express';
import { documentTitleOf, ErrorCodes, firstViewDataOf, firstViewReadsOf, HealthPaths, InternalHeaders, type RemoteModuleId, remotePageOf } from '@pl/contracts';
import { requestIdFrom } from '@pl/service-kit';
import { holdsEntityTag, preferredEncoding, type ContentEncoding } from '../http/negotiation.js';
import { carriesOneTimeToken, withoutDocumentHeaders } from '../security/headers.js';
import { createLeadImages } from './lead-image.js';
import { attribute, text, type PageHead } from './page-head.js';
import type { PageFragment, PageFragments } from './page-fragments.js';

/** Rsbuild names built files `name.<8+ hex>.ext`. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const COMPRESSIBLE = /\.(?:js|mjs|css|json|html|svg|map|txt)$/i;
/** Files a browser runs or applies but never shows as a page (an SVG or HTML file could be one). */
const SCRIPT_OR_STYLE = /\.(?:js|mjs|css)$/i;

/** Paths that belong to the server, never to the shell's router. */
const SERVER_PREFIXES = ['/api/', '/runtime/', '/.well-known/', '/static/', '/ws'];
/** A last path segment with a file extension is a request for a file, not a page. */
const LOOKS_LIKE_FILE = /\.(?:js|mjs|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|eot|wasm)$/i;
/** Per request or per hop: never replayed from the kept page headers. */
const NOT_KEPT = new Set(['x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'date', 'set-cookie', 'etag', 'vary']);

/** One built file in memory, with the encodings a browser may ask for. */
interface Variants {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface ServeShellOptions {
  distDir: string;
  /** What the gateway writes into index.html's head per kind of page (page-head.ts); the built file as it is without. */
  head?: PageHead;
  /** The body of a catalogue read the gateway keeps (edge cache), if it keeps one for this path. */
  keptRead?: (path: string) => Buffer | undefined;
  /** What the team of the thing a page shows writes into its head (page-fragments.ts, decision 073). */
  fragments?: PageFragments;
}

/** Pages with a fragment of their own kept at once (their bytes differ per product), oldest dropped first. */
const FRAGMENT_PAGES_KEPT = 500;

export interface ShellServer {
  /** Express: the built files, and index.html for client routes (the first one, and token pages). */
  router: Router;
  /** Before Express: a page answered from memory once its headers are known (true: done). */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** CSP sources (`'sha256-…'`) of the built index.html's inline <style> blocks (its first paint). */
  inlineStyleHashes(): readonly string[];
  close(): void;
}

export function serveShell(options: ServeShellOptions): ShellServer {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');
  const files = new Map<string, { mtimeMs: number; variants: Variants }>();
  /** Built file → its variants, read (and compressed if the build did not) once per version. */
  const variantsOf = (file: string, mtimeMs: number): Variants => {
    const kept = files.get(file);
    if (kept?.mtimeMs === mtimeMs) return kept.variants;
    const variants = variantsFrom(readFileSync(file), file);
    files.set(file, { mtimeMs, variants });
    return variants;
  };

  // The page, per kind (its head names what that page's first view loads): made on first use, and
  // again whenever the build replaces index.html or the head has more to say.
  const pages = new Map<string, Variants>();
  /** Security headers of an ordinary page, taken from the first page Express answered. */
  let pageHeaders: OutgoingHttpHeaders | undefined;
  /** index.html as built, read once per build (null: not built). */
  let builtIndex: Buffer | null | undefined;
  const readIndex = (): Buffer | null => {
    if (builtIndex === undefined) {
      try {
        builtIndex = readFileSync(indexFile);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        builtIndex = null;
      }
    }
    return builtIndex;
  };
  /** The page showing the remote page `page` (contracts remotePageOf; undefined: none). */
  const pageFor = (page: RemoteModuleId | undefined): Variants | undefined => {
    const key = page ?? '';
    const kept = pages.get(key);
    if (kept) return kept;
    const built = readIndex();
    if (!built) return undefined;
    const variants = options.head ? variantsFrom(Buffer.from(options.head.render(built.toString('utf8'), page))) : variantsFrom(built, indexFile);
    pages.set(key, variants);
    return variants;
  };
  /**
   * The page showing `page` with its fragment: the team's title and description instead of the
   * contract's, and its elements at the end of the head. Compressed faster than the shared pages
   * (each is made once per product and version, on a request).
   */
  const fragmentPages = new Map<string, Variants>();
  const pageWith = (page: RemoteModuleId | undefined, fragment: PageFragment): Variants | undefined => {
    const kept = fragmentPages.get(fragment.key);
    if (kept) return kept;
    const built = readIndex();
    if (!built) return undefined;
    const html = (options.head ? options.head.render(built.toString('utf8'), page) : built.toString('utf8'))
      // Replaced by functions: a price's `$` in a replacement string would be read as a pattern.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${text(documentTitleOf(fragment.title))}</title>`)
      .replace(/<meta name="description" content="[^"]*">/, () => `<meta name="description" content="${attribute(fragment.description)}">`)
      .replace('</head>', () => `${fragment.head}${fragment.firstView?.data ?? ''}</head>`);
    const composed = fragment.firstView ? withFirstView(html, fragment.firstView) : html;
    const variants = variantsFrom(Buffer.from(composed), undefined, FRAGMENT_PAGE_QUALITY);
    fragmentPages.set(fragment.key, variants);
    if (fragmentPages.size > FRAGMENT_PAGES_KEPT) fragmentPages.delete(fragmentPages.keys().next().value!);
    return variants;
  };
  /** CSP hash sources of index.html's <style> blocks, per build of it. */
  let styleHashes: readonly string[] | undefined;
  const forgetPages = () => {
    builtIndex = undefined;
    pages.clear();
    fragmentPages.clear();
    styleHashes = undefined;
    // Headers are taken again from the next page Express answers: a new build may need a new CSP.
    pageHeaders = undefined;
  };
  watchFile(indexFile, { interval: 2000, persistent: false }, forgetPages);
  options.head?.onChange(forgetPages);

  const router = Router();
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    const file = path.join(distDir, decodeURIComponentSafe(req.path));
    if (!file.startsWith(distDir + path.sep)) return next();
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return next();
    }
    if (!stat.isFile()) return next();
    res.setHeader('Cache-Control', HASHED_FILE.test(path.basename(file)) ? IMMUTABLE : 'no-cache');
    if (SCRIPT_OR_STYLE.test(file)) withoutDocumentHeaders(res);
    res.type(path.extname(file));
    send(req, res, variantsOf(file, stat.mtimeMs));
  });
  router.use(
    express.static(distDir, {
      index: false,
      redirect: false,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', HASHED_FILE.test(path.basename(filePath)) ? IMMUTABLE : 'no-cache');
      },
    }),
  );

  router.get('/{*splat}', async (req, res) => {
    if (!isPagePath(req.path)) {
      res.status(404).json({ message: 'Not found', code: ErrorCodes.notFound });
      return;
    }
    const page = remotePageOf(req.path);
    const query = queryOf(req.url);
    const known = options.fragments?.kept(page, req.path, query);
    const fragment = known === undefined && options.fragments ? await options.fragments.load(page, req.path, query, requestIdFrom(req.headers[InternalHeaders.requestId])) : known;
    const current = (fragment && pageWith(page, fragment)) || pageFor(page);
    if (!current) {
      req.log.error({ indexFile }, 'shell is not built: index.html missing');
      shellNotBuilt(req, res);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html');
    const data = preloads(page, req.path, query);
    if (!carriesOneTimeToken(req.path, req.query)) {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.getHeaders())) if (!NOT_KEPT.has(name) && value !== undefined) headers[name] = value;
      pageHeaders = headers;
    }
    if (data) res.setHeader('Link', data);
    send(req, res, current);
  });

  /** The fast path's whole header block per encoding, flat (name, value, …), built once per page and headers. */
  const fast = new WeakMap<Variants, { headers: OutgoingHttpHeaders; blocks: Record<ContentEncoding, string[]> }>();
  const fastBlocks = (current: Variants, headers: OutgoingHttpHeaders) => {
    let kept = fast.get(current);
    if (kept?.headers !== headers) {
      const base = Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : [[name, String(value)]])).flat();
      const block = (encoding: ContentEncoding) => [
        ...base,
        'etag', current.etag,
        'vary', 'Accept-Encoding',
        ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
        'content-length', String(current[encoding].length),
      ];
      kept = { headers, blocks: { identity: block('identity'), br: block('br'), gzip: block('gzip') } };
      fast.set(current, kept);
    }
    return kept.blocks;
  };

  /**
   * The `Link` preloads of the page's first view: its catalogue read (contracts firstViewDataOf),
   * per request since it may name the product, the reads its modules start whatever the address
   * (firstViewReadsOf), and the catalogue read's lead image when the gateway keeps the read's answer
   * or has seen it before (lead-image.ts). `use-credentials` on the reads: the shell's API client fetches with
   * credentials 'include', and a preload is used only by a request like it.
   */
  const leadImages = createLeadImages();
  const preloads = (page: RemoteModuleId | undefined, pathname: string, query: string): string | undefined => {
    const data = firstViewDataOf(page, pathname, query);
    const imagePreload = data && leadImages.of(data, options.keptRead?.(data));
    const links = [...(data ? [data] : []), ...firstViewReadsOf(page)].map((read) => `<${read}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    if (imagePreload) links.push(imagePreload);
    return links.length > 0 ? links.join(', ') : undefined;
  };

  return {
    router,
    answer(req, res) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !pageHeaders) return false;
      const url = req.url ?? '/';
      // Origin-form only ('/path'): an absolute-form request line is left to Express's parsing.
      if (!url.startsWith('/')) return false;
      const at = url.indexOf('?');
      const pathname = at < 0 ? url : url.slice(0, at);
      if (!isPagePath(pathname)) return false;
      const query = queryOf(url);
      if (carriesOneTimeToken(pathname, query === '' ? {} : Object.fromEntries(new URLSearchParams(query)))) return false;
      const page = remotePageOf(pathname);
      // A page whose fragment is not kept now waits for it in Express (load).
      const fragment = options.fragments?.kept(page, pathname, query);
      if (fragment === undefined && options.fragments) return false;
      const current = (fragment && pageWith(page, fragment)) || pageFor(page);
      // A revalidation (304) is rare next to first loads: Express answers it.
      if (!current || holdsEntityTag(req, current.etag)) return false;
      const encoding = preferredEncoding(req);
      const data = preloads(page, pathname, query);
      res.writeHead(200, [
        ...fastBlocks(current, pageHeaders)[encoding],
        InternalHeaders.requestId,
        requestIdFrom(req.headers[InternalHeaders.requestId]),
        ...(data ? ['link', data] : []),
      ]);
      res.end(req.method === 'HEAD' ? undefined : current[encoding]);
      return true;
    },
    inlineStyleHashes() {
      if (!styleHashes) {
        // Not built: no page, no style to allow.
        const html = readIndex()?.toString('utf8') ?? '';
        styleHashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => `'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
      }
      return styleHashes;
    },
    close: () => unwatchFile(indexFile, forgetPages),
  };
}

/** What index.html's #root holds before the app renders (the header's picture), which a page rendered on the server (decision 076) replaces. */
const ROOT = /<div id="root">[\s\S]*?<!--first-view--><\/div>/;
/** A stylesheet the page only preloads (the shell's and its remotes': their scripts apply them). */
const PRELOADED_STYLESHEET = /<link (?:href="([^"]+)" rel="preload" as="style"|rel="preload" href="([^"]+)" as="style")>/g;

/**
 * The page with its first screen (the layout and the page, first-views.ts) in #root, and the
 * stylesheets it is drawn with (the shell's own, and those of the page's remote at `stylesFrom`)
 * applied before the first paint instead of preloaded for the scripts, which then find them applied
 * and add none. Another team's (a part that loads later) stays a preload: it would hold the first
 * paint for nothing. The app's first render replaces the first screen with the same.
 */
function withFirstView(html: string, firstView: { markup: string; stylesFrom?: string }): string {
  if (!ROOT.test(html)) return html;
  const drawnWith = (href: string) => href.startsWith('/') ? !href.startsWith('//') : firstView.stylesFrom !== undefined && href.startsWith(`${firstView.stylesFrom}/`);
  return html
    .replace(PRELOADED_STYLESHEET, (link: string, first: string | undefined, second: string | undefined) => {
      const href = (first ?? second)!;
      return drawnWith(href) ? `<link rel="stylesheet" href="${href}">` : link;
    })
    .replace(ROOT, () => `<div id="root">${firstView.markup}</div>`);
}

/** Brotli's quality for a page made on a request (one per product): ~1 ms, where 11 takes tens. */
const FRAGMENT_PAGE_QUALITY = 5;

/** A file's encodings: the build's `.br`/`.gz` beside `file` when given (and present), else compressed here, once. */
function variantsFrom(identity: Buffer, file?: string, quality = 11): Variants {
  const compressed = (suffix: string, make: () => Buffer) => (file ? readOr(`${file}${suffix}`, make) : make());
  return {
    identity,
    br: compressed('.br', () => brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } })),
    gzip: compressed('.gz', () => gzipSync(identity, { level: quality === 11 ? 9 : 6 })),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/** Answers with the encoding the browser prefers, or 304 when its copy is current. */
function send(req: IncomingMessage, res: ServerResponse, file: Variants): void {
  res.setHeader('ETag', file.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (holdsEntityTag(req, file.etag)) {
    res.removeHeader('Content-Type');
    res.writeHead(304).end();
    return;
  }
  const encoding = preferredEncoding(req);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', file[encoding].length);
  res.writeHead(200).end(req.method === 'HEAD' ? undefined : file[encoding]);
}

/** Paths the gateway answers itself, never with the page: its health checks (and /metrics, refused). */
const SERVER_PATHS = new Set<string>([HealthPaths.live, HealthPaths.ready, '/metrics']);

/** A request target's query, without its '?' ('' when it has none). */
function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

function isPagePath(pathname: string): boolean {
  const isServerPath = SERVER_PATHS.has(pathname) || SERVER_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
  return !isServerPath && !LOOKS_LIKE_FILE.test(pathname);
}

function readOr(file: string, make: () => Buffer): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return make();
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
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
