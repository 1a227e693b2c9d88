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

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * The central error handler: AppErrors and body-parser's client errors keep their status and a
 * safe message; everything else is logged with the request id and answered with a plain 500.
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
    log.error({ err }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error', code: ErrorCodes.internal });
  };
}
