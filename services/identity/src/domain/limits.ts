// Every limit of decision 010 in one object, so each can be configured (config.ts reads the
// RATE_LIMIT_* variables; unset, these are the defaults the decision names).
import { LoginLimits, type Slowdown } from './login-limits.js';
import { RateLimits, type Limit, type RateLimitRule } from './rate-limits.js';
import { MailPolicy } from '../mail/mail-dispatcher.js';

export interface IdentityLimits {
  rules: { [K in keyof typeof RateLimits]: RateLimitRule };
  login: { perClient: Limit; perAccountAndClient: Limit; perAccount: Limit; knownClientSeconds: number; accountSlowdown: Slowdown };
  /** Reset mails per account per hour (the dispatcher drops the rest silently). */
  resetMailsPerHour: number;
  /**
   * How many devices' budgets of a per-client limit one address may spend in all: the ceiling for a
   * carrier's NAT, where thousands of customers share an address and each has a device cookie.
   */
  addressFactor: number;
}

export const DEFAULT_LIMITS: IdentityLimits = {
  rules: RateLimits,
  login: LoginLimits,
  resetMailsPerHour: MailPolicy.resetMailsPerHour,
  addressFactor: 20,
};
