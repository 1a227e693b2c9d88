import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HealthPaths, InternalHeaders, type Principal } from '@pl/contracts';
import type { Logger } from './logger.js';

declare global {
  // Express's own augmentation point: every handler behind createServiceApp can rely on these.
  namespace Express {
    interface Request {
      /** The request id: the gateway's `x-request-id` when sane, else generated here. */
      id: string;
      /** A child logger that stamps every line with `reqId`. */
      log: Logger;
      /** Who is calling, set by `authenticate` (anonymous until then). */
      principal: Principal;
    }
  }
}

/** A request id we are willing to echo and log: a short token, nothing that could forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

const QUIET_PATHS = new Set<string>([HealthPaths.live, HealthPaths.ready]);

/**
 * Gives every request an id (echoed in the response), a child logger carrying it, and one log
 * line when the response is done. Probes are logged at debug so they do not drown real traffic.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.id = requestIdFrom(req.headers[InternalHeaders.requestId]);
    // Made on first use: most requests log one line at most, and at LOG_LEVEL=warn none.
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (log ??= logger.child({ reqId: req.id })),
      set: (value: Logger) => {
        log = value;
      },
    });
    req.principal = { kind: 'anonymous' };
    res.setHeader(InternalHeaders.requestId, req.id);

    // The path only: query strings can carry secrets (reset tokens) and do not belong in logs.
    const path = req.originalUrl.split('?')[0] ?? req.originalUrl;
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10, aborted: !res.writableFinished };
      if (res.statusCode >= 500) req.log.error(line, 'request failed');
      else if (QUIET_PATHS.has(path)) {
        if (logger.isLevelEnabled('debug')) req.log.debug(line, 'request');
      } else if (logger.isLevelEnabled('info')) req.log.info(line, 'request');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
