import type { Request } from 'express';
import { clientIp } from './client-ip.js';

const req = (forwarded: string | string[] | undefined, remoteAddress = '127.0.0.1') =>
  ({ headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }, socket: { remoteAddress } }) as unknown as Request;

describe('clientIp', () => {
  it("takes the gateway's X-Forwarded-For", () => {
    expect(clientIp(req('203.0.113.9'))).toBe('203.0.113.9');
  });

  it('takes the last hop of a list: the one a client cannot write', () => {
    expect(clientIp(req('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
  });

  it('falls back to the socket address and caps the length', () => {
    expect(clientIp(req(undefined, '::1'))).toBe('::1');
    expect(clientIp(req('x'.repeat(500)))).toHaveLength(64);
  });
});
