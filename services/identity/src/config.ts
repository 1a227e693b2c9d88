import { z } from 'zod';
import { emptyAsUnset, internalApiTokenVar, loadConfig, requireInternalApiTokenInProduction, serviceConfig, urlVar, urlListVar } from '@pl/service-kit';
import { LOOPBACK_PROXIES, parseProxyEntry } from './domain/client-ip.js';
import { DEFAULT_LIMITS, type IdentityLimits } from './domain/limits.js';
import type { Limit } from './domain/rate-limits.js';
import type { MailTransportName } from './mail/mail-transport.js';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
/** Rate-limit hits are kept a day (housekeeping), so no per-client window may be longer. */
const MAX_WINDOW_SECONDS = 86_400;

/** `20/1h`: at most 20 in any hour (units s, m, h, d; a window of at most a day). */
const limitVar = (fallback: Limit) =>
  z
    .preprocess(emptyAsUnset, z.string().regex(/^\d{1,6}\/\d{1,5}[smhd]$/, 'a limit such as 20/1h (count/window, units s m h d)').optional())
    .transform((text, ctx): Limit => {
      if (text === undefined) return fallback;
      const [count, window] = text.split('/') as [string, string];
      const windowSeconds = Number(window.slice(0, -1)) * UNIT_SECONDS[window.slice(-1) as keyof typeof UNIT_SECONDS];
      if (Number(count) < 1 || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) {
        ctx.addIssue({ code: 'custom', message: 'a count of at least 1 in a window of 1 s to 1 d' });
        return z.NEVER;
      }
      return { limit: Number(count), windowSeconds };
    });
const { rules, login } = DEFAULT_LIMITS;

const IdentityEnv = serviceConfig({ port: 5101, schema: 'identity' }).extend({
  INTERNAL_API_TOKEN: internalApiTokenVar,
  /** Where the shop is served: the origin of the links in reset and verification mails. */
  PUBLIC_ORIGIN: urlVar('http://localhost:5000'),
  /** Where identity reaches the cart's internal API (the order lookup's mail; `npm start` passes it). */
  CART_URL: urlListVar('http://127.0.0.1:5103'),
  /** e.g. smtps://user:pass@smtp.example.com:465. Unset: mail goes to the dev mailbox (/api/auth/dev/mailbox); required in production. */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  /**
   * How mail leaves: `smtp` (SMTP_URL), or `log` (never delivered: each mail's recipient and subject
   * are logged). Unset: smtp when SMTP_URL is set, else the dev mailbox, which production refuses.
   */
  MAIL_TRANSPORT: optional(z.enum(['smtp', 'log'])),
  MAIL_FROM: z.string().min(3).default('Professional Liquidation <no-reply@localhost>'),
  /**
   * The proxies (the gateways) whose X-Forwarded-For and device header identity believes: addresses
   * or CIDR blocks, comma-separated (decision 044). Unset: loopback, outside production; production
   * must name them, as a wrong guess either lets anyone choose their rate-limit key or puts every
   * shopper behind one.
   */
  TRUSTED_PROXIES: optional(
    z
      .string()
      .transform((raw) => raw.split(',').map((entry) => entry.trim()).filter(Boolean))
      .refine((entries) => entries.length > 0, 'one address or CIDR block at least')
      .refine((entries) => entries.every((entry) => parseProxyEntry(entry)), 'addresses or CIDR blocks, comma-separated (e.g. 10.0.0.0/8, ::1)'),
  ),
  /** Outside production: create the demo `admin` and `shopper` accounts when missing. Never in production. */
  SEED_DEMO_ACCOUNTS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  // Rate limits (decision 010). A per-client limit counts a device (the gateway's device cookie)
  // at its own number and the address at RATE_LIMIT_ADDRESS_FACTOR times it; a client without the
  // device cookie counts on the address at the limit's own number.
  RATE_LIMIT_LOGIN_CLIENT: limitVar(login.perClient),
  RATE_LIMIT_LOGIN_ACCOUNT_CLIENT: limitVar(login.perAccountAndClient),
  RATE_LIMIT_LOGIN_ACCOUNT: limitVar(login.perAccount),
  // After N failures on an account (its hour), clients it does not know wait after each: 1 s, doubling up to the given time.
  RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN: limitVar({ limit: login.accountSlowdown.afterFailures, windowSeconds: login.accountSlowdown.maxSeconds }),
  RATE_LIMIT_KNOWN_CLIENT_DAYS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(365).default(login.knownClientSeconds / 86_400)),
  RATE_LIMIT_REGISTER: limitVar(rules.register),
  RATE_LIMIT_FORGOT_PASSWORD: limitVar(rules.forgotPassword),
  RATE_LIMIT_RESET_PASSWORD: limitVar(rules.resetPassword),
  RATE_LIMIT_VERIFY_EMAIL: limitVar(rules.verifyEmail),
  RATE_LIMIT_VERIFICATION_MAIL: limitVar(rules.verificationMail),
  RATE_LIMIT_CHANGE_PASSWORD: limitVar(rules.changePassword),
  RATE_LIMIT_ORDER_LOOKUP: limitVar(rules.orderLookup),
  RATE_LIMIT_RESET_MAILS_PER_HOUR: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(1000).default(DEFAULT_LIMITS.resetMailsPerHour)),
  RATE_LIMIT_ADDRESS_FACTOR: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(100_000).default(DEFAULT_LIMITS.addressFactor)),
});

