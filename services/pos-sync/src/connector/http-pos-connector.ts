// The connector for POS HTTP API v1 (stand-ins/pos-reference/API.md). Every answer is parsed: a URL
// that answers anything else is "not a POS", whatever its status. Failures become PosErrors whose
// messages an admin can act on; a 429 is waited out (Retry-After, capped) a few times first.
import type { z } from 'zod';
import type { ListProductsQuery, PosConnector } from './pos-connector.js';
import { PosError } from './pos-connector.js';
import {
  AdjustmentRequest,
  AdjustmentResponse,
  MerchantResponse,
  PosErrorBody,
  ProductPage,
  ProductResponse,
  SubscriptionResponse,
} from './pos-wire.js';

export interface HttpPosConnectorOptions {
  /** The POS base URL as saved, e.g. http://127.0.0.1:5300. */
  baseUrl: string;
  apiKey: string;
  /** One request, answer included (default 10 s). */
  timeoutMs?: number;
  /** Retries after a 429 before giving up (default 3). */
  rateLimitRetries?: number;
  /** Longest wait for one Retry-After (default 30 s): a POS asking for more is waited this long. */
  maxRetryAfterMs?: number;
}

interface CallOptions {
  query?: Record<string, string | number | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A POS 404 answers undefined instead of failing. */
  notFoundIsUndefined?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Largest answer read from a POS: a page of 200 products is a few hundred kB. */
const MAX_ANSWER_BYTES = 20_000_000;
const MAX_ECHOED_CHARS = 300;

/** Text from the POS as we repeat it: control characters out, at most MAX_ECHOED_CHARS. */
export function shortText(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > MAX_ECHOED_CHARS ? `${clean.slice(0, MAX_ECHOED_CHARS - 1)}…` : clean;
}

export function createHttpPosConnector(options: HttpPosConnectorOptions): PosConnector {
  const base = options.baseUrl.trim().replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const rateLimitRetries = options.rateLimitRetries ?? 3;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;

  /** Reads a body, refusing one beyond `limit` bytes (a URL an admin typed may answer anything). */
  const readCapped = async (res: Response, limit: number): Promise<string> => {
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > limit) {
      await res.body?.cancel();
      throw new PosError('not-a-pos', `${base} answered more than ${limit / 1_000_000} MB; that is not a POS API answer`, res.status);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of (res.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw new PosError('not-a-pos', `${base} answered more than ${limit / 1_000_000} MB; that is not a POS API answer`, res.status);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  };

  const notAPos = (status?: number) => new PosError('not-a-pos', `${base} does not answer like a POS API`, status);

  const unreachable = (err: unknown): PosError => {
    const e = err as { name?: string; cause?: { code?: string } };
    const reason =
      e.name === 'TimeoutError' ? ` (no answer within ${Math.round(timeoutMs / 100) / 10} s)`
      : e.cause?.code === 'ECONNREFUSED' ? ' (connection refused)'
      : e.cause?.code === 'ENOTFOUND' || e.cause?.code === 'EAI_AGAIN' ? ' (unknown host)'
      : '';
    return new PosError('unreachable', `Could not reach the POS at ${base}${reason}`);
  };

  /** Retry-After in seconds or as an HTTP date; 1 s when absent or unreadable. */
  const retryAfterMs = (res: Response): number => {
    const header = res.headers.get('retry-after')?.trim() ?? '';
    const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Number.isNaN(Date.parse(header)) ? 1000 : Date.parse(header) - Date.now();
    return Math.min(Math.max(ms, 0), maxRetryAfterMs);
  };

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, call: CallOptions = {}): Promise<z.infer<S> | undefined> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
    const url = `${base}${path}${search.size > 0 ? `?${search}` : ''}`;

    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            accept: 'application/json',
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...call.headers,
          },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          // A POS answers; it does not send us elsewhere (a login page, another host).
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status === 429 && attempt < rateLimitRetries) {
          await res.body?.cancel();
          await sleep(retryAfterMs(res));
          continue;
        }
        text = await readCapped(res, MAX_ANSWER_BYTES);
      } catch (err) {
        if (err instanceof PosError) throw err;
        throw unreachable(err);
      }

      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (res.status >= 200 && res.status < 300) {
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw notAPos(res.status);
        return parsed.data;
      }
      const posError = PosErrorBody.safeParse(json);
      if (res.status === 429) throw new PosError('rate-limited', `The POS at ${base} kept refusing requests as too many (rate limited); try again later`, 429);
      if (res.status === 503) throw new PosError('unavailable', `The POS at ${base} is unavailable right now; try again later`, 503);
      if (!posError.success) throw notAPos(res.status); // a web server, a proxy's error page, another API
      // The POS's words reach the dashboard and the sync log: keep them short and printable.
      const message = shortText(posError.data.error.message);
      if (res.status === 401) throw new PosError('unauthorized', 'The POS refused the API key', 401);
      if (res.status >= 500) throw new PosError('unavailable', `The POS at ${base} failed (HTTP ${res.status}): ${message}`, res.status);
      if (res.status === 404 && call.notFoundIsUndefined) return undefined;
      if (res.status >= 400) throw new PosError('rejected', `The POS rejected the request: ${message}`, res.status);
      throw notAPos(res.status);
    }
  }

  /** A call whose answer is always a body. */
  const required = async <S extends z.ZodType>(method: string, path: string, schema: S, options: CallOptions = {}): Promise<z.infer<S>> =>
    (await call(method, path, schema, options)) as z.infer<S>;

  return {
    async merchant() {
      return (await required('GET', '/v1/merchant', MerchantResponse)).merchant;
    },
    async listProducts(query: ListProductsQuery) {
      const page = await required('GET', '/v1/products', ProductPage, {
        query: { limit: query.limit, cursor: query.cursor, updated_since: query.updatedSince },
      });
      return { products: page.products, nextCursor: page.next_cursor, total: page.total_count };
    },
    async getProduct(id) {
      return (await call('GET', `/v1/products/${encodeURIComponent(id)}`, ProductResponse, { notFoundIsUndefined: true }))?.product;
    },
    async adjustInventory(idempotencyKey, body) {
      const answer = await required('POST', '/v1/inventory/adjustments', AdjustmentResponse, {
        body: AdjustmentRequest.parse(body),
        headers: { 'idempotency-key': idempotencyKey },
      });
      return answer.adjustment;
    },
    async subscribeWebhook(url) {
      const { subscription } = await required('PUT', '/v1/webhook-subscription', SubscriptionResponse, { body: { url } });
      return { url: subscription.url, signatureKey: subscription.signature_key };
    },
  };
}
