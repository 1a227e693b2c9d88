// The per-client and per-customer limits other than sign-in's (decision 010). Sliding windows in
// PostgreSQL, checked and recorded under an advisory lock, so they hold across every instance.
import { tooManyRequests, withTransaction, type Pool } from '@pl/service-kit';
import { rateLimitWindow, recordRateLimitHit } from '../db/rate-limits.repo.js';
import { lockLimitKey } from '../db/sliding-window.js';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitRule extends Limit {
  bucket: string;
}

/** Who a per-client limit counts: the address, and the device when the browser has the gateway's device cookie. */
export interface ClientKey {
  ip: string;
  deviceId?: string;
}

/** The defaults; each is configurable (RATE_LIMIT_* variables, see config.ts and README). */
export const RateLimits = {
  /** Accounts created per client address. */
  register: { bucket: 'register', limit: 20, windowSeconds: 3600 },
  /** Reset requests per client address (mails per account are limited by the dispatcher as well). */
  forgotPassword: { bucket: 'forgot-password', limit: 10, windowSeconds: 900 },
  /** Reset submissions per client address: tokens are unguessable, this caps the work. */
  resetPassword: { bucket: 'reset-password', limit: 20, windowSeconds: 900 },
  verifyEmail: { bucket: 'verify-email', limit: 20, windowSeconds: 900 },
  /** Verification mails per customer (resend and e-mail changes), so no one is mail-bombed through us. */
  verificationMail: { bucket: 'verification-mail', limit: 5, windowSeconds: 3600 },
  /** Current-password checks per customer: a stolen session cannot brute-force the password. */
  changePassword: { bucket: 'change-password', limit: 10, windowSeconds: 900 },
  /** Order lookups (number and e-mail) per client address: nobody walks the order numbers. */
  orderLookup: { bucket: 'order-lookup', limit: 10, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;

/** "3 minutes", for the messages of 429s. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  tooManyRequests(retryAfterSeconds, `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`);

/** Counts one request against `rule` for `key`, or throws a 429 when the window is full (recording nothing). */
export function takeRateLimit(pool: Pool, rule: RateLimitRule, key: string): Promise<void> {
  return takeWindows(pool, rule, [{ key, limit: rule.limit }]);
}

/**
 * The key of a client's own budget: its device, or for every client of an address without the
 * device cookie, one shared "cookie-less device" of that address (decision 044).
 */
export const clientBudgetKey = (client: ClientKey) => (client.deviceId ? `device:${client.deviceId}` : `cookieless:${client.ip}`);

/**
 * The per-client form: a device counts on its own at the rule's limit, and its address at
 * `addressFactor` times that (the ceiling for everyone behind one shared address). Clients without
 * the device cookie share one device-sized budget per address, so dropping the cookie buys nothing.
 */
export function takeClientRateLimit(pool: Pool, rule: RateLimitRule, client: ClientKey, addressFactor: number): Promise<void> {
  return takeWindows(pool, rule, [
    { key: clientBudgetKey(client), limit: rule.limit },
    { key: client.ip, limit: rule.limit * addressFactor },
  ]);
}

async function takeWindows(pool: Pool, rule: RateLimitRule, keys: Array<{ key: string; limit: number }>): Promise<void> {
  await withTransaction(pool, async (client) => {
    // Always device before address: two requests never wait on each other crosswise.
    for (const { key } of keys) await lockLimitKey(client, `${rule.bucket}:${key}`);
    for (const { key, limit } of keys) {
      const window = await rateLimitWindow(client, rule.bucket, key, rule.windowSeconds, limit);
      if (window.count >= limit) throw tooManyAttempts(window.retryAfterSeconds);
    }
    for (const { key } of keys) await recordRateLimitHit(client, rule.bucket, key);
  });
}
