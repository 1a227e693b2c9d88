// What a service sees of the browser's request. Nothing a browser can set decides who the caller
// is: every identity header is removed, and the only credential forwarded is the gateway-verified
// session token as a Bearer. The headers are rewritten on the incoming request itself (before the
// proxy copies them), so no proxy code path can forward the originals.
import type { RequestHandler } from 'express';
import { InternalHeaders, StrippedClientHeaders } from '@pl/contracts';
import type { SessionCookie } from '../auth/cookies.js';
import type { DeviceCookies } from '../auth/device-cookie.js';
import { currentSession } from '../auth/session.js';

/** Set by the gateway from what it knows; a client's copy would be a lie. */
const GATEWAY_OWNED = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'];

export function upstreamHeaders(deps: { cookie: SessionCookie; devices: DeviceCookies; publicOrigin: string }): RequestHandler {
  const publicUrl = new URL(deps.publicOrigin);
  return (req, res, next) => {
    const headers = req.headers;
    for (const name of StrippedClientHeaders) delete headers[name];
    for (const name of GATEWAY_OWNED) delete headers[name];
    // Node already answered "100 Continue" to the browser; passing Expect on changes nothing but the
    // proxy's code path.
    delete headers.expect;

    const cookies = deps.cookie.withoutSessionCookie(headers.cookie);
    if (cookies) headers.cookie = cookies;
    else delete headers.cookie;

    const session = currentSession(res);
    if (session) headers[InternalHeaders.authorization] = `Bearer ${session.token}`;
    headers[InternalHeaders.requestId] = req.id;
    const deviceId = deps.devices.read(req);
    if (deviceId) headers[InternalHeaders.device] = deviceId;
    // REVIEW: behind a trusted TLS-terminating load balancer, append to its X-Forwarded-For instead.
    if (req.socket.remoteAddress) headers['x-forwarded-for'] = req.socket.remoteAddress;
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    headers['x-forwarded-host'] = publicUrl.host;
    next();
  };
}
