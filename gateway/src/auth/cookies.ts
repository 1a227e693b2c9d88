// The session cookie: where the browser keeps the gateway's token. JavaScript never sees it
// (HttpOnly); over https it is Secure and carries the `__Host-` prefix, which the browser only
// accepts with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or shadow it.
import type { IncomingMessage } from 'node:http';
import type { CookieOptions, Response } from 'express';
import { parseCookie } from 'cookie';
import { Jwt } from '@pl/contracts';

export interface SessionCookie {
  /** `__Host-pl_session` under https, `pl_session` over plain http (local development). */
  readonly name: string;
  readonly options: Readonly<CookieOptions>;
  set(res: Response, token: string, maxAgeSeconds: number): void;
  clear(res: Response): void;
  /** The raw token from the request's Cookie header, if any (not yet verified). */
  read(req: IncomingMessage): string | undefined;
  /** The Cookie header with our session cookie removed: services get the token as a Bearer only. */
  withoutSessionCookie(cookieHeader: string | undefined): string | undefined;
}

/** `secure`: true when PUBLIC_ORIGIN is https. */
export function createSessionCookie({ secure }: { secure: boolean }): SessionCookie {
  const name = secure ? Jwt.secureCookieName : Jwt.cookieName;
  const options: CookieOptions = {
    httpOnly: true,
    // Lax, not Strict: a shopper following a link to the shop from elsewhere (an e-mail, a search
    // result) arrives signed in. Lax still withholds the cookie from cross-site POST/PUT/DELETE and
    // from cross-site fetches, which is our CSRF defence for the JSON API. Keep it; if this ever
    // becomes 'none', add a CSRF token.
    sameSite: 'lax',
    path: '/',
    secure,
  };
  return {
    name,
    options,
    set(res, token, maxAgeSeconds) {
      dropEarlierSetCookie(res, name);
      res.cookie(name, token, { ...options, maxAge: maxAgeSeconds * 1000 });
    },
    clear(res) {
      dropEarlierSetCookie(res, name);
      res.clearCookie(name, options);
    },
    read(req) {
      const header = req.headers.cookie;
      if (!header) return undefined;
      const value = parseCookie(header)[name];
      return value ? value : undefined;
    },
    withoutSessionCookie(cookieHeader) {
      if (!cookieHeader) return undefined;
      const kept = cookieHeader
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part && !isCookieNamed(part, Jwt.cookieName) && !isCookieNamed(part, Jwt.secureCookieName));
      return kept.length > 0 ? kept.join('; ') : undefined;
    },
  };
}

function isCookieNamed(pair: string, cookieName: string): boolean {
  const eq = pair.indexOf('=');
  return (eq === -1 ? pair : pair.slice(0, eq)).trim() === cookieName;
}

/**
 * One response may decide the session twice (a refresh, then a logout replacing it): only the last
 * decision goes out, so the browser never has to resolve two Set-Cookie lines for one name.
 */
function dropEarlierSetCookie(res: Response, cookieName: string): void {
  const existing = res.getHeader('set-cookie');
  if (existing === undefined) return;
  const kept = (Array.isArray(existing) ? existing : [String(existing)]).filter((line) => !isCookieNamed(line.split(';', 1)[0] ?? '', cookieName));
  if (kept.length > 0) res.setHeader('set-cookie', kept);
  else res.removeHeader('set-cookie');
}
