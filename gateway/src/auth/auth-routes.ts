// Sign-in, registration and sign-out are answered by the gateway itself, because the gateway owns
// the cookie: identity checks the credentials and keeps the server-side session (internal API),
// the gateway signs the token and sets the cookie. Every other /api/auth path is proxied.
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { ApiPaths, ClientInfo, displayNameOf, LoginPayload, RegisterPayload, type SessionGrant } from '@pl/contracts';
import { parseInput, refuseHostileInput } from '@pl/service-kit';
import { writeUpstreamError } from '../http/upstream-errors.js';
import type { CartMerger } from './cart-merge.js';
import type { DeviceCookies } from './device-cookie.js';
import type { IdentityClient, IdentityResult } from './identity-client.js';
import type { SessionCache } from './session-cache.js';
import { currentSession, type Sessions } from './session.js';

/** Sign-out takes no input; anything sent is a mistake or a probe and is refused like any unknown field. */
const LogoutPayload = z.strictObject({});

export interface AuthRoutesDeps {
  identity: IdentityClient;
  /** Merges the guest's cart before a sign-in is answered. */
  mergeCart: CartMerger;
  /** Sign-in attempts count per device as well as per address (decisions 010, 044). */
  devices: DeviceCookies;
  sessions: Sessions;
  cache: SessionCache;
  bodyLimit: string;
}

export function authRoutes(deps: AuthRoutesDeps): Router {
  // Exact paths only: the CSRF check singles these paths out by exact match, so `/API/auth/login` or
  // a trailing slash must not reach a sign-in handler by Express's lenient matching.
  const router = Router({ caseSensitive: true, strict: true });
  const json = express.json({ limit: deps.bodyLimit });
  // As at every service's edge: the path, query and body are text before a handler reads them (decision 043).
  const textOnly = refuseHostileInput();

  router.post(ApiPaths.auth.login, json, textOnly, async (req, res) => {
    const credentials = parseInput(LoginPayload, req.body);
    const context = signInContext(req, res);
    const result = await deps.identity.createSession({ ...credentials, ...context }, req.id);
    await answerGrant(req, res, result, 200, context.previousSubject);
  });

  router.post(ApiPaths.auth.register, json, textOnly, async (req, res) => {
    const registration = parseInput(RegisterPayload, req.body);
    const context = signInContext(req, res);
    const result = await deps.identity.register({ registration, ...context }, req.id);
    await answerGrant(req, res, result, 201, context.previousSubject);
  });

  router.post(ApiPaths.auth.logout, json, textOnly, async (req, res) => {
    parseInput(LogoutPayload, req.body ?? {});
    res.setHeader('Cache-Control', 'no-store');
    const session = currentSession(res);
    if (session?.claims.kind === 'customer') {
      const ended = await deps.identity.deleteSession(session.claims.sid, req.id);
      if (!ended.ok && ended.kind === 'unavailable') {
        req.log.warn({ detail: ended.detail }, 'logout failed: identity unavailable');
        writeUpstreamError(res, ended.status, ended.message);
        return;
      }
      deps.cache.revoke([session.claims.sid]);
      req.log.info({ customerId: session.claims.sub }, 'signed out');
    }
    // The old cookie is replaced, and with it any copy of it is worthless; the browser goes on as a new guest.
    await deps.sessions.startGuest(res);
    res.status(200).json({ message: 'Logged out' });
  });

  /** Who is signing in from where: the guest subject (for the cart merge) and what rate limits need. */
  function signInContext(req: Request, res: Response): { previousSubject?: string; client: z.infer<typeof ClientInfo> } {
    const session = currentSession(res);
    const userAgent = req.headers['user-agent'];
    // A browser without our device cookie gets one for its next attempt; this one counts as cookie-less.
    const deviceId = deps.devices.ensure(req, res);
    return {
      previousSubject: session?.claims.kind === 'guest' ? session.claims.sub : undefined,
      client: {
        // Through a trusted front proxy, the address it saw (GATEWAY_TRUSTED_PROXIES).
        ip: (req.ip ?? 'unknown').slice(0, 64),
        ...(userAgent ? { userAgent: userAgent.slice(0, 512) } : {}),
        ...(deviceId ? { deviceId } : {}),
      },
    };
  }

  async function answerGrant(req: Request, res: Response, result: IdentityResult<SessionGrant>, status: number, guestSubject: string | undefined): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    if (!result.ok) {
      if (result.kind === 'unavailable') {
        req.log.warn({ detail: result.detail }, 'identity unavailable');
        writeUpstreamError(res, result.status, result.message);
        return;
      }
      if (result.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(result.retryAfterSeconds));
      res.status(result.status).json(result.body);
      return;
    }
    const { customer, session } = result.data;
    const previous = currentSession(res);
    if (previous?.claims.kind === 'customer' && previous.claims.sid !== session.id) {
      // Signing in over an existing sign-in replaces it: end the old session so its cookie dies too.
      deps.cache.revoke([previous.claims.sid]);
      void deps.identity.deleteSession(previous.claims.sid, req.id).then((r) => {
        if (!r.ok) req.log.warn({ customerId: previous.claims.sub }, 'could not end the replaced session');
      });
    }
    if (guestSubject) await deps.mergeCart({ guestSubject, customerId: customer.id }, req.log);
    deps.cache.remember(session.id, { active: true, customerId: customer.id, isAdmin: customer.isAdmin });
    await deps.sessions.start(res, { sub: customer.id, kind: 'customer', sid: session.id, adm: customer.isAdmin, nm: customer.isAdmin ? displayNameOf(customer) : undefined });
    // Session ids stay out of the logs: they are identity's secrets, the customer id says enough.
    req.log.info({ customerId: customer.id }, status === 201 ? 'registered and signed in' : 'signed in');
    res.status(status).json(customer);
  }

  return router;
}
