import type { Request } from 'express';
import { badRequest } from '@pl/service-kit';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The shop's public origin, which every URL of a crawler's document or a page's head starts with: as the gateway says it
 * (X-Forwarded-Proto and -Host, made from its PUBLIC_ORIGIN after dropping a browser's own), or the
 * Host asked for by a caller that came straight here (development). The origin is part of each
 * document's cache key, so a caller naming another host is built a document of its own and never
 * changes what the gateway is sent.
 */
export function publicOriginOf(req: Request): string {
  const proto = req.get('x-forwarded-proto') ?? 'http';
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? '';
  if ((proto !== 'http' && proto !== 'https') || !HOST.test(host)) throw badRequest('The shop cannot tell its own address from this request');
  return `${proto}://${host.toLowerCase()}`;
}
