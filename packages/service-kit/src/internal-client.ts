// How one service calls another (its internal API behind INTERNAL_API_TOKEN, or a public route):
// JSON in and out, a timeout, the bearer only where the peer expects the shared token. What a
// refusal means is the caller's business; this only says what came back, or that nothing did.
import { ErrorBody } from '@pl/contracts';

/** What a peer answered: its status, its JSON (undefined when not JSON) and, on failure, its error body if it sent one. */
export interface PeerAnswer {
  status: number;
  ok: boolean;
  json: unknown;
  error?: ErrorBody;
}

/** The peer did not answer (refused, timed out, cut off); `cause` keeps the network error. */
export class PeerUnreachableError extends Error {
  constructor(peer: string, options: { cause: unknown }) {
    super(`${peer} is not reachable`, options);
    this.name = 'PeerUnreachableError';
  }
}

export interface PeerCallOptions {
  body?: unknown;
  /** false for a public route: a bearer there would be read as a (broken) session. Default true. */
  internal?: boolean;
}

export type PeerCall = (method: string, path: string, options?: PeerCallOptions) => Promise<PeerAnswer>;

export function createPeerCaller(options: { baseUrl: string; token: string; timeoutMs: number }): PeerCall {
  const base = options.baseUrl.replace(/\/+$/, '');
  return async (method, path, { body, internal = true } = {}) => {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(internal ? { authorization: `Bearer ${options.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const json: unknown = await res.json().catch(() => undefined);
      const error = res.ok ? undefined : ErrorBody.safeParse(json);
      return { status: res.status, ok: res.ok, json, ...(error?.success ? { error: error.data } : {}) };
    } catch (cause) {
      throw new PeerUnreachableError(base, { cause });
    }
  };
}
