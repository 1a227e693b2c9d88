import type { Request } from 'express';
import { clientIp, clientKeyOf, LOOPBACK_PROXIES, parseProxyEntry, trustProxies } from './client-ip.js';

const req = (remoteAddress: string, headers: Record<string, string | string[]> = {}) => ({ headers, socket: { remoteAddress } }) as unknown as Request;
const gateways = trustProxies(['10.0.0.0/8', 'fd00::/8', ...LOOPBACK_PROXIES]);

describe('clientIp', () => {
  it("takes a trusted proxy's X-Forwarded-For", () => {
    expect(clientIp(req('10.1.2.3', { 'x-forwarded-for': '203.0.113.9' }), gateways)).toBe('203.0.113.9');
    expect(clientIp(req('::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }), gateways)).toBe('203.0.113.9');
  });

  it('walks a list from its end past trusted hops only: the first address not a proxy of ours', () => {
    expect(clientIp(req('10.1.2.3', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.9.9.9' }), gateways)).toBe('203.0.113.9');
    expect(clientIp(req('10.1.2.3', { 'x-forwarded-for': ['6.6.6.6', '203.0.113.9'] }), gateways)).toBe('203.0.113.9');
  });

  it("ignores the header from anyone else: the peer's own address counts", () => {
    expect(clientIp(req('198.51.100.7', { 'x-forwarded-for': '203.0.113.9' }), gateways)).toBe('198.51.100.7');
    expect(clientIp(req('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' }), trustProxies(LOOPBACK_PROXIES))).toBe('127.0.0.2');
  });

  it('falls back to the peer without a header, and caps the length', () => {
    expect(clientIp(req('::1'), gateways)).toBe('::1');
    expect(clientIp(req('10.1.2.3', { 'x-forwarded-for': 'x'.repeat(500) }), gateways)).toHaveLength(64);
  });
});

describe('clientKeyOf', () => {
  const device = 'Zm9yLXRoZS1kZXZpY2UtaW';
  it("takes the device header from a trusted proxy only", () => {
    expect(clientKeyOf(req('10.1.2.3', { 'x-forwarded-for': '203.0.113.9', 'x-pl-device': device }), gateways)).toEqual({ ip: '203.0.113.9', deviceId: device });
    expect(clientKeyOf(req('198.51.100.7', { 'x-pl-device': device }), gateways)).toEqual({ ip: '198.51.100.7' });
  });
});

describe('parseProxyEntry', () => {
  it('reads addresses and CIDR blocks of either family, and nothing else', () => {
    expect(parseProxyEntry('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseProxyEntry(' ::1 ')).toEqual({ address: '::1', prefix: 128, family: 'ipv6' });
    for (const bad of ['', 'gateway', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', 'fd00::/129', '10.0.0.0/x']) expect([bad, parseProxyEntry(bad)]).toEqual([bad, undefined]);
  });
});
