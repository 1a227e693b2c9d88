// POS webhook signatures (API.md "Webhooks"): `POS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>`
// over `<t>.<raw body>` with the subscription's signature key. The timestamp is signed too, so a
// captured delivery replayed later fails the tolerance check.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'pos-signature';

/** The hex HMAC a POS sends for this timestamp and body. */
export function posSignature(signatureKey: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', signatureKey).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** `t` and every `v1` of the header (several while a key rotates); undefined when it is not one. */
export function parseSignatureHeader(header: string | undefined): { timestamp: number; signatures: string[] } | undefined {
  if (!header || header.length > 1024) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || value === undefined) return undefined;
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/** Whether the body was signed with this key within ±toleranceS of now. */
export function verifyPosSignature(input: { header: string | undefined; rawBody: Buffer; signatureKey: string; toleranceS: number; nowMs?: number }): boolean {
  const parsed = parseSignatureHeader(input.header);
  if (!parsed) return false;
  const nowS = (input.nowMs ?? Date.now()) / 1000;
  if (Math.abs(nowS - parsed.timestamp) > input.toleranceS) return false;
  const expected = Buffer.from(posSignature(input.signatureKey, parsed.timestamp, input.rawBody), 'hex');
  // Every candidate is compared (no early exit), each in constant time.
  return parsed.signatures.map((s) => timingSafeEqual(expected, Buffer.from(s, 'hex'))).includes(true);
}
