// The gateway's side of identity's internal API (contracts IdentityInternalPaths): identity checks
// credentials and keeps the server-side sessions, the gateway turns a grant into a signed cookie.
// Calls carry the shared INTERNAL_API_TOKEN and the browser's request id.
import { z } from 'zod';
import {
  CreateSessionRequest,
  IdentityInternalPaths,
  InternalHeaders,
  RegisterRequest,
  SessionGrant,
  SessionState,
} from '@pl/contracts';
import { callWithFailover, neverReachedService, upstreamSetOf, type Upstream } from '@pl/service-kit';
import { upstreamErrorStatus, UPSTREAM_TIMEOUT } from '../http/upstream-errors.js';

export type IdentityResult<T> =
  | { ok: true; status: number; data: T }
  /** Identity answered with a client error: its JSON body goes back to the browser as is. */
  | { ok: false; kind: 'refused'; status: number; body: Record<string, unknown>; retryAfterSeconds?: number }
  /** Identity is down, slow, or answered something we cannot use. */
  | { ok: false; kind: 'unavailable'; status: number; message: string; detail: string };

export interface IdentityClient {
  createSession(body: z.input<typeof CreateSessionRequest>, requestId: string): Promise<IdentityResult<SessionGrant>>;
  register(body: z.input<typeof RegisterRequest>, requestId: string): Promise<IdentityResult<SessionGrant>>;
  /** A missing session (404) is reported as inactive, not as an error. */
  getSession(sessionId: string, requestId?: string): Promise<IdentityResult<SessionState>>;
  /** Ends a session; one that is already gone counts as ended. */
  deleteSession(sessionId: string, requestId: string): Promise<IdentityResult<null>>;
}

export interface IdentityClientOptions {
  /** Identity's instance, several taken in turn, or the gateway's set of them (probed for readiness). */
  baseUrl: Upstream;
  internalApiToken: string;
  timeoutMs: number;
}

const INACTIVE: SessionState = { active: false, customerId: null, isAdmin: false };

export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  const instances = upstreamSetOf(options.baseUrl);
  async function call<T>(
    method: string,
    path: string,
    requestId: string | undefined,
    body: unknown,
    parse: (status: number, json: unknown) => T | undefined,
  ): Promise<IdentityResult<T>> {
    let res: Response;
    try {
      // An instance that refused the connection never saw the call: the next one gets it (decision 039).
      res = await callWithFailover(
        instances,
        (base) =>
          fetch(new URL(path, base), {
            method,
            headers: {
              authorization: `Bearer ${options.internalApiToken}`,
              ...(requestId ? { [InternalHeaders.requestId]: requestId } : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(options.timeoutMs),
          }),
        (err) => neverReachedService((err as { cause?: { code?: string } }).cause),
      );
    } catch (err) {
      const code = networkErrorCode(err);
      const { status, message } = upstreamErrorStatus(code);
      return { ok: false, kind: 'unavailable', status, message: message('identity'), detail: `${method} ${path}: ${code ?? String(err)}` };
    }
    const json = await res.json().catch(() => undefined);
    const data = parse(res.status, json);
    if (data !== undefined) return { ok: true, status: res.status, data };
    if (res.status >= 400 && res.status < 500 && isObject(json) && typeof json.message === 'string' && !isInternalTokenRefusal(res.status, json)) {
      return { ok: false, kind: 'refused', status: res.status, body: json, retryAfterSeconds: retryAfterOf(res, json) };
    }
    return {
      ok: false,
      kind: 'unavailable',
      status: 502,
      message: upstreamErrorStatus(undefined).message('identity'),
      detail: `${method} ${path}: unexpected ${res.status} answer`,
    };
  }

  const grant = (status: number, json: unknown) => (status >= 200 && status < 300 ? SessionGrant.safeParse(json).data : undefined);

  return {
    createSession: (body, requestId) => call('POST', IdentityInternalPaths.sessions, requestId, body, grant),
    register: (body, requestId) => call('POST', IdentityInternalPaths.registrations, requestId, body, grant),
    getSession: (sessionId, requestId) =>
      call('GET', IdentityInternalPaths.session(encodeURIComponent(sessionId)), requestId, undefined, (status, json) =>
        status === 404 ? INACTIVE : status === 200 ? SessionState.safeParse(json).data : undefined,
      ),
    deleteSession: (sessionId, requestId) =>
      call('DELETE', IdentityInternalPaths.session(encodeURIComponent(sessionId)), requestId, undefined, (status) =>
        (status >= 200 && status < 300) || status === 404 ? null : undefined,
      ),
  };
}

/**
 * Identity refusing our INTERNAL_API_TOKEN is a deployment fault, not the shopper's: it must not
 * reach the browser as "wrong password" (both are 401s; the kit's guard says which it is).
 */
const isInternalTokenRefusal = (status: number, json: Record<string, unknown>) =>
  status === 401 && typeof json.message === 'string' && /internal api token/i.test(json.message);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Seconds to wait, from the body's `retryAfterSeconds` or identity's own Retry-After header. */
function retryAfterOf(res: Response, json: Record<string, unknown>): number | undefined {
  const fromBody = json.retryAfterSeconds;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return Math.ceil(fromBody);
  const header = Number(res.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 && res.headers.has('retry-after') ? Math.ceil(header) : undefined;
}

/** fetch hides the socket error under `cause`; a timeout surfaces as a TimeoutError. */
function networkErrorCode(err: unknown): string | undefined {
  if (err instanceof Error && err.name === 'TimeoutError') return UPSTREAM_TIMEOUT;
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code;
}
