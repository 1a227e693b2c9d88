import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { DomEvents, SessionHeaders } from '@pl/contracts';
import { emitDomEvent } from './dom-events.js';

/**
 * A non-ok answer. Its message is spec §7's "<status>: <response text or status text>"; what the
 * server said is kept apart, read once: the status, and from a JSON error body (`{message, code}`,
 * contracts ErrorBody) its code and its message for the shopper.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    text: string,
    /** The error code of a JSON error body (contracts ErrorCodes). */
    readonly code: string | undefined,
    /** What the server says to show: a JSON body's message, else a plain-text body; never an HTML page. */
    readonly serverMessage: string | undefined,
    /** How long the server asks us to wait before trying again (a 503's or 429's Retry-After, in seconds). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${text}`);
  }

  static async of(res: Response): Promise<ApiError> {
    const body = await res.text().catch(() => '');
    const text = body || res.statusText;
    const trimmed = body.trim();
    // Only the delay-seconds form: the gateway and the services never send an HTTP date.
    const retryHeader = res.headers.get('retry-after')?.trim();
    const retryAfter = retryHeader && /^\d+$/.test(retryHeader) ? Number(retryHeader) : undefined;
    // An empty body (its status text is no message for a shopper) or an HTML error page says nothing to show.
    if (!trimmed || trimmed.startsWith('<')) return new ApiError(res.status, text, undefined, undefined, retryAfter);
    try {
      const json: unknown = JSON.parse(trimmed);
      const field = (name: string) => {
        const value = json && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;
        return typeof value === 'string' && value ? value : undefined;
      };
      return new ApiError(res.status, text, field('code'), field('message'), retryAfter);
    } catch {
      return new ApiError(res.status, text, undefined, trimmed, retryAfter);
    }
  }
}

/** True for an ApiError from any copy of this module (a remote may bundle its own). */
export const isApiError = (error: unknown): error is ApiError => error instanceof Error && error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number';

/**
 * The one way the browser talks to the API (spec §7), shared by the shell and every remote:
 * every request carries credentials (the gateway's session cookie), a body is JSON, and any
 * non-ok response becomes an ApiError.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw await ApiError.of(res);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Per-request options: `signal` lets a query cancel a request it no longer needs (a superseded search). */
export interface ApiRequestOptions {
  signal?: AbortSignal;
}

export async function apiRequest(method: HttpMethod, url: string, data?: unknown, options: ApiRequestOptions = {}): Promise<Response> {
  const send = () =>
    fetch(url, {
      method,
      headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
      body: data !== undefined ? JSON.stringify(data) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  const res = method === 'GET' ? await send() : await afterFirstWrite(send);
  if (res.headers.get(SessionHeaders.guestStarted)) emitDomEvent(DomEvents.guestSessionStarted, {});
  await throwIfResNotOk(res);
  return res;
}

/** Where the page's first write stands, shared by the shell and every remote (each may bundle its own copy of this module). */
const FIRST_WRITE = Symbol.for('pl.api.first-write');
type FirstWrite = Promise<unknown> | 'done' | undefined;
const pageState = globalThis as unknown as Record<typeof FIRST_WRITE, FirstWrite>;

/**
 * The gateway starts a visitor's guest session with their first write (reads need none), so two
 * writes sent together by a visitor without one would each start a session, the second cookie
 * replacing the first (and a cart line written for the first guest would be lost, or a sign-in
 * answered first overwritten). Until one write of this page has been answered, writes therefore
 * wait for it; after that they go straight out.
 */
async function afterFirstWrite(send: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const state = pageState[FIRST_WRITE];
    if (state === 'done') return send();
    if (state === undefined) break;
    await state.catch(() => undefined);
  }
  const first = send();
  pageState[FIRST_WRITE] = first;
  try {
    const res = await first;
    pageState[FIRST_WRITE] = 'done';
    return res;
  } catch (err) {
    // No answer (offline, aborted): no cookie either, so the next write is the first again.
    pageState[FIRST_WRITE] = undefined;
    throw err;
  }
}

/** apiRequest, then the JSON body (or undefined for an empty body such as a 204). */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown, options?: ApiRequestOptions): Promise<T> {
  const res = await apiRequest(method, url, data, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET `url` as JSON; a 401 answers null when `on401` says so (a guest asking who is signed in). */
export async function readJson<T>(url: string, { on401, signal }: { on401: UnauthorizedBehavior; signal?: AbortSignal }): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && res.status === 401) {
    // Read to its end, though it says nothing we need: a body left unread keeps the request open.
    await res.text().catch(() => '');
    return null;
  }
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** A query function that GETs the query key's segments joined by '/' (spec §7's default read). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => (await readJson<T>(queryKey.join('/'), { on401, signal })) as T;
}

/** Spec §7 defaults: a 401 throws, no retries, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The HTTP status of an error thrown by apiRequest/getQueryFn, if it was one. */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

/** Retries of a read answered 503 before its failure shows: with Retry-After at 5 s, about half a minute. */
const UNAVAILABLE_RETRIES = 6;
/** The longest wait between them, whatever a Retry-After says. */
const MAX_RETRY_DELAY_MS = 30_000;
/** The wait when a 503 names none. */
const DEFAULT_RETRY_DELAY_MS = 5_000;

/**
 * The retry options of a read whose failure the page must not take for an answer: who is signed in.
 * A 503 means "not now" (the gateway could not ask identity whether the session is still active,
 * decision 045): the read is sent again after the answer's Retry-After, a few times, and the query
 * stays pending meanwhile, so the page shows neither the customer nor a guest until it knows. Any
 * other failure is not retried (spec §7).
 */
export const retryWhileUnavailable = {
  retry: (failureCount: number, error: unknown): boolean => errorStatus(error) === 503 && failureCount < UNAVAILABLE_RETRIES,
  retryDelay: (_failureCount: number, error: unknown): number => {
    const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
    return seconds === undefined ? DEFAULT_RETRY_DELAY_MS : Math.min(seconds * 1000, MAX_RETRY_DELAY_MS);
  },
} as const;

/** The error code the server gave (contracts ErrorCodes), if it gave one. */
export function errorCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/**
 * The server's message inside an error thrown by apiRequest: the `message` of a JSON error
 * body (`{message, code}`), else the plain response text. Undefined for network failures and
 * empty bodies, so callers fall back to their own text (spec §8).
 */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.serverMessage : undefined;
}
