// Every request gets an id: a sane one from the caller (a load balancer, a test) is kept,
// anything else is replaced by a fresh UUID. It is echoed in the response, carried by every log
// line about the request, and forwarded to the service that handles it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '@pl/service-kit';
import { InternalHeaders } from '@pl/contracts';

export interface RequestContext {
  requestId: string;
  log: Logger;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The caller's request id when it is short and plain, otherwise a new UUID. */
export function resolveRequestId(req: IncomingMessage): string {
  const incoming = req.headers[InternalHeaders.requestId];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function requestContext(res: Response): RequestContext {
  return res.locals.requestContext as RequestContext;
}

export function requestContextMiddleware(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = resolveRequestId(req);
    const log = logger.child({ requestId });
    res.locals.requestContext = { requestId, log } satisfies RequestContext;
    // service-kit's errorHandler logs through req.log when present.
    (req as { log?: Logger }).log = log;
    res.setHeader(InternalHeaders.requestId, requestId);
    // The path only: query strings can carry secrets (password-reset tokens) that must not reach logs.
    const { method, path } = req;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info({ method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}
