// Turns a failed proxy attempt into a quick JSON answer. A service that is down refuses the
// connection at once, so the shopper gets a 503 in milliseconds instead of a hanging spinner.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCodes } from '@pl/contracts';
import { RETRY_AFTER_SECONDS, type Logger } from '@pl/service-kit';

/** The code of the error the gateway raises itself when a service takes too long. */
export const UPSTREAM_TIMEOUT = 'UPSTREAM_TIMEOUT';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

export function upstreamErrorStatus(code: string | undefined): { status: number; message: (service: string) => string } {
  if (code === UPSTREAM_TIMEOUT) return { status: 504, message: (s) => `The ${s} service did not answer in time` };
  if (code && UNREACHABLE.has(code)) return { status: 503, message: (s) => `The ${s} service is unavailable` };
  return { status: 502, message: (s) => `The ${s} service failed to answer` };
}

/**
 * `neverReached`: the request surely did not reach the service (a kept-alive connection found
 * closed before any answer counts, whatever its code): a 503 the client may simply send again.
 */
export function answerUpstreamError(
  err: NodeJS.ErrnoException,
  service: string,
  res: ServerResponse | Socket,
  log: Logger,
  { neverReached = false }: { neverReached?: boolean } = {},
): void {
  const { status, message } = upstreamErrorStatus(neverReached ? 'ECONNREFUSED' : err.code);
  log.warn({ service, code: err.code, err: err.message, status }, 'upstream request failed');
  if (!('writeHead' in res)) {
    res.destroy();
    return;
  }
  // Once the service's status line went out there is no honest way to change it: cut the stream.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  writeUpstreamError(res, status, message(service));
}

/**
 * The gateway could not ask `service` something it needs before it can go on (identity, whether a
 * session is still active): a 503 with Retry-After, the same answer as for a service that refused
 * the connection. Nothing was done, so the client may simply send the request again.
 */
export function answerServiceUnavailable(res: ServerResponse, service: string): void {
  writeUpstreamError(res, 503, upstreamErrorStatus('ECONNREFUSED').message(service));
}

/** A service's failure, in the one body the gateway answers them with (and Retry-After on a 503). */
export function writeUpstreamError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ message, code: ErrorCodes.upstreamUnavailable });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...(status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}),
  });
  res.end(body);
}
