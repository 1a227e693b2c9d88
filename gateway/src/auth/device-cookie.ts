// The device cookie (contracts DeviceCookie): a random id the gateway gives a browser when it signs in
// or registers (pages carry no cookies, decision 020), and forwards to identity as a rate-limit key beside the client address, so
// customers behind one shared address (a carrier's NAT) do not share one budget (decision 010). It
// carries no authority: a client that drops or invents one only moves between budgets.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Response } from 'express';
import { parseCookie } from 'cookie';
import { DeviceCookie } from '@pl/contracts';

export interface DeviceCookies {
  /** The browser's device id, when it sent a well-formed one. */
  read(req: IncomingMessage): string | undefined;
  /** The browser's device id, minting one (and setting the cookie) when it has none. */
  ensure(req: IncomingMessage, res: Response): string;
}

export function createDeviceCookies({ secure }: { secure: boolean }): DeviceCookies {
  // Under https `__Host-` (Secure, Path=/, no Domain: a sibling subdomain can neither set nor shadow
  // it), and only that name is read, as for the session cookie (cookies.ts).
  const name = secure ? DeviceCookie.secureName : DeviceCookie.name;
  const read = (req: IncomingMessage) => {
    const header = req.headers.cookie;
    const value = header ? parseCookie(header)[name] : undefined;
    return value && DeviceCookie.pattern.test(value) ? value : undefined;
  };
  return {
    read,
    ensure(req, res) {
      const known = read(req);
      if (known) return known;
      const id = randomBytes(16).toString('base64url');
      // HttpOnly: no script needs it. Lax like the session cookie.
      res.cookie(name, id, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: DeviceCookie.maxAgeSeconds * 1000 });
      return id;
    },
  };
}
