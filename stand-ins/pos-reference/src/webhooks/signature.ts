// POS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(signature_key, "<t>.<raw body>")>.
// The key is used as given (its hex text), the way a receiver passes it to its HMAC function.
import { createHmac } from 'node:crypto';

export function signatureHeader(signatureKey: string, rawBody: string, timestampS: number): string {
  const v1 = createHmac('sha256', signatureKey).update(`${timestampS}.${rawBody}`).digest('hex');
  return `t=${timestampS},v1=${v1}`;
}