/** How mail leaves: as set, else SMTP when SMTP_URL is set, else the dev mailbox (never in production: refused below). */
const mailTransportOf = (c: z.infer<typeof IdentityEnv>): MailTransportName => c.MAIL_TRANSPORT ?? (c.SMTP_URL ? 'smtp' : 'dev-mailbox');

export const IdentityConfig = IdentityEnv.superRefine(refuseUnsafeSettings).transform((c) => ({
  ...c,
  TRUSTED_PROXIES: c.TRUSTED_PROXIES ?? [...LOOPBACK_PROXIES],
  // Production never gets the demo logins, whatever the variable says.
  SEED_DEMO_ACCOUNTS: c.SEED_DEMO_ACCOUNTS && c.NODE_ENV !== 'production',
  MAIL_TRANSPORT: mailTransportOf(c),
}));
export type IdentityConfig = z.infer<typeof IdentityConfig>;

/**
 * What identity refuses to start with (decision 042), in one place: in production the development
 * INTERNAL_API_TOKEN, a guess at its proxies, and mail that would silently never reach a customer
 * unless an operator asks for it by name (MAIL_TRANSPORT=log); anywhere, SMTP asked for without SMTP_URL.
 */
function refuseUnsafeSettings(c: z.infer<typeof IdentityEnv>, ctx: z.RefinementCtx): void {
  requireInternalApiTokenInProduction(c, ctx);
  if (c.NODE_ENV === 'production' && c.TRUSTED_PROXIES === undefined) {
    ctx.addIssue({ code: 'custom', path: ['TRUSTED_PROXIES'], message: 'required in production: the addresses or CIDR blocks the gateways connect from' });
  }
  if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required with MAIL_TRANSPORT=smtp' });
  }
  if (c.NODE_ENV === 'production' && mailTransportOf(c) === 'dev-mailbox') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message:
        'required in production: without it no customer gets a mail (password resets, e-mail verification, order confirmations). Set SMTP_URL, or MAIL_TRANSPORT=log to only log each mail on purpose',
    });
  }
}

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(IdentityConfig, env);

/** The rate limits the configuration sets (each variable unset: decision 010's default). */
export function identityLimits(c: IdentityConfig): IdentityLimits {
  const rule = <K extends keyof IdentityLimits['rules']>(name: K, limit: Limit) => ({ bucket: rules[name].bucket, ...limit });
  return {
    rules: {
      register: rule('register', c.RATE_LIMIT_REGISTER),
      forgotPassword: rule('forgotPassword', c.RATE_LIMIT_FORGOT_PASSWORD),
      resetPassword: rule('resetPassword', c.RATE_LIMIT_RESET_PASSWORD),
      verifyEmail: rule('verifyEmail', c.RATE_LIMIT_VERIFY_EMAIL),
      verificationMail: rule('verificationMail', c.RATE_LIMIT_VERIFICATION_MAIL),
      changePassword: rule('changePassword', c.RATE_LIMIT_CHANGE_PASSWORD),
      orderLookup: rule('orderLookup', c.RATE_LIMIT_ORDER_LOOKUP),
    },
    login: {
      perClient: c.RATE_LIMIT_LOGIN_CLIENT,
      perAccountAndClient: c.RATE_LIMIT_LOGIN_ACCOUNT_CLIENT,
      perAccount: c.RATE_LIMIT_LOGIN_ACCOUNT,
      knownClientSeconds: c.RATE_LIMIT_KNOWN_CLIENT_DAYS * 86_400,
      accountSlowdown: { afterFailures: c.RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN.limit, maxSeconds: c.RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN.windowSeconds },
    },
    resetMailsPerHour: c.RATE_LIMIT_RESET_MAILS_PER_HOUR,
    addressFactor: c.RATE_LIMIT_ADDRESS_FACTOR,
  };
}

/** What the create-admin command needs: the database only. */
export const AdminCommandConfig = serviceConfig({ port: 5101, schema: 'identity' }).pick({ DATABASE_URL: true, DB_SCHEMA: true, LOG_LEVEL: true });
export const loadAdminCommandConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(AdminCommandConfig, env);
