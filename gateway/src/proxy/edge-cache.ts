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
// - Every public read passes through here, kept or not (`deliver`): its body is read whole (they
//   are bounded: a page of at most 100 products) and goes out compressed to a browser that accepts
//   it (brotli, else gzip), compressed in one call. A compression stream per answer cost ~0.2 ms
//   more than that whatever the size (8 KB: 0.26 ms against 0.03). A kept answer keeps each form
//   made: a first page's 27 KB product list is ~4 KB on a phone's network. Each form has its own
//   strong ETag, and the answer says it varies by Accept-Encoding, so a CDN keeps the forms apart.
//   Anything else (an image, a body over MAX_BODY_BYTES, a HEAD) goes through as it comes.
// - Images the catalog marks immutable (the intake desk's photos, under content-hashed names) are
//   kept apart, by bytes (GATEWAY_MEDIA_CACHE_MB, least recently asked for forgotten first): their
//   bytes never change under their name, so no signal is needed and they are answered even while
//   NATS is away. A photo's request then costs the gateway what a static file server's does, and
//   the catalog and object storage are not asked again (issue 29: ≥ 50 % of a bare static server).
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
/**
 * How hard each form is compressed. A kept answer is made once and sent many times: brotli 5 is
 * about as small as gzip -9, made in about a millisecond at 30 KB (11 would take tens). An answer
 * sent once (a search, most of them asked once) pays for its compression itself: brotli 4 and
 * gzip 3 take half the time for ~10 % more bytes (83 KB of products: 0.41 ms and 9.8 KB, gzip 3
 * 0.32 ms and 11.2 KB, against 0.74 ms and 9.0 KB, gzip 6 0.63 ms and 9.8 KB).
 */
const EFFORT = { kept: { br: 5, gzip: 6 }, once: { br: 4, gzip: 3 } } as const;
/** What is worth compressing: text (JSON answers, SVG images). Photos are compressed already. */
const COMPRESSIBLE = /^(application\/(json|problem\+json)|image\/svg\+xml|text\/)/;
/** Never copied from the catalog's answer: per hop, or set again for the form sent. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);
/** How many searches asked once are remembered, to keep their answer when asked again (oldest forgotten first). */
const ASKED_ONCE_MAX = 10_000;
/** A read whose address carries a search (`?q=` or `&q=`). */
const SEARCH = /[?&]q=/;
/** The longest any answer is kept, told about or not. */
export const MAX_AGE_MS = 30_000;
/** Per request or per hop: never replayed from a kept answer. */
const NOT_KEPT = new Set([...HOP_BY_HOP, 'x-request-id', 'content-encoding', 'date', 'set-cookie', InternalHeaders.keepUntil]);

/** The largest image kept in memory: a photo's sizes are 10–400 kB; larger ones stream through. */
const MEDIA_MAX_BYTES = 2 * 1024 * 1024;
const IMMUTABLE = /(^|,)\s*immutable\s*(,|$)/;

interface MediaEntry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag?: string;
  until: number;
  /** Kept to be sent again: its forms are worth more effort. */
  kept: boolean;
  /** The compressed forms made so far, with their headers. */
  encoded: Partial<Record<Encoding, Representation>>;
}

type Encoding = Exclude<ContentEncoding, 'identity'>;
interface Representation {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag?: string;
}

