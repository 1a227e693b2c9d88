import type { Logger, Pool } from '@pl/service-kit';
import type { PasswordHasher } from './passwords.js';

/** What identity's use cases run on. */
export interface IdentityContext {
  pool: Pool;
  passwords: PasswordHasher;
  /** The hash sign-in verifies against when no account matches (dummyHashFor). */
  dummyHash: () => Promise<string>;
  logger: Logger;
}
