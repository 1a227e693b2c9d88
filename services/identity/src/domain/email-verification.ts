import { badRequest, withTransaction } from '@pl/service-kit';
import { findCustomerById, markEmailVerified } from '../db/customers.repo.js';
import { consumeToken } from '../db/email-tokens.repo.js';
import { enqueueMail } from '../db/mail-outbox.repo.js';
import type { IdentityContext } from './identity-context.js';
import { takeClientRateLimit, takeRateLimit, type ClientKey } from './rate-limits.js';
import { hashToken } from './secret-tokens.js';
import { IdentityErrorCodes } from './error-codes.js';

export const EMAIL_VERIFIED = 'Your email address has been verified.';
export const VERIFICATION_SENT = 'We have sent you a new verification link. Please check your inbox.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired.';

/**
 * Confirms an address with the token from the mail. The token is the proof, so no sign-in is
 * needed (the link may be opened on another device). A token for an address the customer has
 * since changed is refused.
 */
export async function verifyEmail(ctx: IdentityContext, token: string, from: ClientKey): Promise<void> {
  await takeClientRateLimit(ctx.pool, ctx.limits.rules.verifyEmail, from, ctx.limits.addressFactor);
  await withTransaction(ctx.pool, async (client) => {
    const used = await consumeToken(client, hashToken(token), 'email-verification');
    if (!used || !(await markEmailVerified(client, used.customerId, used.email))) {
      throw badRequest(INVALID_VERIFICATION_LINK, IdentityErrorCodes.invalidVerificationToken);
    }
  });
}

/** Sends a fresh verification link to the signed-in customer's current address. */
export async function resendVerification(ctx: IdentityContext, customerId: string): Promise<'sent' | 'already-verified'> {
  const customer = await findCustomerById(ctx.pool, customerId);
  if (!customer) throw new Error(`customer ${customerId} of an active session is missing`);
  if (customer.emailVerifiedAt) return 'already-verified';
  await takeRateLimit(ctx.pool, ctx.limits.rules.verificationMail, customerId);
  await enqueueMail(ctx.pool, { kind: 'email-verification', toAddress: customer.email, customerId });
  return 'sent';
}