/** An entity tag for another form of the same answer: `"x"` → `"x-br"` (weak stays weak). */
const taggedFor = (etag: string, encoding: Encoding) => etag.replace(/"$/, `-${encoding === 'br' ? 'br' : 'gz'}"`);

export interface EdgeCache {
  /**
   * Before anything else: answers a kept public read (true: the response is done), and arranges
   * for a write's answer to forget everything first.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Sends the catalog's answer to a public read (the proxy leaves the response to this), compressed
   * for the browser, and keeps it when the catalog says it may be. Takes the keep header off either way.
   */
  deliver(req: IncomingMessage, proxyRes: IncomingMessage, res: ServerResponse): void;
  /** The body kept for a public read (its exact URL), while it may still be answered; undefined when none is. */
  peek(url: string): Buffer | undefined;
  /**
   * Moves on with every catalogue change this gateway hears of (and whenever it may have missed
   * one); NaN while it cannot hear them (NATS away). What was read from the catalog at one value is
   * current for as long as it stays the same.
   */
  changes(): number;
  /** Answers kept now (tests and the bench). */
  size(): number;
  /** Settles once the signal's subscription is confirmed: from then on answers are kept (tests). */
  ready: Promise<void>;
  close(): void;
}

export function createEdgeCache(deps: { nats: NatsConnection; logger: Logger; now?: () => number; mediaBytes?: number }): EdgeCache {
  const now = deps.now ?? Date.now;
  const mediaBudget = deps.mediaBytes ?? 64 * 1024 * 1024;
  /** Immutable images by URL, least recently asked for first. */
  const media = new Map<string, MediaEntry>();
  let mediaSize = 0;
  const keepMedia = (key: string, entry: MediaEntry) => {
    if (entry.body.length > mediaBudget || media.has(key)) return;
    media.set(key, entry);
    mediaSize += entry.body.length;
    for (const [oldest, old] of media) {
      if (mediaSize <= mediaBudget) break;
      media.delete(oldest);
      mediaSize -= old.body.length;
    }
  };
  const answerMedia = (req: IncomingMessage, res: ServerResponse): boolean => {
    const key = req.url ?? '';
    const hit = media.get(key);
    if (!hit) return false;
    media.delete(key);
    media.set(key, hit);
    res.setHeader(InternalHeaders.requestId, randomUUID());
    const etag = hit.headers.etag;
    if (typeof etag === 'string' && holdsEntityTag(req, etag)) {
      const { 'content-length': _length, 'content-type': _type, ...rest } = hit.headers;
      res.writeHead(304, rest).end();
    } else res.writeHead(200, hit.headers).end(req.method === 'HEAD' ? undefined : hit.body);
    return true;
  };
  const log = deps.logger.child({ component: 'edge-cache' });
  const entries = new Map<string, Entry>();
  const askedOnce = new Set<string>();
  let version = 0;
  /**
   * The version when each read went on to the catalog. An answer is kept only if nothing changed
   * since it was asked for: the catalog may compute it before a change and the change's signal may
   * reach here before the answer does (it then stood, old, for up to MAX_AGE_MS).
   */
  const askedAt = new WeakMap<IncomingMessage, number>();
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
      const effort = EFFORT[entry.kept ? 'kept' : 'once'][encoding];
      const body =
        encoding === 'br'
          ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: effort, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
          : gzipSync(entry.body, { level: effort });
      const etag = entry.etag === undefined ? undefined : taggedFor(entry.etag, encoding);
      form = { body, etag, headers: { ...entry.headers, ...(etag ? { etag } : {}), 'content-encoding': encoding, 'content-length': body.length } };
      entry.encoded[encoding] = form;
    }
    return form;
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry) {
    const form = representationFor(req, entry);
    if (form.etag !== undefined && holdsEntityTag(req, form.etag)) {
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
      if (answerMedia(req, res)) return true;
      const hit = current(req.url ?? '');
      if (!hit) {
        askedAt.set(req, version);
        return false;
      }
      res.setHeader(InternalHeaders.requestId, randomUUID());
      send(req, res, hit);
      return true;
    },
    deliver(req, proxyRes, res) {
      const keepUntil = proxyRes.headers[InternalHeaders.keepUntil];
      delete proxyRes.headers[InternalHeaders.keepUntil];
      const status = proxyRes.statusCode ?? 502;
      for (const [name, value] of Object.entries(proxyRes.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) res.setHeader(name, value);
      const length = proxyRes.headers['content-length'];
      /** Sends the answer on as it comes, after what was already read of it. */
      const passThrough = (read: Buffer[] = []) => {
        if (length !== undefined) res.setHeader('content-length', length);
        res.writeHead(status);
        for (const chunk of read) res.write(chunk);
        proxyRes.pipe(res);
      };
      // An answer the service encoded itself is passed on as it is, never encoded twice.
      const whole =
        req.method === 'GET' && status === 200 && COMPRESSIBLE.test(proxyRes.headers['content-type'] ?? '') && !proxyRes.headers['content-encoding'] && Number(length ?? 0) <= MAX_BODY_BYTES;
      const immutable =
        req.method === 'GET' && status === 200 && IMMUTABLE.test(String(proxyRes.headers['cache-control'] ?? '')) && !proxyRes.headers['set-cookie'] && Number(length ?? Infinity) <= MEDIA_MAX_BYTES;
      if (immutable) {
        // Sent on as it comes, and kept once whole.
        const chunks: Buffer[] = [];
        proxyRes.on('data', (chunk: Buffer) => chunks.push(chunk));
        proxyRes.on('end', () => {
          if (!proxyRes.complete) return;
          const headers: OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(res.getHeaders())) if (!NOT_KEPT.has(name) && value !== undefined) headers[name] = value;
          const body = Buffer.concat(chunks);
          headers['content-length'] = body.length;
          keepMedia(req.url!, { headers, body });
        });
        return passThrough();
      }
      if (!whole) return passThrough();
      // Once kept, the same address is answered compressed to those who accept it: say so from the first answer on.
      const vary = res.getHeader('vary');
      res.setHeader('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      const etag = proxyRes.headers.etag;
      const key = req.url!;
      let keep = listening && typeof keepUntil === 'string' && etag !== undefined && isPublicRead('GET', key) && !res.getHeader('set-cookie') && !proxyRes.headers['set-cookie'];
      if (keep && SEARCH.test(key) && !askedOnce.delete(key)) {
        askedOnce.add(key);
        if (askedOnce.size > ASKED_ONCE_MAX) askedOnce.delete(askedOnce.values().next().value!);
        keep = false;
      }
      const before = askedAt.get(req);
      const chunks: Buffer[] = [];
      let size = 0;
      const collect = (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Longer than it may be to be read whole (no length was given): the rest streams.
        if (size <= MAX_BODY_BYTES) return;
        proxyRes.off('data', collect).off('end', finish);
        proxyRes.pause();
        passThrough(chunks);
      };
      const finish = () => {
        if (!proxyRes.complete) return void res.destroy();
        const body = Buffer.concat(chunks, size);
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(res.getHeaders())) if (!NOT_KEPT.has(name) && value !== undefined) headers[name] = value;
        headers['content-length'] = body.length;
        const told = Number(keepUntil);
        // Anything changed since it was asked for: it may already be old, so it is sent but not kept.
        const kept = keep && listening && version === before;
        const entry: Entry = { headers, body, etag, until: Math.min(now() + MAX_AGE_MS, told > 0 ? told : Infinity), kept, encoded: {} };
        if (kept) {
          entries.delete(key);
          entries.set(key, entry);
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        }
        send(req, res, entry);
      };
      proxyRes.on('data', collect).on('end', finish);
    },
    peek: (url) => current(url)?.body,
    changes: () => (listening ? version : Number.NaN),
    size: () => entries.size,
    ready,
    close() {
      listening = false;
      forget();
      media.clear();
      mediaSize = 0;
      if (!subscription.isClosed()) subscription.unsubscribe();
    },
  };
}
