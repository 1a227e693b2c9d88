// Is this customer session still active? Identity owns the answer; the gateway asks on every /api
// request with a customer token, remembering an "active" answer for a few seconds so a page's burst
// of requests costs one round trip. Revocations skip the wait: a logout through this gateway
// forgets the session at once, and identity's `customer.sessions-revoked` events (core NATS, no
// queue group: every instance hears every event) do the same on every other instance.
import type { Msg, NatsConnection, NatsError, Subscription } from 'nats';
import { EventEnvelope, IdentitySubjects, SessionsRevokedData, type SessionState } from '@pl/contracts';
import type { Logger } from '@pl/service-kit';
import {
  ACTIVE_SESSION_CACHE_MS,
  ENDED_SESSION_CACHE_MS,
  SESSION_CACHE_MAX_ENTRIES,
} from './session-policy.js';
import type { Clock } from './tokens.js';

/** `unavailable`: identity could not be asked (down, slow, misconfigured). */
export type SessionCheck = SessionState | 'unavailable';

export interface SessionCache {
  check(sessionId: string, requestId?: string): Promise<SessionCheck>;
  /** Records what identity just said (e.g. a session it granted this instant). */
  remember(sessionId: string, state: SessionState): void;
  /** The sessions ended: from now on this instance treats them as inactive without asking. */
  revoke(sessionIds: readonly string[]): void;
  size(): number;
}

export interface SessionCacheOptions {
  lookup(sessionId: string, requestId?: string): Promise<SessionCheck>;
  now?: Clock;
  activeTtlMs?: number;
  endedTtlMs?: number;
  maxEntries?: number;
}

interface Entry {
  state: SessionState;
  expiresAt: number;
}

const ENDED: SessionState = { active: false, customerId: null, isAdmin: false };

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const now = options.now ?? Date.now;
  const activeTtl = options.activeTtlMs ?? ACTIVE_SESSION_CACHE_MS;
  const endedTtl = options.endedTtlMs ?? ENDED_SESSION_CACHE_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  /** One lookup per session at a time; concurrent requests share it. */
  const inFlight = new Map<string, Promise<SessionCheck>>();
  /** Bumped by revoke(): a lookup that started before a revocation must not cache "active" after it. */
  const revision = new Map<string, number>();

  function store(sessionId: string, state: SessionState): void {
    entries.delete(sessionId); // re-insert at the end: Map order is our eviction order
    entries.set(sessionId, { state, expiresAt: now() + (state.active ? activeTtl : endedTtl) });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
      revision.delete(oldest);
    }
  }

  return {
    async check(sessionId, requestId) {
      const cached = entries.get(sessionId);
      if (cached && cached.expiresAt > now()) return cached.state;
      const pending = inFlight.get(sessionId);
      if (pending) return pending;

      const startedAt = revision.get(sessionId) ?? 0;
      const lookup: Promise<SessionCheck> = options
        .lookup(sessionId, requestId)
        .catch((): SessionCheck => 'unavailable')
        .then((result) => {
          if (result === 'unavailable') return result;
          if ((revision.get(sessionId) ?? 0) !== startedAt) return ENDED;
          store(sessionId, result);
          return result;
        })
        .finally(() => {
          if (inFlight.get(sessionId) === lookup) inFlight.delete(sessionId);
        });
      inFlight.set(sessionId, lookup);
      return lookup;
    },
    remember(sessionId, state) {
      store(sessionId, state);
    },
    revoke(sessionIds) {
      for (const id of sessionIds) {
        revision.set(id, (revision.get(id) ?? 0) + 1);
        inFlight.delete(id);
        store(id, ENDED);
      }
    },
    size: () => entries.size,
  };
}

/**
 * Listens for identity's revocations (password reset, logout on another instance, an admin ending
 * sessions). Core NATS is at-most-once: a missed event costs at most ACTIVE_SESSION_CACHE_MS of
 * trust in a revoked session, after which identity is asked again.
 */
export function subscribeToRevocations(nats: NatsConnection, cache: SessionCache, logger: Logger): Subscription {
  const log = logger.child({ component: 'session-revocations' });
  return nats.subscribe(IdentitySubjects.sessionsRevoked, {
    callback: (err: NatsError | null, msg: Msg) => {
      if (err) {
        log.error({ err: err.message }, 'revocation subscription failed');
        return;
      }
      let raw: unknown;
      try {
        raw = msg.json();
      } catch {
        log.warn({ subject: msg.subject }, 'dropped revocation event: not JSON');
        return;
      }
      const envelope = EventEnvelope.safeParse(raw);
      const data = envelope.success ? SessionsRevokedData.safeParse(envelope.data.data) : undefined;
      if (!data?.success) {
        log.warn({ subject: msg.subject }, 'dropped revocation event: not a sessions-revoked envelope');
        return;
      }
      cache.revoke(data.data.sessionIds);
      log.debug({ customerId: data.data.customerId, sessions: data.data.sessionIds.length }, 'sessions revoked');
    },
  });
}
