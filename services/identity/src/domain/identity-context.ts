import type { Logger, Pool } from '@pl/service-kit';
import type { ProxyTrust } from './client-ip.js';
import type { IdentityLimits } from './limits.js';
import type { PasswordHasher } from './passwords.js';

/** What identity's use cases run on. */
export interface IdentityContext {
  pool: Pool;
  passwords: PasswordHasher;
  /** The hash sign-in verifies against when no account matches (dummyHashFor). */
  dummyHash: () => Promise<string>;
  logger: Logger;
  /** Every rate limit (decision 010), from configuration. */
  limits: IdentityLimits;
  /** Whose X-Forwarded-For and device header public routes believe (TRUSTED_PROXIES, decision 044). */
  trustedProxy: ProxyTrust;
}
