import type { SessionGrant, SessionState } from '@pl/contracts';
import type { PoolClient, Queryable } from '@pl/service-kit';
import { findActiveSession, insertSession, revokeCustomerSessions, revokeSession, touchSession } from '../db/sessions.repo.js';
import { recordSessionsRevoked } from './identity-events.js';
import { newSecretToken } from './secret-tokens.js';

/** How long a sign-in lasts on the server; the gateway's JWTs are much shorter and re-checked against it. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
const TOUCH_EVERY_SECONDS = 300;

export interface ClientContext {
  ip: string;
  userAgent?: string;
  /** The gateway's device cookie: a rate-limit key beside the address (decision 010). */
  deviceId?: string;
}

export async function openSession(client: PoolClient, customerId: string, context: ClientContext): Promise<SessionGrant['session']> {
  const row = await insertSession(client, { id: newSecretToken(), customerId, ttlSeconds: SESSION_TTL_SECONDS, userAgent: context.userAgent, ip: context.ip });
  return { id: row.id, expiresAt: row.expiresAt.toISOString() };
}

const INACTIVE: SessionState = { active: false, customerId: null, isAdmin: false };
/** Session ids are base64url tokens; anything else cannot be one of ours. */
const SESSION_ID = /^[A-Za-z0-9_-]{22,128}$/;

/** Whether a session is still good and for whom (admin-ness read fresh from the customer). */
export async function sessionState(db: Queryable, id: string): Promise<SessionState> {
  if (!SESSION_ID.test(id)) return INACTIVE;
  const found = await findActiveSession(db, id);
  if (!found) return INACTIVE;
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_EVERY_SECONDS * 1000) await touchSession(db, id, TOUCH_EVERY_SECONDS);
  return { active: true, customerId: found.customerId, isAdmin: found.isAdmin };
}

/** Logout. Idempotent: ending an ended or unknown session changes nothing and announces nothing. */
export async function endSession(client: PoolClient, id: string): Promise<void> {
  if (!SESSION_ID.test(id)) return;
  const customerId = await revokeSession(client, id);
  if (customerId) await recordSessionsRevoked(client, customerId, [id]);
}

/** Password reset (everything) and password change (everything but the caller's session). */
export async function endCustomerSessions(client: PoolClient, customerId: string, options: { keep?: string } = {}): Promise<string[]> {
  const revoked = await revokeCustomerSessions(client, customerId, options);
  await recordSessionsRevoked(client, customerId, revoked);
  return revoked;
}
