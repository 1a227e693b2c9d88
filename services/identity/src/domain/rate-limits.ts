// The per-client and per-customer limits other than sign-in's (decision 010). Sliding windows in
// PostgreSQL, checked and recorded under an advisory lock, so they hold across every instance.
import { tooManyRequests, withTransaction, type Pool } from '@pl/service-kit';
import { rateLimitWindow, recordRateLimitHit } from '../db/rate-limits.repo.js';
import { lockLimitKey } from '../db/sliding-window.js';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

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
} as const satisfies Record<string, RateLimitRule>;

/** "3 minutes", for the messages of 429s. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  tooManyRequests(retryAfterSeconds, `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`);

/** Counts one request against `rule` for `key`, or throws a 429 when the window is full (recording nothing). */
export async function takeRateLimit(pool: Pool, rule: RateLimitRule, key: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    await lockLimitKey(client, `${rule.bucket}:${key}`);
    const window = await rateLimitWindow(client, rule.bucket, key, rule.windowSeconds, rule.limit);
    if (window.count >= rule.limit) throw tooManyAttempts(window.retryAfterSeconds);
    await recordRateLimitHit(client, rule.bucket, key);
  });
}
