// The crawlers' documents (sitemaps and the merchant feed, decision 070) are few, large, and asked
// for now and then by crawlers on their own schedules; the read cache (decision 017) suits none of
// it: it drops everything on every hold, and keeps JSON. Here each document is built at most once
// per TTL per instance, however many ask at once (they wait for the one build), and kept gzipped
// (XML shrinks ~10x): a crawler that accepts gzip (they all do) is sent the kept bytes as they are,
// any other client the same bytes inflated as they go out. A document is never older than the TTL
// when sent, so a change shows within it; ETags let a crawler that has it already get a 304.
// A build writes its text through a gzip stream chunk by chunk, so the whole text never waits in
// memory; what is kept is bounded in count and in bytes (the oldest forgotten first).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Request, Response } from 'express';

/** How long a document is served before it is built again: well inside the minute the shop promises (issue 31). */
export const DOCUMENT_TTL_MS = 30_000;
/** Documents kept per instance: an index, the pages, a few product files and the feed, for the one public origin. */
const MAX_ENTRIES = 32;
/** Gzipped bytes kept per instance; a document larger than this is built for each request after its TTL, not kept. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Characters of text handed to zlib at once. */
const WRITE_BLOCK = 64 * 1024;

export interface DocumentWriter {
  /** Appends text to the document. */
  write(text: string): void;
  /** Resolves once what was written has been compressed: a build awaits it between chunks of rows. */
  drained(): Promise<void>;
}

interface Built {
  gzip: Buffer;
  /** Of the uncompressed text. */
  etag: string;
  /** Uncompressed bytes. */
  length: number;
  type: string;
  /** When its build started: it shows the catalogue as it was then, or later. */
  builtAt: number;
}

export interface DocumentCache {
  /**
   * Answers with the document `key` names (one per public origin and path), kept while younger
   * than the TTL, else built by `build` (which may throw an AppError, e.g. a 404, before anything is
   * sent). `type`: its Content-Type.
   */
  send(req: Request, res: Response, key: string, type: string, build: (out: DocumentWriter) => Promise<void>): Promise<void>;
}

export function createDocumentCache(options: { ttlMs?: number; now?: () => number; maxBytes?: number } = {}): DocumentCache {
  const ttl = options.ttlMs ?? DOCUMENT_TTL_MS;
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  /** Least recently sent first. */
  const kept = new Map<string, Built>();
  let keptBytes = 0;
  const building = new Map<string, Promise<Built>>();

  const forget = (key: string) => {
    const doc = kept.get(key);
    if (!doc) return;
    kept.delete(key);
    keptBytes -= doc.gzip.length;
  };
  const keep = (key: string, doc: Built) => {
    forget(key);
    if (doc.gzip.length > maxBytes) return;
    kept.set(key, doc);
    keptBytes += doc.gzip.length;
    for (const oldest of kept.keys()) {
      if (keptBytes <= maxBytes && kept.size <= MAX_ENTRIES) break;
      forget(oldest);
    }
  };
  const fresh = (key: string): Built | undefined => {
    const doc = kept.get(key);
    if (!doc) return undefined;
    if (now() - doc.builtAt >= ttl) {
      forget(key);
      return undefined;
    }
    kept.delete(key);
    kept.set(key, doc);
    return doc;
  };

  async function build(type: string, make: (out: DocumentWriter) => Promise<void>): Promise<Built> {
    const builtAt = now();
    const gzip = createGzip();
    const chunks: Buffer[] = [];
    gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = once(gzip, 'end');
    const hash = createHash('sha1');
    let length = 0;
    // Text is handed to zlib in blocks: each write is a trip to zlib's thread, and an entry at a
    // time (130k variants) cost seconds in those trips alone.
    let block: string[] = [];
    let blockLength = 0;
    const flush = () => {
      if (block.length === 0) return;
      const bytes = Buffer.from(block.join(''), 'utf8');
      block = [];
      blockLength = 0;
      hash.update(bytes);
      length += bytes.length;
      gzip.write(bytes);
    };
    const out: DocumentWriter = {
      write(text) {
        block.push(text);
        blockLength += text.length;
        if (blockLength >= WRITE_BLOCK) flush();
      },
      drained: async () => {
        flush();
        if (gzip.writableNeedDrain) await once(gzip, 'drain');
      },
    };
    try {
      await make(out);
    } catch (err) {
      ended.catch(() => undefined);
      gzip.destroy();
      throw err;
    }
    flush();
    gzip.end();
    await ended;
    return { gzip: Buffer.concat(chunks), etag: `"${hash.digest('base64url')}"`, length, type, builtAt };
  }

  return {
    async send(req, res, key, type, make) {
      let doc = fresh(key);
      if (!doc) {
        let pending = building.get(key);
        if (!pending) {
          pending = build(type, make).finally(() => building.delete(key));
          building.set(key, pending);
          pending.then((built) => keep(key, built), () => undefined);
        }
        doc = await pending;
      }
      await sendDocument(req, res, doc);
    },
  };
}

/**
 * If-None-Match names the tag (a list; weak comparison, RFC 9110 13.1.2). Not Express's req.fresh:
 * that answers no 304 to a request saying Cache-Control: no-cache, which is what a fetch() with
 * If-None-Match sends, though the directive is for caches on the way, not for us.
 */
function holdsTag(req: Request, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return (req.get('if-none-match') ?? '').split(',').some((tag) => bare(tag) === etag);
}

async function sendDocument(req: Request, res: Response, doc: Built): Promise<void> {
  const gzipped = req.acceptsEncodings('gzip') === 'gzip';
  // Each form its own strong tag (as the gateway tags the forms it makes).
  const etag = gzipped ? doc.etag.replace(/"$/, '-gz"') : doc.etag;
  res.set({ 'content-type': doc.type, 'cache-control': 'public, no-cache', vary: 'Accept-Encoding', etag });
  if (holdsTag(req, etag)) {
    res.status(304).end();
    return;
  }
  if (gzipped) {
    res.set({ 'content-encoding': 'gzip', 'content-length': String(doc.gzip.length) }).end(doc.gzip);
    return;
  }
  res.set('content-length', String(doc.length));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A client that went away midway ends the pipeline; nothing is left to answer it.
  await pipeline(Readable.from([doc.gzip]), createGunzip(), res).catch(() => undefined);
}
