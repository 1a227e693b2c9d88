// Who a public request comes from, for the per-client rate limits (decisions 010 and 044). The
// gateway sets X-Forwarded-For (replacing any a browser sent) and the device header; both are
// believed only when the request comes from a trusted proxy (TRUSTED_PROXIES): a caller that
// reaches identity's port some other way is keyed on its own address and has no device, so it
// cannot choose its rate-limit key.
import { BlockList, isIP } from 'node:net';
import type { Request } from 'express';
import { DeviceCookie, InternalHeaders } from '@pl/contracts';
import type { ClientKey } from './rate-limits.js';

/** The development default: a gateway on the same machine connects from loopback. */
export const LOOPBACK_PROXIES = ['127.0.0.1', '::1'] as const;

/** Whether an address is one of the trusted proxies. */
export type ProxyTrust = (address: string | undefined) => boolean;

/** `10.0.0.0/8` or `10.1.2.3` (IPv4 or IPv6): the entry's parts, or undefined when it is neither. */
export function parseProxyEntry(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefix, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const bits = version === 4 ? 32 : 128;
  const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(length >= 0 && length <= bits)) return undefined;
  return { address, prefix: length, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** An IPv4 peer may show as `::ffff:10.1.2.3` on a dual-stack socket: compared as the IPv4 address. */
const unmapped = (address: string) => /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;

export function trustProxies(entries: readonly string[]): ProxyTrust {
  const trusted = new BlockList();
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) throw new Error(`not an address or CIDR block: ${entry}`);
    trusted.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address) => {
    if (!address) return false;
    const plain = unmapped(address);
    const version = isIP(plain);
    return version !== 0 && trusted.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client address: the peer's, unless the peer is a trusted proxy; then, walking X-Forwarded-For
 * from its end (the hop nearest us), the first address that is not a trusted proxy itself. Entries
 * before that one were written by whoever sent them and are never read.
 */
export function clientIp(req: Request, trusted: ProxyTrust): string {
  let address = req.socket.remoteAddress ?? 'unknown';
  if (trusted(address)) {
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((hop) => hop.trim()).filter(Boolean);
    for (let i = hops.length - 1; i >= 0 && trusted(address); i--) address = hops[i] as string;
  }
  return address.slice(0, 64);
}

/** The address and, when the gateway forwarded one, the browser's device id (decision 010). */
export function clientKeyOf(req: Request, trusted: ProxyTrust): ClientKey {
  const device = trusted(req.socket.remoteAddress) ? req.headers[InternalHeaders.device] : undefined;
  const deviceId = typeof device === 'string' && DeviceCookie.pattern.test(device) ? device : undefined;
  return { ip: clientIp(req, trusted), ...(deviceId ? { deviceId } : {}) };
}
