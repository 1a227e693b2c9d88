import { createHmac } from 'node:crypto';
import { parseSignatureHeader, verifyPosSignature } from './webhook-signature.js';

describe('POS webhook signatures', () => {
  const key = 'whsec_test_key';
  const body = Buffer.from('{"id":"evt_1","type":"inventory.count.updated","created_at":"2026-01-01T00:00:00.000Z","data":{}}');
  const now = 1_800_000_000_000;
  const t = now / 1000;
  // Computed here as a POS would, independently of the code under test.
  const sign = (timestamp: number, raw: Buffer = body, secret = key) => createHmac('sha256', secret).update(`${timestamp}.${raw.toString('utf8')}`).digest('hex');
  const verify = (header: string | undefined, raw: Buffer = body) => verifyPosSignature({ header, rawBody: raw, signatureKey: key, toleranceS: 300, nowMs: now });

  it('accepts a delivery signed with the key just now', () => {
    expect(verify(`t=${t},v1=${sign(t)}`)).toBe(true);
  });

  it('accepts any of several v1 signatures (a key being rotated)', () => {
    expect(verify(`t=${t},v1=${sign(t, body, 'old-key')},v1=${sign(t)}`)).toBe(true);
  });

  it('accepts a timestamp at the edge of the tolerance and refuses one beyond, either way', () => {
    expect(verify(`t=${t - 300},v1=${sign(t - 300)}`)).toBe(true);
    expect(verify(`t=${t - 301},v1=${sign(t - 301)}`)).toBe(false);
    expect(verify(`t=${t + 301},v1=${sign(t + 301)}`)).toBe(false);
  });

  it('refuses another key, another body, or a signature moved to another timestamp', () => {
    expect(verify(`t=${t},v1=${sign(t, body, 'other-key')}`)).toBe(false);
    expect(verify(`t=${t},v1=${sign(t)}`, Buffer.from(body.toString().replace('evt_1', 'evt_2')))).toBe(false);
    expect(verify(`t=${t - 1},v1=${sign(t)}`)).toBe(false);
  });

  it.each([undefined, '', 'garbage', `v1=${'a'.repeat(64)}`, `t=${t}`, `t=${t},v1=xyz`, `t=abc,v1=${'a'.repeat(64)}`, `t=${t}=1,v1=${'a'.repeat(64)}`])(
    'refuses the malformed header %p',
    (header) => {
      expect(verify(header)).toBe(false);
    },
  );

  it('reads t and the v1 signatures, ignoring other schemes', () => {
    expect(parseSignatureHeader(`t=12, v0=abc, v1=${'A'.repeat(64)}`)).toEqual({ timestamp: 12, signatures: ['a'.repeat(64)] });
  });
});
