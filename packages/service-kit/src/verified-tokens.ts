// Tokens already verified, remembered by their exact text. A session token is verified on every
// request, at the gateway and again at the service it reaches, and an Ed25519 verification costs
// ~0.5-0.9 ms of CPU on a small machine: more than the rest of a cached catalog read. The same
// bytes verify the same way every time, so the answer can be kept; only time changes it, so an
// entry is never answered at or after the token's own expiry, and never longer than `maxAgeMs`
// (a key withdrawn from the key set stops tokens within that bound, well inside the JWKS cache
// jose keeps anyway). Only tokens that passed verification are stored: a forged or altered token
// is a different text and is verified in full. Bounded: the oldest entries go first.

/** Milliseconds since the epoch. */
type Clock = () => number;

export interface VerifiedTokenMemo<C> {
  /** The claims of `token` if it was verified within maxAgeMs and has not expired; else undefined. */
  get(token: string): C | undefined;
  /** Records a token that just passed verification, with its `exp` (seconds since the epoch). */
  remember(token: string, claims: C, expSeconds: number): void;
  size(): number;
}

export interface VerifiedTokenMemoOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  now?: Clock;
}

export const VERIFIED_TOKEN_MEMO_DEFAULTS = { maxEntries: 10_000, maxAgeMs: 60_000 } as const;

interface Entry<C> {
  claims: C;
  /** The earlier of the token's expiry and the end of maxAgeMs. */
  until: number;
}

export function createVerifiedTokenMemo<C>(options: VerifiedTokenMemoOptions = {}): VerifiedTokenMemo<C> {
  const maxEntries = options.maxEntries ?? VERIFIED_TOKEN_MEMO_DEFAULTS.maxEntries;
  const maxAgeMs = options.maxAgeMs ?? VERIFIED_TOKEN_MEMO_DEFAULTS.maxAgeMs;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<C>>();
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now() >= entry.until) {
        entries.delete(token);
        return undefined;
      }
      return entry.claims;
    },
    remember(token, claims, expSeconds) {
      const at = now();
      const until = Math.min(expSeconds * 1000, at + maxAgeMs);
      if (until <= at) return;
      entries.delete(token); // re-inserted at the end: Map order is the eviction order
      entries.set(token, { claims, until });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    size: () => entries.size,
  };
}
