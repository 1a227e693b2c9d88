// Every limit of decision 010 in one object, so each can be configured (config.ts reads the
// RATE_LIMIT_* variables; unset, these are the defaults the decision names).
import { LoginLimits, type LoginLimitSettings } from './login-limits.js';
import { RateLimits, type RateLimitRule } from './rate-limits.js';
import { MailPolicy } from '../mail/mail-policy.js';

export interface IdentityLimits extends LoginLimitSettings {
  rules: { [K in keyof typeof RateLimits]: RateLimitRule };
  /** Reset mails per account per hour (the dispatcher drops the rest silently). */
  resetMailsPerHour: number;
}

export const DEFAULT_LIMITS: IdentityLimits = {
  rules: RateLimits,
  login: LoginLimits,
  resetMailsPerHour: MailPolicy.resetMailsPerHour,
  addressFactor: 20,
};
