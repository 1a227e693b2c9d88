// A token bucket per API key: `perSecond` tokens a second, holding at most `perSecond` (the burst).

export interface RateLimiter {
  /** Takes one token; when there is none, says how many whole seconds to wait (at least 1). */
  take(key: string): { ok: true } | { ok: false; retryAfterS: number };
}

export function createRateLimiter(perSecond: number, now: () => number = () => performance.now()): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      if (perSecond <= 0) return { ok: true };
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: perSecond, at: t };
      bucket.tokens = Math.min(perSecond, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
      bucket.at = t;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)) };
    },
  };
}
