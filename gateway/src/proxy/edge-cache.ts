// The gateway's copy of the catalogue's public answers (decision 018). The catalog keeps each
// answer it computed until PostgreSQL says something in it changed (decision 017), and says so
// in `x-pl-keep-until`; the gateway keeps the same answer, exact bytes and headers, and forgets
// all of them on CatalogSubjects.readsChanged, which every catalog instance sends on each change.
// A repeated read is then answered before Express, the session code or the proxy run: the
// shop's hottest path costs about what a bare HTTP server does.
// - Only what the catalog marked (a 200 with an ETag, no cookie either way, a public read path).
// - Nothing is kept, and everything is forgotten, while NATS is away: a lost signal cannot leave
//   an answer standing. A kept answer is asked for again after MAX_AGE_MS whatever happens.
// - A write through this gateway (a hold, a checkout) forgets everything before its answer
//   leaves, so the shopper who wrote reads their write.
// - A search's answer (a `q` in its address) is kept from its second asking on: most searches are
//   asked once, and keeping each (up to 1 MB apiece) only churned memory. A read without a search
//   (a page's list, a product, the counts) is kept at once.
// - A kept answer goes out compressed to a browser that accepts it (brotli, else gzip), each form
//   made once per kept answer, on first demand: a first page's 27 KB product list is ~4 KB on a
//   phone's network. Each form has its own strong ETag, and the answer says it varies by
//   Accept-Encoding, so a CDN keeps the forms apart.
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { NatsConnection, Subscription } from 'nats';
import { CatalogSubjects, InternalHeaders, isPublicRead } from '@pl/contracts';
import { beforeHeaders, type Logger } from '@pl/service-kit';
import { holdsEntityTag, preferredEncoding, type ContentEncoding } from '../http/negotiation.js';

