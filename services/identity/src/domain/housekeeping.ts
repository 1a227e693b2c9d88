import { startPeriodicWorker, type BackgroundWorker, type Logger, type Pool } from '@pl/service-kit';
import { pruneExpiredRows } from '../db/housekeeping.repo.js';
import { LoginLimits } from './login-limits.js';

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/** Sign-in attempts are kept as long as they can make a client known to an account (decision 010). */
export function pruneIdentityTables(pool: Pool, knownClientSeconds: number = LoginLimits.knownClientSeconds) {
  return pruneExpiredRows(pool, { keepDevMail: 500, loginAttemptDays: Math.ceil(knownClientSeconds / 86_400) + 1 });
}

export function startHousekeeping(deps: { pool: Pool; logger: Logger; knownClientSeconds?: number }): BackgroundWorker {
  return startPeriodicWorker({
    name: 'identity-housekeeping',
    intervalMs: HOUSEKEEPING_INTERVAL_MS,
    logger: deps.logger,
    run: async () => {
      const deleted = await pruneIdentityTables(deps.pool, deps.knownClientSeconds);
      if (Object.values(deleted).some((n) => n > 0)) deps.logger.info({ deleted }, 'pruned expired identity rows');
    },
  });
}
