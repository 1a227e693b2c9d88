// Idempotency keys of inventory adjustments: the first response per key, remembered for 24 hours,
// with a fingerprint of the request body so that a reuse with another body is told apart.
import { createHash } from 'node:crypto';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface Remembered {
  fingerprint: string;
  response: unknown;
  expiresAt: number;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Remembered>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): { fingerprint: string; response: unknown } | undefined {
    this.prune();
    return this.entries.get(key);
  }

  remember(key: string, fingerprint: string, response: unknown): void {
    this.entries.set(key, { fingerprint, response, expiresAt: this.now() + IDEMPOTENCY_TTL_MS });
  }

  /** Entries are in insertion order, which is expiry order: drop from the front. */
  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.entries.delete(key);
    }
  }
}

/** A hash of a JSON value that does not depend on the order of object keys. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