const MAX_ENTRIES = 2000;
const MAX_BODY_BYTES = 1_000_000;
/** Smaller answers go out as they are: compressing them saves less than a packet. */
const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality for a kept answer: about as small as gzip -9, made in about a millisecond at 30 KB (11 would take tens). */
const BROTLI_QUALITY = 5;
/** How many searches asked once are remembered, to keep their answer when asked again (oldest forgotten first). */
const ASKED_ONCE_MAX = 10_000;
/** A read whose address carries a search (`?q=` or `&q=`). */
const SEARCH = /[?&]q=/;
/** The longest any answer is kept, told about or not. */
export const MAX_AGE_MS = 30_000;
/** Per request or per hop: never replayed from a kept answer. */
const NOT_KEPT = new Set(['x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'date', 'set-cookie', InternalHeaders.keepUntil]);

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  until: number;
  /** The compressed forms made so far, with their headers. */
  encoded: Partial<Record<Encoding, Representation>>;
}

type Encoding = Exclude<ContentEncoding, 'identity'>;
interface Representation {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
}

/** An entity tag for another form of the same answer: `"x"` → `"x-br"` (weak stays weak). */
const taggedFor = (etag: string, encoding: Encoding) => etag.replace(/"$/, `-${encoding === 'br' ? 'br' : 'gz'}"`);

export interface EdgeCache {
  /**
   * Before anything else: answers a kept public read (true: the response is done), and arranges
   * for a write's answer to forget everything first.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** The proxy's answer from the catalog: kept when the catalog says it may be. Takes the header off either way. */
  observe(req: IncomingMessage, proxyRes: IncomingMessage, res: ServerResponse): void;
  /** The body kept for a public read (its exact URL), while it may still be answered; undefined when none is. */
  peek(url: string): Buffer | undefined;
  /** Answers kept now (tests and the bench). */
  size(): number;
  /** Settles once the signal's subscription is confirmed: from then on answers are kept (tests). */
  ready: Promise<void>;
  close(): void;
}

export function createEdgeCache(deps: { nats: NatsConnection; logger: Logger; now?: () => number }): EdgeCache {
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ component: 'edge-cache' });
  const entries = new Map<string, Entry>();
  const askedOnce = new Set<string>();
  let version = 0;
  // Until the subscription is known to be in place, and whenever NATS is away, nothing is kept.
  let listening = false;
  const forget = () => {
    version++;
    entries.clear();
  };
  const subscription: Subscription = deps.nats.subscribe(CatalogSubjects.readsChanged, { callback: forget });
  const ready = deps.nats.flush().then(
    () => {
      forget();
      listening = !deps.nats.isClosed();
    },
    () => undefined,
  );
  void (async () => {
    for await (const status of deps.nats.status()) {
      if (status.type === 'disconnect') {
        listening = false;
        forget();
        log.warn('NATS away: catalogue answers are not kept until it is back');
      } else if (status.type === 'reconnect') {
        forget();
        listening = true;
      }
    }
  })();
  void deps.nats.closed().then(() => {
    listening = false;
    forget();
  });

  /** The form of a kept answer this request gets: compressed when the browser accepts it and the answer is worth it. */
  function representationFor(req: IncomingMessage, entry: Entry): Representation {
    const encoding = preferredEncoding(req);
    if (encoding === 'identity' || entry.body.length < COMPRESS_MIN_BYTES) return entry;
    let form = entry.encoded[encoding];
    if (!form) {
      const body =
        encoding === 'br'
          ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
          : gzipSync(entry.body, { level: 6 });
      const etag = taggedFor(entry.etag, encoding);
      form = { body, etag, headers: { ...entry.headers, etag, 'content-encoding': encoding, 'content-length': body.length } };
      entry.encoded[encoding] = form;
    }
    return form;
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry) {
    res.setHeader(InternalHeaders.requestId, randomUUID());
    const form = representationFor(req, entry);
    if (holdsEntityTag(req, form.etag)) {
      const { 'content-length': _length, 'content-type': _type, 'content-encoding': _encoding, ...rest } = form.headers;
      res.writeHead(304, rest).end();
    } else {
      res.writeHead(200, form.headers).end(req.method === 'HEAD' ? undefined : form.body);
    }
  }

  /** The entry for a key while it may still be answered (an expired one is dropped). */
  const current = (key: string): Entry | undefined => {
    const hit = listening ? entries.get(key) : undefined;
    if (!hit) return undefined;
    if (now() < hit.until) return hit;
    entries.delete(key);
    return undefined;
  };

  return {
    answer(req, res) {
      const method = req.method ?? 'GET';
      if (method !== 'GET' && method !== 'HEAD') {
        beforeHeaders(res, forget);
        return false;
      }
      const hit = current(req.url ?? '');
      if (!hit) return false;
      send(req, res, hit);
      return true;
    },
    observe(req, proxyRes, res) {
      const keepUntil = proxyRes.headers[InternalHeaders.keepUntil];
      delete proxyRes.headers[InternalHeaders.keepUntil];
      const etag = proxyRes.headers.etag;
      if (!listening || req.method !== 'GET' || typeof keepUntil !== 'string' || proxyRes.statusCode !== 200 || !etag) return;
      if (proxyRes.headers['set-cookie'] || res.getHeader('set-cookie') || !isPublicRead('GET', req.url ?? '')) return;
      // Once kept, the same address is answered compressed to those who accept it: say so from the first answer on.
      proxyRes.headers.vary = proxyRes.headers.vary ? `${proxyRes.headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      const key = req.url!;
      if (SEARCH.test(key) && !askedOnce.delete(key)) {
        askedOnce.add(key);
        if (askedOnce.size > ASKED_ONCE_MAX) askedOnce.delete(askedOnce.values().next().value!);
        return;
      }
      const told = Number(keepUntil);
      const until = Math.min(now() + MAX_AGE_MS, told > 0 ? told : Infinity);
      const before = version;
      let chunks: Buffer[] | undefined = [];
      let size = 0;
      proxyRes.on('data', (chunk: Buffer) => {
        if (!chunks) return;
        size += chunk.length;
        if (size > MAX_BODY_BYTES) chunks = undefined;
        else chunks.push(chunk);
      });
      proxyRes.on('end', () => {
        // Anything changed while it travelled: it may already be old.
        if (!chunks || !listening || version !== before || !proxyRes.complete) return;
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(res.getHeaders())) if (!NOT_KEPT.has(name) && value !== undefined) headers[name] = value;
        const body = Buffer.concat(chunks);
        headers['content-length'] = body.length;
        entries.delete(key);
        if (!headers.vary) headers.vary = 'Accept-Encoding';
        entries.set(key, { headers, body, etag, until, encoded: {} });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      });
    },
    peek: (url) => current(url)?.body,
    size: () => entries.size,
    ready,
    close() {
      listening = false;
      forget();
      if (!subscription.isClosed()) subscription.unsubscribe();
    },
  };
}
