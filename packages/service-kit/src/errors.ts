import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { ErrorCodes } from '@pl/contracts';
import type { Logger } from './logger.js';

/**
 * The one error family services throw. `message` and `code` go on the wire as-is, so they must
 * be written for the shopper; anything that is not an AppError is answered with a plain 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A 429: the caller must wait. The handler sends `retryAfterSeconds` both as the Retry-After header
 * and in the body (contracts `RateLimitedBody`), so a proxying gateway can pass either on.
 */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'Too many requests. Please try again later.') {
    super(429, ErrorCodes.rateLimited, message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export const badRequest = (message: string, code: string = ErrorCodes.badRequest) => new AppError(400, code, message);
export const unauthorized = (message = 'Not signed in') => new AppError(401, ErrorCodes.unauthenticated, message);
export const forbidden = (message = 'You do not have access to this resource') => new AppError(403, ErrorCodes.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(404, ErrorCodes.notFound, message);
export const conflict = (message: string, code: string = ErrorCodes.conflict) => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message?: string) => new RateLimitedError(retryAfterSeconds, message);

/** Parses untrusted input with a contract schema; a failure becomes a 400 naming the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError(400, ErrorCodes.validation, `${where}${issue?.message ?? 'Invalid input'}`);
}

/** 404 JSON for any route nobody handled. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found', code: ErrorCodes.notFound });
};

/** Seconds a client is asked to wait (Retry-After) when the shop cannot answer for now. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a moment.';

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE']);
/** SQLSTATEs of a database that is out of reach or going away: connection exceptions (class 08), shutdowns and 'cannot connect now' (57P01-57P03), too many connections (53300). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** What node-postgres says when a connection is lost or none can be had, without an errno. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended)/;

/**
 * True when an error says a dependency (PostgreSQL, NATS, a peer) is out of reach rather than
 * that the request or the code is wrong: the honest answer is 503 with Retry-After, not 500.
 */
export function isDependencyUnavailable(err: unknown, depth = 0): boolean {
  // By shape, not instanceof: the socket's errors may come from another realm (a test runner's).
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code) || code === 'CONNECTION_CLOSED' || code === 'CONNECTION_DRAINING')) return true;
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  // An AggregateError (every address of a host refused) or a wrapped cause.
  if (Array.isArray(errors) && errors.some((e) => isDependencyUnavailable(e, depth + 1))) return true;
  return cause !== undefined && cause !== err && isDependencyUnavailable(cause, depth + 1);
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * The central error handler: AppErrors and body-parser's client errors keep their status and a
 * safe message; a dependency out of reach (the database, NATS) is a 503 with Retry-After, logged as
 * a warning; everything else is logged with the request id and answered with a plain 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof RateLimitedError) {
      res.set('retry-after', String(err.retryAfterSeconds));
      res.status(429).json({ message: err.message, code: err.code, retryAfterSeconds: err.retryAfterSeconds });
      return;
    }
    if (err instanceof AppError) {
      if (err.status === 503) res.set('retry-after', String(RETRY_AFTER_SECONDS));
      res.status(err.status).json({ message: err.message, code: err.code });
      return;
    }
    const httpErr = err as HttpishError;
    const status = httpErr.status ?? httpErr.statusCode;
    if (status && status >= 400 && status < 500 && httpErr.expose !== false) {
      const message =
        httpErr.type === 'entity.too.large' ? 'Request body too large'
        : httpErr.type === 'entity.parse.failed' ? 'Malformed JSON body'
        : 'Bad request';
      const code = status === 413 ? ErrorCodes.payloadTooLarge : ErrorCodes.badRequest;
      res.status(status).json({ message, code });
      return;
    }
    const log = (req as { log?: Logger }).log ?? logger;
    if (isDependencyUnavailable(err)) {
      log.warn({ err: (err as Error).message, code: (err as { code?: unknown }).code }, 'a dependency is out of reach: 503');
      res.set('retry-after', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ message: UNAVAILABLE_MESSAGE, code: ErrorCodes.serviceUnavailable });
      return;
    }
    log.error({ err }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error', code: ErrorCodes.internal });
  };
}
