// Session tokens a test signs itself, with the gateway's own signer.
import { randomUUID } from 'node:crypto';
import type { TokenClaims } from '@pl/contracts';
import { createSessionTokens } from '../../src/auth/tokens';
import type { SigningKeys } from '../../src/auth/keys';

/** Mints a valid session token for tests: a guest session unless overridden. */
export function mintTestSessionToken(keys: SigningKeys, overrides: Partial<TokenClaims> & { ttlSeconds?: number } = {}): Promise<string> {
  const { ttlSeconds = 300, ...claims } = overrides;
  return createSessionTokens(keys).signSessionToken({ sub: `test-${randomUUID()}`, kind: 'guest', sid: randomUUID(), adm: false, ...claims }, ttlSeconds);
}
