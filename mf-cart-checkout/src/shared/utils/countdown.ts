/** Milliseconds left until `expiresAt` (ISO string) at `now`, never below 0; undefined without a valid expiry. */
export function remainingMs(expiresAt: string | null | undefined, now: number): number | undefined {
  if (!expiresAt) return undefined;
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end)) return undefined;
  return Math.max(0, end - now);
}

/**
 * `mm:ss` for a hold's remaining time. Rounds up to the whole second so the display reaches
 * 00:00 exactly when the hold expires, not a second early.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
