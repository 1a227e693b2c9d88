// How one service calls another (its internal API behind INTERNAL_API_TOKEN, or a public route):
// JSON in and out, a timeout, the bearer only where the peer expects the shared token. What a
// refusal means is the caller's business; this only says what came back, or that nothing did.
import http from 'node:http';
import https from 'node:https';
import { ErrorBody } from '@pl/contracts';
import { callWithFailover, neverReachedService, upstreamSetOf, type Upstream } from './upstreams.js';

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

/**
 * Calls over node:http(s) on keep-alive connections rather than fetch: a cart add makes one or two
 * of these, a checkout six or more, and fetch (undici) cost about 1 ms of CPU per call more than
 * node:http on a small machine (decision 027 measured it in the bench's client).
 *
 * `baseUrl` may name several instances of the peer, or be a set of them shared with other callers
 * (decision 039): calls take turns between them,
 * and a call that surely never reached one (refused, or a kept-alive connection found closed) goes
 * to the next, whatever its method. A call that reached a peer and then failed is not repeated:
 * the peer may have acted on it.
 */
export function createPeerCaller(options: { baseUrl: Upstream; token: string; timeoutMs: number }): PeerCall {
  const instances = upstreamSetOf(options.baseUrl);
  const agents = new Map<string, http.Agent>();
  const agentFor = (base: string) => {
    let agent = agents.get(base);
    if (!agent) agents.set(base, (agent = new (base.startsWith('https:') ? https : http).Agent({ keepAlive: true, maxSockets: 64 })));
    return agent;
  };
  return async (method, path, { body, internal = true } = {}) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    try {
      return await callWithFailover(
        instances,
        (base) => callOnce(base, agentFor(base), method, path, payload, internal ? options.token : undefined, options.timeoutMs),
        (err) => err instanceof AttemptError && err.neverReached,
      );
    } catch (err) {
      if (!(err instanceof AttemptError)) throw err;
      throw new PeerUnreachableError(instances.urls.join(','), { cause: err.cause });
    }
  };
}

/** A failed attempt; `neverReached` says the request surely did not reach the peer. */
class AttemptError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly neverReached: boolean,
  ) {
    super('peer call failed', { cause });
  }
}

function callOnce(base: string, agent: http.Agent, method: string, path: string, payload: string | undefined, token: string | undefined, timeoutMs: number): Promise<PeerAnswer> {
  const url = new URL(base);
  const transport = url.protocol === 'https:' ? https : http;
  const prefix = url.pathname.replace(/\/+$/, '');
  return new Promise<PeerAnswer>((resolve, reject) => {
    const req = transport.request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || undefined,
        path: `${prefix}${path}`,
        method,
        agent,
        timeout: timeoutMs,
        headers: {
          accept: 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (cause) => reject(new AttemptError(cause, false)));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          let json: unknown;
          try {
            json = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
          } catch {
            json = undefined;
          }
          const error = ok ? undefined : ErrorBody.safeParse(json);
          resolve({ status, ok, json, ...(error?.success ? { error: error.data } : {}) });
        });
      },
    );
    // No answer within the time: the socket is given up, as an aborted fetch would be.
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (cause: NodeJS.ErrnoException) => reject(new AttemptError(cause, neverReachedService(cause, req.reusedSocket))));
    req.end(payload);
  });
}
