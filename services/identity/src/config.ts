import { z } from 'zod';
import { emptyAsUnset, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig, urlVar } from '@pl/service-kit';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

export const IdentityConfig = serviceConfig({ port: 5101, schema: 'identity' })
  .extend({
    INTERNAL_API_TOKEN: internalApiTokenVar,
    /** Where the shop is served: the origin of the links in reset and verification mails. */
    PUBLIC_ORIGIN: urlVar('http://localhost:5000'),
    /** e.g. smtps://user:pass@smtp.example.com:465. Unset: mail goes to the dev mailbox (/api/auth/dev/mailbox). */
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
    MAIL_FROM: z.string().min(3).default('Professional Liquidation <no-reply@localhost>'),
    /** Outside production: create the demo `admin` and `shopper` accounts when missing. Never in production. */
    SEED_DEMO_ACCOUNTS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  })
  .superRefine(requireInternalApiTokenInProduction)
  // Production never gets the demo logins, whatever the variable says.
  .transform((c) => ({ ...c, SEED_DEMO_ACCOUNTS: c.SEED_DEMO_ACCOUNTS && c.NODE_ENV !== 'production' }));
export type IdentityConfig = z.infer<typeof IdentityConfig>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(IdentityConfig, env);

/** What the create-admin command needs: the database only. */
export const AdminCommandConfig = serviceConfig({ port: 5101, schema: 'identity' }).pick({ DATABASE_URL: true, DB_SCHEMA: true, LOG_LEVEL: true });
export const loadAdminCommandConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(AdminCommandConfig, env);
