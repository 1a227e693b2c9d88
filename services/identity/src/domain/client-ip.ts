import type { Request } from 'express';
import { DeviceCookie, InternalHeaders } from '@pl/contracts';
import type { ClientKey } from './rate-limits.js';

/**
 * The client address rate limits key on, for public routes. The gateway replaces any
 * X-Forwarded-For a browser sent with the address it saw, so the header holds one entry; should a
 * trusted proxy ever append more, the last one is the hop closest to us, the only one not
 * writable by the client. Direct calls (tests, internal tools) fall back to the socket address.
 */
export function clientIp(req: Request): string {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header[header.length - 1] : header;
  const last = value?.split(',').pop()?.trim();
  return (last || req.socket.remoteAddress || 'unknown').slice(0, 64);
}

/**
 * The address and, when the gateway forwarded one, the browser's device id: what per-client rate
 * limits count (decision 010). The gateway removes a header of that name a browser sent.
 */
export function clientKeyOf(req: Request): ClientKey {
  const device = req.headers[InternalHeaders.device];
  const deviceId = typeof device === 'string' && DeviceCookie.pattern.test(device) ? device : undefined;
  return { ip: clientIp(req), ...(deviceId ? { deviceId } : {}) };
}

export function userAgent(req: Request): string | undefined {
  return req.headers['user-agent']?.slice(0, 512);
}
