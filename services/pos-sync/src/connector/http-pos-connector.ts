// The connector for POS HTTP API v1 (stand-ins/pos-reference/API.md). Every answer is parsed: a URL
// that answers anything else is "not a POS", whatever its status. Failures become PosErrors whose
// messages an admin can act on; a 429 is waited out (Retry-After, capped) a few times first.
// Connections open only to addresses the POS address policy allows (decision 046). Whatever keeps a
// POS from answering (nothing listens, no answer in time, an address the policy refuses, a server
// that does not speak the API) is one error with one message, so the admin's answers cannot map
// the ports behind the server; the details go to the server log.
import { fetch, type Response } from 'undici';
import type { z } from 'zod';
import type { Logger } from '@pl/service-kit';
import type { PosAddressPolicy } from './pos-address-policy.js';
import type { ListProductsQuery, PosConnector } from './pos-connector.js';
import { PosError } from './pos-connector.js';
import {
  AdjustmentRequest,
  AdjustmentResponse,
  CreateItemsRequest,
  CreateItemsResponse,
  MerchantResponse,
  PosErrorBody,
  PriceBatchRequest,
  PriceBatchResponse,
  ProductPage,
  ProductResponse,
  SubscriptionResponse,
} from './pos-wire.js';

export interface HttpPosConnectorOptions {
  /** The POS base URL as saved, e.g. http://127.0.0.1:5300. */
  baseUrl: string;
  apiKey: string;
  /** Which addresses connections may open to (decision 046). */
  addresses: PosAddressPolicy;
  /** Where the reasons behind a "no POS answered" go (never to the admin). */
  logger?: Pick<Logger, 'warn'>;
  /** One request, answer included (default 10 s). */
  timeoutMs?: number;
  /**
   * A call that finds no POS fails when its time is up (timeoutMs after it began), never sooner:
   * for calls an admin waits on, so how fast an address fails says nothing about what is there.
   */
  failAtDeadline?: boolean;
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

/** What the admin reads whenever no POS answered at the URL, whatever the reason (decision 046). */
export const noPosMessage = (base: string) => `No POS answered at ${base}; check the URL and that the POS is running`;

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

  /** Why an answer was not a POS's: for the server log. */
  class NotAPos extends Error {}

  /** Reads a body, refusing one beyond `limit` bytes (a URL an admin typed may answer anything). */
  const readCapped = async (res: Response, limit: number): Promise<string> => {
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > limit) {
      await res.body?.cancel();
      throw new NotAPos(`HTTP ${res.status}, declared more than ${limit / 1_000_000} MB`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of (res.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw new NotAPos(`HTTP ${res.status}, more than ${limit / 1_000_000} MB`);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  };

  /** The one error for "no POS answered"; the reason is logged, and with failAtDeadline it waits for the call's deadline. */
  const noPos = async (startedAt: number, err: unknown): Promise<PosError> => {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    const reason =
      e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms`
      : err instanceof NotAPos ? `not a POS API answer: ${err.message}`
      : [e.cause?.code, e.cause?.message ?? e.message].filter(Boolean).join(' ');
    options.logger?.warn({ posUrl: base, reason }, 'no POS answered');
    if (options.failAtDeadline) await sleep(startedAt + timeoutMs - Date.now());
    return new PosError('unreachable', noPosMessage(base));
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
      const startedAt = Date.now();
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          dispatcher: options.addresses.dispatcher,
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
        text = await readCapped(res, MAX_ANSWER_BYTES);
      } catch (err) {
        throw await noPos(startedAt, err);
      }

      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (res.status >= 200 && res.status < 300) {
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw await noPos(startedAt, new NotAPos(`HTTP ${res.status}, not the expected body`));
        return parsed.data;
      }
      // Only an answer in the POS's own error shape is a POS speaking (decision 046): a web server,
      // a proxy's error page or another API answering 429, 503 or anything else is "no POS".
      const posError = PosErrorBody.safeParse(json);
      if (!posError.success) throw await noPos(startedAt, new NotAPos(`HTTP ${res.status}`));
      if (res.status === 429 && attempt < rateLimitRetries) {
        await sleep(retryAfterMs(res));
        continue;
      }
      if (res.status === 429) throw new PosError('rate-limited', `The POS at ${base} kept refusing requests as too many (rate limited); try again later`, 429);
      if (res.status === 503) throw new PosError('unavailable', `The POS at ${base} is unavailable right now; try again later`, 503);
      // The POS's words reach the dashboard and the sync log: keep them short and printable.
      const message = shortText(posError.data.error.message);
      if (res.status === 401) throw new PosError('unauthorized', 'The POS refused the API key', 401);
      if (res.status >= 500) throw new PosError('unavailable', `The POS at ${base} failed (HTTP ${res.status}): ${message}`, res.status);
      if (res.status === 404 && call.notFoundIsUndefined) return undefined;
      if (res.status >= 400) throw new PosError('rejected', `The POS rejected the request: ${message}`, res.status);
      throw await noPos(startedAt, new NotAPos(`HTTP ${res.status}`));
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
    async createItems(idempotencyKey, body) {
      const answer = await required('POST', '/v1/products/batch', CreateItemsResponse, {
        body: CreateItemsRequest.parse(body),
        headers: { 'idempotency-key': idempotencyKey },
      });
      return answer.products;
    },
    async updatePrices(idempotencyKey, body) {
      const request = PriceBatchRequest.parse(body);
      const answer = await required('POST', '/v1/prices/batch', PriceBatchResponse, { body: request, headers: { 'idempotency-key': idempotencyKey } });
      // One answer per price sent, in order: anything else is not this API (a retry could not trust it either).
      if (answer.prices.length !== request.prices.length || answer.prices.some((p, i) => p.sku !== request.prices[i]!.sku)) {
        throw new PosError('rejected', 'The POS answered the price batch with other skus than it was sent');
      }
      return answer.prices;
    },
    async subscribeWebhook(url) {
      const { subscription } = await required('PUT', '/v1/webhook-subscription', SubscriptionResponse, { body: { url } });
      return { url: subscription.url, signatureKey: subscription.signature_key };
    },
  };
}
