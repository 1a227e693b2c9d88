import type { RequestHandler } from 'express';
import { unauthorized, type Queryable } from '@pl/service-kit';
import { sessionState } from '../domain/sessions.js';

declare global {
  namespace Express {
    interface Request {
      /** Set by requireActiveSession: the signed-in customer and their server-side session. */
      account?: { customerId: string; sessionId: string };
    }
  }
}

/**
 * 401 unless the caller is a customer whose server-side session is still active. The gateway
 * checks this too (decision 003); checking here as well means a revoked session is refused even
 * while a gateway's short cache still believes in it.
 */
export function requireActiveSession(db: Queryable): RequestHandler {
  return async (req, _res, next) => {
    const principal = req.principal;
    if (principal.kind !== 'customer') throw unauthorized();
    const state = await sessionState(db, principal.sessionId);
    if (!state.active || state.customerId !== principal.subject) throw unauthorized();
    req.account = { customerId: principal.subject, sessionId: principal.sessionId };
    next();
  };
}

/** The signed-in account of a request behind requireActiveSession. */
export function accountOf(req: Express.Request): { customerId: string; sessionId: string } {
  if (!req.account) throw unauthorized();
  return req.account;
}
