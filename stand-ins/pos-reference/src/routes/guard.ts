// In front of every /v1 route: outage switch (503), API key (401), rate limit (429, also while throttled by a test).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { PosError } from '../errors.js';
import type { RateLimiter } from './rate-limiter.js';

export interface GuardOptions {
  apiKey: string;
  rateLimiter: RateLimiter;
  isDown: () => boolean;
  /** While true, every call is over the limit (a test's busy POS). */
  isThrottled?: () => boolean;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

export function apiGuard({ apiKey, rateLimiter, isDown, isThrottled = () => false }: GuardOptions): RequestHandler {
  const expected = digest(apiKey);
  return (req, _res, next) => {
    if (isDown()) throw new PosError('unavailable', 'The POS is temporarily unavailable');
    const match = /^Bearer (.+)$/.exec(req.get('authorization') ?? '');
    if (!match || !timingSafeEqual(digest(match[1] as string), expected)) throw new PosError('unauthorized', 'Invalid API key');
    if (isThrottled()) throw new PosError('rate_limited', 'Too many requests', { 'Retry-After': '1' });
    const taken = rateLimiter.take(apiKey);
    if (!taken.ok) throw new PosError('rate_limited', 'Too many requests', { 'Retry-After': String(taken.retryAfterS) });
    next();
  };
}
