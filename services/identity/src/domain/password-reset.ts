import { badRequest, withTransaction } from '@pl/service-kit';
import { markEmailVerified, setPasswordHash } from '../db/customers.repo.js';
import { consumeToken, findUsableToken, invalidateCustomerTokens } from '../db/email-tokens.repo.js';
import { insertLoginAttempt } from '../db/login-attempts.repo.js';
import { enqueueMail } from '../db/mail-outbox.repo.js';
import type { IdentityContext } from './identity-context.js';
import { accountKeyFor } from './login-limits.js';
import { takeClientRateLimit, type ClientKey } from './rate-limits.js';
import { hashToken } from './secret-tokens.js';
import { endCustomerSessions } from './sessions.js';
import { IdentityErrorCodes } from './error-codes.js';

/** Spec §2: what the forgot-password screen shows; the API answers it for every address. */
export const RESET_REQUESTED =
  "If an account exists with that email, we've sent password reset instructions. Please check your inbox.";
export const RESET_DONE = 'Your password has been reset successfully!';
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired.';

/**
 * Forgot password. The request does the same work for every address: one rate-limit step and one
 * queued intent. Whether an account matches is decided later by the mail dispatcher, off the
 * request path, so neither the answer nor its timing says whether the address has an account.
 */
export async function requestPasswordReset(ctx: IdentityContext, email: string, from: ClientKey): Promise<void> {
  await takeClientRateLimit(ctx.pool, ctx.limits.rules.forgotPassword, from, ctx.limits.addressFactor);
  await enqueueMail(ctx.pool, { kind: 'password-reset', toAddress: email.trim() });
}

/**
 * Sets a new password with a reset link's token: uses the token up, ends every session of the
 * customer (a thief's too), kills their other reset links, and counts the link as proof that the
 * address is theirs (verified) and that this client is theirs (decision 010).
 */
export async function resetPassword(ctx: IdentityContext, input: { token: string; password: string; from: ClientKey }): Promise<void> {
  await takeClientRateLimit(ctx.pool, ctx.limits.rules.resetPassword, input.from, ctx.limits.addressFactor);
  const hash = hashToken(input.token);
  // Checked before hashing, so a bad link costs no argon2 work; checked again when used up.
  if (!(await findUsableToken(ctx.pool, hash, 'password-reset'))) throw invalidResetLink();
  const passwordHash = await ctx.passwords.hash(input.password);
  await withTransaction(ctx.pool, async (client) => {
    const token = await consumeToken(client, hash, 'password-reset');
    if (!token) throw invalidResetLink();
    await setPasswordHash(client, token.customerId, passwordHash);
    await invalidateCustomerTokens(client, token.customerId, 'password-reset');
    await endCustomerSessions(client, token.customerId);
    await markEmailVerified(client, token.customerId, token.email);
    await insertLoginAttempt(client, accountKeyFor(token.customerId, ''), input.from, true);
  });
}

const invalidResetLink = () => badRequest(INVALID_RESET_LINK, IdentityErrorCodes.invalidResetToken);
