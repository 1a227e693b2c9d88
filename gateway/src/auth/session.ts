// Decides who an /api request is, once, before anything else looks at it:
// - a valid guest token is used as is (re-signed when about to lapse);
// - a customer token counts only while identity says its session is active (cached briefly, see
//   session-cache.ts); an expired one whose session is still active is re-signed (sliding);
// - anything else (no cookie, tampered, wrong key, alg "none", wrong issuer or audience, a revoked
//   or ended session) is no session at all. A read goes on without one; a write (the first cart
//   line, a sign-in) gets a fresh guest session, so a cart works before sign-in and a visitor who
//   only looks costs no signature and carries no cookie (the pages and reads stay public);
// - a customer token identity cannot be asked about (down, its database away) is answered 503 with
//   Retry-After by the gateway itself: sent on without credentials it would be answered as a
//   stranger's (401, an empty cart), which a page takes for a sign-out (decision 045);
// - the catalogue's public reads (contracts isPublicRead) go without any session: no cookie is
//   read, minted or refreshed, and nothing of the visitor reaches the catalog.
// The chosen token is forwarded to the service as the Bearer; services never see the cookie.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { ApiPaths, ErrorCodes, isPublicRead, SessionHeaders, type TokenClaims } from '@pl/contracts';
import { isSafeMethod, isWebhookPath, rawPathOf } from '../http/paths.js';
import { answerServiceUnavailable } from '../http/upstream-errors.js';
import type { SessionCookie } from './cookies.js';
import type { SessionCache } from './session-cache.js';
import { ACCESS_TOKEN_TTL_S, COOKIE_MAX_AGE_S, GUEST_SUBJECT_PREFIX, REFRESH_AHEAD_S, REFRESH_WINDOW_S } from './session-policy.js';
import type { Clock, SessionTokens, VerifiedSession, VerifyResult } from './tokens.js';

/** Identity could not be asked whether a customer's session is still active. */
export class IdentityUnavailableError extends Error {
  override readonly name = 'IdentityUnavailableError';
  constructor() {
    super('identity unavailable: the session could not be checked');
  }
}

/** Writes that start a session of their own (a customer's; after a sign-out, a fresh guest's). */
const STARTS_OWN_SESSION = new Set<string>([ApiPaths.auth.login, ApiPaths.auth.register, ApiPaths.auth.logout]);

/** The verified session of this request, or undefined for a caller without one. */
export function currentSession(res: Response): VerifiedSession | undefined {
  return res.locals.session as VerifiedSession | undefined;
}

export interface SessionsDeps {
  cookie: SessionCookie;
  tokens: SessionTokens;
  cache: SessionCache;
  now?: Clock;
}

export interface Sessions {
  /** Resolves (and if needed issues or refreshes) the session of every /api request but webhooks. */
  middleware(): RequestHandler;
  /** Signs a token for `claims`, sets the cookie and makes it this request's session. */
  start(res: Response, claims: TokenClaims): Promise<VerifiedSession>;
  /** A new anonymous guest session: no identity round trip, nothing stored anywhere. */
  startGuest(res: Response): Promise<VerifiedSession>;
  /**
   * Whose browser a websocket upgrade comes from: the subject of a valid (or still refreshable)
   * session cookie; a customer's only while identity says the session is active (signed out, the
   * socket belongs to no one). Undefined without a usable cookie; rejects with
   * IdentityUnavailableError when identity cannot be asked about a customer's session.
   */
  subjectOf(req: IncomingMessage, requestId?: string): Promise<string | undefined>;
}

