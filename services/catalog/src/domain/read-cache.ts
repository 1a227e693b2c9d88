// The catalogue's public reads (product list, product page, category counts) are the shop's
// hottest path and change far less often than they are read. Each instance keeps the answers it
// computed, as the exact bytes sent with their ETag, and drops them all when PostgreSQL says
// anything they are made of changed (catalog_changed_<schema>, migration 006: a trigger on every
// table of stock, holds and products, by whichever instance wrote). Holds, checkout and every
// write keep deciding on PostgreSQL; only answers to shoppers' reads come from here.
// - An answer computed while a change landed is not kept (the version moved under it).
// - An answer showing a reservation is kept no longer than that reservation lasts (a hold that
//   lapses changes availability without any write).
// - A write through this instance's own API drops the answers before its response leaves, so whoever
//   wrote reads their write on the instance they wrote to; other instances catch up on the notification.
// - Without its LISTEN connection (not started, dropped) the cache keeps nothing and every read
//   goes to PostgreSQL, so it can be stale for no longer than a notification takes to arrive.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { InternalHeaders, type Product } from '@pl/contracts';
import { beforeHeaders, type Logger, type Pool, type PoolClient } from '@pl/service-kit';

/** Most answers kept per instance (a listing page per filter combination, a product page per product). */
const MAX_ENTRIES = 2000;
const RELISTEN_MS = 1000;
/** For a CDN in front of the shop (RFC 9213): fresh for a second, then served while it revalidates. */
export const CDN_CACHE_CONTROL = 'public, s-maxage=1, stale-while-revalidate=5';

interface Entry {
  version: number;
  body: Buffer;
  etag: string;
  /** Epoch ms after which the answer may be out of date by itself (a reservation ends); Infinity: never. */
  validUntil: number;
}

export interface ReadCache {
  /**
   * Answers a public read from the cache or from `compute`, with an ETag (a matching If-None-Match
   * gets 304). `expiry` says until when the answer stays true by itself (earliest reservation end,
   * or a lapse that brings back a product the answer left out).
   */
  answer<T>(req: Request, res: Response, compute: () => Promise<T>, expiry?: (value: T) => number | Promise<number>): Promise<void>;
  /**
   * LISTENs on the catalog's change channel; the returned stop ends it. `announce` is called on
   * every change heard (and when the LISTEN is lost or regained): the gateways' caches of these
   * answers forget theirs on it (CatalogSubjects.readsChanged).
   */
  start(pool: Pool, logger: Logger, announce?: () => void): Promise<{ stop(): Promise<void> }>;
  /** Before answering any request that is not a read, drops every answer (read-your-writes on this instance). */
  dropOnWrite: RequestHandler;
  /**
   * For tests: resolves once every change committed before the call has reached this cache
   * (PostgreSQL delivers notifications in commit order, so a notification of our own, sent after
   * them and received, means they have been).
   */
  caughtUp(): Promise<void>;
  /** For tests and the bench: entries now kept. */
  size(): number;
}

const SYNC_PREFIX = 'caught-up-';

