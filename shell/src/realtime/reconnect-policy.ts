/**
 * When to reconnect the shop's websocket (spec §4, §9): exponential backoff starting at 1 s and
 * doubling (1 s, 2 s, 4 s, 8 s, 16 s), at most 5 attempts; a successful connection resets the count.
 */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const DEFAULT_BASE_DELAY_MS = 1000;

/** Delay before reconnect attempt `attempt` (1-based), or null once the attempts are used up. */
export function reconnectDelay(
  attempt: number,
  baseDelayMs: number = DEFAULT_BASE_DELAY_MS,
  maxAttempts: number = MAX_RECONNECT_ATTEMPTS,
): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > maxAttempts) return null;
  return baseDelayMs * 2 ** (attempt - 1);
}

/**
 * The base delay to use: an override when one is set to a positive number (end-to-end tests set
 * `window.__PL_WS_BASE_DELAY_MS__` to run the policy fast), else the spec's 1000 ms.
 */
export function resolveBaseDelay(override: unknown): number {
  return typeof override === 'number' && Number.isFinite(override) && override > 0 ? override : DEFAULT_BASE_DELAY_MS;
}
