// How one service calls another (its internal API behind INTERNAL_API_TOKEN, or a public route):
// JSON in and out, a timeout, the bearer only where the peer expects the shared token. What a
// refusal means is the caller's business; this only says what came back, or that nothing did.
import http from 'node:http';
import https from 'node:https';
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

/**
 * Calls over node:http(s) on keep-alive connections rather than fetch: a cart add makes one or two
 * of these, a checkout six or more, and fetch (undici) cost about 1 ms of CPU per call more than
 * node:http on a small machine (decision 027 measured it in the bench's client).
 */
export function createPeerCaller(options: { baseUrl: string; token: string; timeoutMs: number }): PeerCall {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = new URL(base);
  const transport = url.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 64 });
  const prefix = url.pathname.replace(/\/+$/, '');
  return (method, path, { body, internal = true } = {}) =>
    new Promise<PeerAnswer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const unreachable = (cause: unknown) => reject(new PeerUnreachableError(base, { cause }));
      const req = transport.request(
        {
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port || undefined,
          path: `${prefix}${path}`,
          method,
          agent,
          timeout: options.timeoutMs,
          headers: {
            accept: 'application/json',
            ...(internal ? { authorization: `Bearer ${options.token}` } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', unreachable);
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
      req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      req.on('error', unreachable);
      req.end(payload);
    });
}
