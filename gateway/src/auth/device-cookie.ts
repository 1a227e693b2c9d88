// The device cookie (contracts DeviceCookie): a random id the gateway gives a browser, and forwards to
// identity as a rate-limit key beside the client address, so customers behind one shared address (a
// carrier's NAT) do not share one budget (decisions 010 and 044). It carries no authority, but only
// ids the gateway issued count: the cookie holds the id and the gateway's MAC of it, so a client
// cannot invent ids to get a fresh budget on every request; it has to ask for each, and every one it
// gets still counts against its address's ceiling. A request without a valid cookie passes no device:
// identity counts it against its address's one cookie-less budget.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Response } from 'express';
import { parseCookie } from 'cookie';
import { DeviceCookie } from '@pl/contracts';

export interface DeviceCookies {
  /** The browser's device id, when it sent a cookie we issued. */
  read(req: IncomingMessage): string | undefined;
  /**
   * Gives a browser without a valid device cookie one (on this response). Answers the id it already
   * had, or undefined when it had none: the request at hand counts as cookie-less, else dropping the
   * cookie would buy a fresh budget with every request.
   */
  ensure(req: IncomingMessage, res: Response): string | undefined;
  /** A new id and the cookie value carrying it (what `ensure` sets). */
  issue(): { id: string; value: string };
}

/**
 * The MAC key, derived from the gateway's signing key: every gateway instance has the same, no
 * variable more to keep secret, and rotating the signing key retires the devices with the sessions.
 */
export function deviceCookieKey(signingKey: KeyObject): Buffer {
  const material = signingKey.export({ type: 'pkcs8', format: 'der' });
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'pl_device cookie mac v1', 32));
}

/** 128 bits of the HMAC: enough that guessing one is hopeless, short enough for a small cookie. */
const macOf = (key: Buffer, id: string) => createHmac('sha256', key).update(id).digest().subarray(0, 16);

export function createDeviceCookies({ secure, key }: { secure: boolean; key: Buffer }): DeviceCookies {
  // Under https `__Host-` (Secure, Path=/, no Domain: a sibling subdomain can neither set nor shadow
  // it), and only that name is read, as for the session cookie (cookies.ts).
  const name = secure ? DeviceCookie.secureName : DeviceCookie.name;
  const read = (req: IncomingMessage) => {
    const header = req.headers.cookie;
    const value = header ? parseCookie(header)[name] : undefined;
    if (!value) return undefined;
    const [id, mac, ...rest] = value.split('.');
    if (!id || !mac || rest.length > 0 || !DeviceCookie.pattern.test(id)) return undefined;
    const given = Buffer.from(mac, 'base64url');
    const expected = macOf(key, id);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  };
  const issue = () => {
    const id = randomBytes(16).toString('base64url');
    return { id, value: `${id}.${macOf(key, id).toString('base64url')}` };
  };
  return {
    read,
    issue,
    ensure(req, res) {
      const known = read(req);
      if (known) return known;
      // HttpOnly: no script needs it. Lax like the session cookie.
      res.cookie(name, issue().value, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: DeviceCookie.maxAgeSeconds * 1000 });
      return undefined;
    },
  };
}