export function createSessions(deps: SessionsDeps): Sessions {
  const now = deps.now ?? Date.now;

  async function start(res: Response, claims: TokenClaims): Promise<VerifiedSession> {
    const token = await deps.tokens.signSessionToken(claims, ACCESS_TOKEN_TTL_S);
    deps.cookie.set(res, token, COOKIE_MAX_AGE_S);
    const session: VerifiedSession = { claims, token, expiresAt: new Date(Math.floor(now() / 1000) * 1000 + ACCESS_TOKEN_TTL_S * 1000) };
    res.locals.session = session;
    return session;
  }

  const startGuest = (res: Response) => {
    // The cookie is HttpOnly: this tells the page it now has a (new) subject, for its websocket.
    res.setHeader(SessionHeaders.guestStarted, '1');
    return start(res, { sub: `${GUEST_SUBJECT_PREFIX}${randomUUID()}`, kind: 'guest', sid: randomUUID(), adm: false });
  };

  const lapsingSoon = (expiresAt: Date) => expiresAt.getTime() - now() < REFRESH_AHEAD_S * 1000;
  /** A token past its expiry but still within the refresh window: re-signed for its subject. */
  const refreshable = (result: VerifyResult): result is Extract<VerifyResult, { reason: 'expired' }> =>
    !result.ok && result.reason === 'expired' && now() - result.expiredAt.getTime() <= REFRESH_WINDOW_S * 1000;

  /** The customer session behind `claims` if identity says it is active; re-signed when needed. */
  async function continueCustomer(req: Request, res: Response, claims: TokenClaims, current?: VerifiedSession): Promise<'ok' | 'ended' | 'unavailable'> {
    const state = await deps.cache.check(claims.sid, req.id);
    if (state === 'unavailable') return 'unavailable';
    if (!state.active || state.customerId !== claims.sub) return 'ended';
    // The admin flag follows identity (granted or withdrawn) within one cache period.
    if (current && current.claims.adm === state.isAdmin && !lapsingSoon(current.expiresAt)) {
      res.locals.session = current;
      return 'ok';
    }
    await start(res, { ...claims, adm: state.isAdmin, nm: state.isAdmin ? claims.nm : undefined });
    req.log.debug({ customerId: claims.sub, expired: !current }, 'session token refreshed');
    return 'ok';
  }

  /** 'unavailable': the request carried a customer session identity could not be asked about. */
  async function resolve(req: Request, res: Response): Promise<'unavailable' | undefined> {
    // Reads never start a session: only a write needs a subject to write for. A sign-in or
    // registration starts the customer's own (a guest made just before it would only be merged,
    // empty), and a sign-out always starts a fresh guest itself.
    const startGuestForWrite = async () => {
      if (!isSafeMethod(req.method) && !STARTS_OWN_SESSION.has(rawPathOf(req))) await startGuest(res);
    };
    const token = deps.cookie.read(req);
    if (!token) {
      await startGuestForWrite();
      return;
    }
    const result = await deps.tokens.verifySessionToken(token);
    if (result.ok) {
      const { session } = result;
      if (session.claims.kind === 'guest') {
        if (lapsingSoon(session.expiresAt)) await start(res, session.claims);
        else res.locals.session = session;
        return;
      }
      const outcome = await continueCustomer(req, res, session.claims, session);
      if (outcome === 'ok') return;
      if (outcome === 'unavailable') return outcome;
      req.log.info({ customerId: session.claims.sub }, 'session no longer active');
      await startGuestForWrite();
      return;
    }
    if (refreshable(result)) {
      if (result.claims.kind === 'guest') {
        // Guests keep their subject (and with it their cart) across token lifetimes.
        await start(res, result.claims);
        return;
      }
      const outcome = await continueCustomer(req, res, result.claims);
      if (outcome === 'ok') return;
      if (outcome === 'unavailable') return outcome;
      await startGuestForWrite();
      return;
    }
    req.log.debug({ reason: result.reason }, 'session cookie ignored');
    await startGuestForWrite();
  }

  async function subjectOf(req: IncomingMessage, requestId?: string): Promise<string | undefined> {
    const token = deps.cookie.read(req);
    if (!token) return undefined;
    const result = await deps.tokens.verifySessionToken(token);
    const claims = result.ok ? result.session.claims : refreshable(result) ? result.claims : undefined;
    if (!claims) return undefined;
    if (claims.kind === 'guest') return claims.sub;
    const state = await deps.cache.check(claims.sid, requestId);
    // Not "no one": a socket opened as no one would stay deaf to this customer's events for its life.
    if (state === 'unavailable') throw new IdentityUnavailableError();
    return state.active && state.customerId === claims.sub ? claims.sub : undefined;
  }

  return {
    subjectOf,
    middleware: () => async (req, res, next) => {
      const path = rawPathOf(req);
      // A webhook is authenticated by its signature; a public read is the same for everyone.
      if (isWebhookPath(path) || isPublicRead(req.method, path)) return next();
      if ((await resolve(req, res)) === 'unavailable') {
        // Identity's failed lookup was logged once (concurrent requests share it); this is per request.
        // The cookie is neither cleared nor replaced: a blip at identity signs no one out.
        req.log.debug('identity unavailable: a request with a customer session answered 503');
        answerServiceUnavailable(res, 'identity');
        return;
      }
      next();
    },
    start,
    startGuest,
  };
}

/**
 * Admin API paths need a signed-in admin: anonymous callers and guest sessions get 401, customers
 * without the admin flag 403. The owning service checks again; this is the outer wall.
 */
export function requireAdmin(): RequestHandler {
  return (_req, res, next) => {
    const session = currentSession(res);
    if (!session || session.claims.kind !== 'customer') {
      res.status(401).json({ message: 'Not signed in', code: ErrorCodes.unauthenticated });
      return;
    }
    if (!session.claims.adm) {
      res.status(403).json({ message: 'You do not have access to this resource', code: ErrorCodes.forbidden });
      return;
    }
    next();
  };
}
