import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@pl/service-kit';
import { LOOPBACK_PROXIES, trustProxies } from './domain/client-ip.js';
import type { IdentityContext } from './domain/identity-context.js';
import { DEFAULT_LIMITS, type IdentityLimits } from './domain/limits.js';
import { argon2Hasher, dummyHashFor, type PasswordHasher } from './domain/passwords.js';
import { accountSettingsRoutes } from './routes/account-settings.routes.js';
import { devMailboxRoutes } from './routes/dev-mailbox.routes.js';
import { emailVerificationRoutes } from './routes/email-verification.routes.js';
import { internalSessionsRoutes } from './routes/internal-sessions.routes.js';
import { meRoutes } from './routes/me.routes.js';
import { orderLookupRoutes } from './routes/order-lookup.routes.js';
import { passwordResetRoutes } from './routes/password-reset.routes.js';

export interface IdentityAppOptions {
  /** The services' shared secret guarding `/internal/*` (the gateway's sign-in, registration and session calls). */
  internalApiToken: string;
  /** Serve the dev mailbox at /api/auth/dev/mailbox: never in production. */
  devMailbox: boolean;
  /** argon2id by default; tests wrap it to see which hashes sign-in verifies. */
  passwords?: PasswordHasher;
  /** Decision 010's defaults unless configured (RATE_LIMIT_*). */
  limits?: IdentityLimits;
  /** Addresses and CIDR blocks of the proxies (the gateways) whose forwarded headers count; loopback unless configured. */
  trustedProxies?: readonly string[];
}

export function createApp({ pool, logger, verifier }: ServiceDeps, options: IdentityAppOptions): Express {
  const passwords = options.passwords ?? argon2Hasher();
  const ctx: IdentityContext = {
    pool,
    logger,
    passwords,
    dummyHash: dummyHashFor(passwords),
    limits: options.limits ?? DEFAULT_LIMITS,
    trustedProxy: trustProxies(options.trustedProxies ?? LOOPBACK_PROXIES),
  };
  // Computed now, so the first unknown-name sign-in does not take one hash longer than the rest.
  ctx.dummyHash().catch((err: unknown) => logger.warn({ err }, 'computing the dummy password hash failed'));
  return createServiceApp({
    pool,
    logger,
    verifier,
    internal: { token: options.internalApiToken, routes: [internalSessionsRoutes(ctx)] },
    routes: [
      meRoutes(pool),
      accountSettingsRoutes(ctx),
      passwordResetRoutes(ctx),
      emailVerificationRoutes(ctx),
      orderLookupRoutes(ctx),
      ...(options.devMailbox ? [devMailboxRoutes(pool)] : []),
    ],
  });
}
