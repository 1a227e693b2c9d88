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
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { NatsConnection, Subscription } from 'nats';
import { CatalogSubjects, InternalHeaders, isPublicRead } from '@pl/contracts';
import { beforeHeaders, type Logger } from '@pl/service-kit';

const MAX_ENTRIES = 2000;
const MAX_BODY_BYTES = 1_000_000;
/** The longest any answer is kept, told about or not. */
export const MAX_AGE_MS = 30_000;
/** Per request or per hop: never replayed from a kept answer. */
const NOT_KEPT = new Set(['x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'set-cookie', InternalHeaders.keepUntil]);

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  until: number;
}

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

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry) {
    res.setHeader(InternalHeaders.requestId, randomUUID());
    if (req.headers['if-none-match'] === entry.etag) {
      const { 'content-length': _length, 'content-type': _type, ...rest } = entry.headers;
      res.writeHead(304, rest).end();
    } else {
      res.writeHead(200, entry.headers).end(req.method === 'HEAD' ? undefined : entry.body);
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
      const key = req.url!;
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
        entries.set(key, { headers, body, etag, until });
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
