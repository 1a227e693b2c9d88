// Cross-site request forgery defence for the JSON API, in front of every service. A browser tells
// us where a request comes from (Fetch Metadata `Sec-Fetch-Site`, and `Origin` on every unsafe
// request): a state-changing request from another site's page is refused before it can ride on the
// shopper's cookie. SameSite=Lax on the cookie stays as defence in depth.
//
// Requests with neither header come from non-browser clients (curl, scripts, server-to-server),
// which a forged page cannot make on a shopper's behalf, so they pass.
import type { RequestHandler } from 'express';
import { ApiPaths, ErrorCodes } from '@pl/contracts';
import type { SessionCookie } from '../auth/cookies.js';
import { isSafeMethod, isWebhookPath, rawPathOf } from '../http/paths.js';


/**
 * The gateway's own sign-in endpoints are checked even without a cookie: a forged sign-in would
 * put a shopper into an account the attacker controls (login CSRF).
 */
const ALWAYS_CHECKED = new Set<string>([ApiPaths.auth.login, ApiPaths.auth.register, ApiPaths.auth.logout]);

export const CSRF_REFUSAL = { message: 'Cross-site request refused', code: ErrorCodes.forbidden } as const;

export interface CsrfOptions {
  cookie: SessionCookie;
  /** PUBLIC_ORIGIN plus the other origins our own pages are served from. */
  trustedOrigins: readonly string[];
}

/** Why a request is refused, or undefined when it may go on. Exported for the test matrix. */
export function csrfVerdict(
  headers: { secFetchSite?: string; origin?: string },
  trustedOrigins: ReadonlySet<string>,
): 'cross-site' | 'foreign-origin' | undefined {
  const site = headers.secFetchSite?.toLowerCase();
  const origin = headers.origin;
  if (site === 'cross-site') return 'cross-site';
  // A sibling subdomain is "same-site" yet not ours: only an Origin we trust redeems it.
  if (site === 'same-site' && (origin === undefined || !trustedOrigins.has(origin))) return 'foreign-origin';
  // "null" (sandboxed frames, some redirects) is never one of ours.
  if (origin !== undefined && !trustedOrigins.has(origin)) return 'foreign-origin';
  return undefined;
}

export function csrfProtection(options: CsrfOptions): RequestHandler {
  const trusted = new Set(options.trustedOrigins);
  return (req, res, next) => {
    if (isSafeMethod(req.method)) return next();
    const path = rawPathOf(req);
    if (isWebhookPath(path)) return next();
    if (!options.cookie.read(req) && !ALWAYS_CHECKED.has(path)) return next();

    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const verdict = csrfVerdict({ secFetchSite: header('sec-fetch-site'), origin: header('origin') }, trusted);
    if (!verdict) return next();
    req.log.warn({ verdict, origin: header('origin'), secFetchSite: header('sec-fetch-site'), method: req.method, path }, 'cross-site request refused');
    res.status(403).json(CSRF_REFUSAL);
  };
}
