// Composition root. `node dist/main.js` runs the service: runService (service-kit) migrates the
// schema (outbox first), seeds the demo accounts outside production, connects NATS, starts the
// outbox relay, the mail dispatcher and housekeeping, serves createApp and shuts down gracefully
// on SIGTERM. `node dist/main.js create-admin ...` runs the create-admin command instead.
import { fileURLToPath } from 'node:url';
import { ApiPaths } from '@pl/contracts';
import { databaseGauge, loadEnvFile, runService } from '@pl/service-kit';
import { createApp } from './app.js';
import { createCartClient } from './clients/cart-client.js';
import { runCreateAdminCommand } from './commands/create-admin.js';
import { identityLimits, loadIdentityConfig } from './config.js';
import { seedDemoAccounts } from './seeds/demo-accounts.js';
import { startHousekeeping } from './domain/housekeeping.js';
import { argon2Hasher } from './domain/passwords.js';
import { startOrderPlacedMail, startOrderStatusMail } from './events/order-mail-consumer.js';
import { startMailDispatcher } from './mail/mail-dispatcher.js';
import { mailTransportFor } from './mail/mail-transport.js';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
const [command, ...args] = process.argv.slice(2);

if (command === 'create-admin') {
  process.exitCode = await runCreateAdminCommand({ argv: args, env: process.env, migrationsDir, io: process });
} else {
  loadEnvFile();
  const config = loadIdentityConfig();
  const production = config.NODE_ENV === 'production';
  const passwords = argon2Hasher();
  const limits = identityLimits(config);
  await runService({
    name: 'identity',
    config,
    migrationsDir,
    domainMetrics: (pool) =>
      databaseGauge({ name: 'identity_mail_outbox_pending', help: 'Mails waiting to be sent (reset and verification links)', db: pool, sql: 'SELECT count(*)::int AS value FROM mail_outbox WHERE done_at IS NULL' }),
    afterMigrations: async (pool, logger) => {
      if (config.SEED_DEMO_ACCOUNTS) await seedDemoAccounts(pool, logger, passwords);
      if (config.MAIL_TRANSPORT === 'smtp') logger.info('mail is sent through SMTP_URL');
      else if (config.MAIL_TRANSPORT === 'log') logger.warn('MAIL_TRANSPORT=log: mail is logged and NOT delivered');
      else logger.info({ mailbox: new URL(ApiPaths.auth.devMailbox, config.PUBLIC_ORIGIN).toString() }, 'SMTP_URL is unset: mail goes to the dev mailbox');
    },
    workers: [
      ({ pool, logger }) =>
        startMailDispatcher({
          pool,
          logger,
          publicOrigin: config.PUBLIC_ORIGIN,
          resetMailsPerHour: limits.resetMailsPerHour,
          cart: createCartClient({ baseUrl: config.CART_URL, token: config.INTERNAL_API_TOKEN }),
          transport: mailTransportFor(config, logger.child({ component: 'mail' })),
        }),
      (deps) => startHousekeeping({ ...deps, knownClientSeconds: limits.login.knownClientSeconds }),
      startOrderPlacedMail,
      startOrderStatusMail,
    ],
    createApp: (deps) => createApp(deps, { internalApiToken: config.INTERNAL_API_TOKEN, devMailbox: !production, passwords, limits, trustedProxies: config.TRUSTED_PROXIES }),
  });
}