export function createReadCache(): ReadCache {
  const entries = new Map<string, Entry>();
  let version = 0;
  let listening = false;
  let channel: { pool: Pool; name: string } | undefined;
  let syncs = 0;
  const waiting = new Map<number, () => void>();
  let announce = () => {};
  const changed = () => {
    version++;
    entries.clear();
    announce();
  };
  const notified = ({ payload }: { payload?: string }) => {
    if (!payload?.startsWith(SYNC_PREFIX)) return changed();
    const upTo = Number(payload.slice(SYNC_PREFIX.length));
    for (const [n, resolve] of waiting) {
      if (n > upTo) continue;
      waiting.delete(n);
      resolve();
    }
  };
  const written = new WeakSet<Response>();

  function send(req: Request, res: Response, entry: Pick<Entry, 'body' | 'etag' | 'validUntil'>, kept: boolean) {
    // The same for every visitor (the gateway forwards no session with these): any cache may keep
    // it. Browsers revalidate every time (a 304 is cheap), so a shopper never sees an older answer
    // than the last one; a CDN in front may answer for a second and revalidate in the background.
    res.set('etag', entry.etag).set('cache-control', 'public, no-cache').set('cdn-cache-control', CDN_CACHE_CONTROL);
    // Our gateways keep it as long as this cache does (they forget it on CatalogSubjects.readsChanged).
    if (kept) res.set(InternalHeaders.keepUntil, String(Number.isFinite(entry.validUntil) ? entry.validUntil : 0));
    if (req.get('if-none-match') === entry.etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(entry.body);
  }

  return {
    size: () => entries.size,
    dropOnWrite(req, res, next) {
      if (req.method === 'GET' || req.method === 'HEAD' || written.has(res)) return next();
      written.add(res);
      beforeHeaders(res, changed);
      next();
    },
    async caughtUp() {
      if (!listening || !channel) return;
      const n = ++syncs;
      const arrived = new Promise<void>((resolve) => waiting.set(n, resolve));
      await channel.pool.query('SELECT pg_notify($1, $2)', [channel.name, `${SYNC_PREFIX}${n}`]);
      await arrived;
    },
    async answer(req, res, compute, expiry) {
      const key = req.originalUrl;
      const hit = listening ? entries.get(key) : undefined;
      if (hit && hit.version === version && Date.now() < hit.validUntil) {
        // Most recently used last, so the oldest is the one dropped when full.
        entries.delete(key);
        entries.set(key, hit);
        send(req, res, hit, true);
        return;
      }
      const before = version;
      const value = await compute();
      const body = Buffer.from(JSON.stringify(value));
      const entry: Entry = { version: before, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, validUntil: expiry ? await expiry(value) : Infinity };
      const keep = listening && version === before;
      if (keep) {
        entries.delete(key);
        entries.set(key, entry);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      send(req, res, entry, keep);
    },
    async start(pool, logger, onChange) {
      if (onChange) announce = onChange;
      let stopped = false;
      let client: PoolClient | undefined;
      let timer: NodeJS.Timeout | undefined;
      const drop = (err?: Error) => {
        listening = false;
        channel = undefined;
        changed();
        for (const resolve of waiting.values()) resolve();
        waiting.clear();
        if (!client) return;
        client.removeAllListeners('notification');
        client.removeAllListeners('error');
        client.release(err);
        client = undefined;
      };
      const listen = async (): Promise<void> => {
        if (stopped) return;
        try {
          client = await pool.connect();
          client.on('notification', notified);
          client.on('error', (err) => {
            logger.warn({ err }, 'read cache lost its LISTEN connection; reading from PostgreSQL until it is back');
            drop(err);
            if (!stopped) timer = setTimeout(() => void listen(), RELISTEN_MS);
          });
          const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
          const name = `catalog_changed_${rows[0]!.schema}`;
          await client.query(`LISTEN "${name}"`);
          // Whatever was computed before the LISTEN took effect may already be out of date.
          changed();
          channel = { pool, name };
          listening = true;
        } catch (err) {
          if (!stopped) logger.warn({ err }, 'read cache cannot LISTEN; reading from PostgreSQL for now');
          drop(err as Error);
          if (!stopped) timer = setTimeout(() => void listen(), RELISTEN_MS);
        }
      };
      await listen();
      return {
        async stop() {
          stopped = true;
          if (timer) clearTimeout(timer);
          if (client) await client.query('UNLISTEN *').then(() => drop(), (err: Error) => drop(err));
          else drop();
        },
      };
    },
  };
}

/** Until when products stay true as shown: the earliest end of a reservation they show (Infinity: none). */
export function reservationExpiry(products: readonly Product[]): number {
  let earliest = Infinity;
  for (const product of products) {
    for (const variant of product.variants) if (variant.reservedUntil) earliest = Math.min(earliest, Date.parse(variant.reservedUntil));
  }
  return earliest;
}
