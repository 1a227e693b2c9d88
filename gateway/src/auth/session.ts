// Reads and verifies the session cookie once per request. A cookie that fails verification
// (tampered, expired, signed by another key, alg "none") is ignored: the request goes on as
// anonymous, exactly as if no cookie had been sent.
import type { RequestHandler, Response } from 'express';
import { ErrorCodes } from '@pl/contracts';
import type { SessionCookie } from './cookies.js';
import type { SessionTokens, VerifiedSession } from './tokens.js';

/** The verified session of this request, or undefined for an anonymous caller. */
export function currentSession(res: Response): VerifiedSession | undefined {
  return res.locals.session as VerifiedSession | undefined;
}

export function sessionMiddleware(deps: { cookie: SessionCookie; tokens: SessionTokens }): RequestHandler {
  return async (req, res, next) => {
    const token = deps.cookie.read(req);
    if (!token) return next();
    const result = await deps.tokens.verifySessionToken(token);
    if (result.ok) {
      res.locals.session = result.session;
    } else {
      req.log.debug({ reason: result.reason }, 'session cookie ignored');
    }
    next();
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
