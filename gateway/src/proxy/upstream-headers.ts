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

/**
 * Hop-by-hop headers (RFC 9110 7.6.1) describe the browser's connection to the gateway, not the
 * gateway's to the service. Forwarded, a browser's `Connection: close` made the service close the
 * gateway's pooled connection after every answer, so each such request paid a new TCP connection
 * on both sides (decision 034). Transfer-Encoding stays: it frames the body being forwarded.
 */
function dropHopByHop(headers: Record<string, string | string[] | undefined>): void {
  const named = typeof headers.connection === 'string' ? headers.connection.split(',').map((h) => h.trim().toLowerCase()) : [];
  for (const name of [...named, 'connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']) {
    if (name !== 'transfer-encoding') delete headers[name];
  }
}

export function upstreamHeaders(deps: { cookie: SessionCookie; devices: DeviceCookies; publicOrigin: string }): RequestHandler {
  const publicUrl = new URL(deps.publicOrigin);
  return (req, res, next) => {
    const headers = req.headers;
    // Read before the forwarding headers it may come from are dropped below.
    const clientAddress = req.ip;
    for (const name of StrippedClientHeaders) delete headers[name];
    for (const name of GATEWAY_OWNED) delete headers[name];
    dropHopByHop(headers);
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
    // The shopper's address: the connection's peer, or what a trusted front proxy says it saw
    // (GATEWAY_TRUSTED_PROXIES, Express `trust proxy`). One address, not the chain: services trust the gateway alone.
    if (clientAddress) headers['x-forwarded-for'] = clientAddress;
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    headers['x-forwarded-host'] = publicUrl.host;
    next();
  };
}
