import type { UpdateProfilePayload } from '@pl/contracts';
import { badRequest, withTransaction } from '@pl/service-kit';
import { findCustomerById, findCustomerWithHashById, setPasswordHash, updateCustomerProfile, uniqueViolationField, type ProfileChanges } from '../db/customers.repo.js';
import { invalidateCustomerTokens } from '../db/email-tokens.repo.js';
import { enqueueMail } from '../db/mail-outbox.repo.js';
import { blankToNull, toCustomer, type CustomerRecord } from './customer.js';
import type { IdentityContext } from './identity-context.js';
import { takeRateLimit } from './rate-limits.js';
import { endCustomerSessions } from './sessions.js';
import { IdentityErrorCodes } from './error-codes.js';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const PASSWORD_CHANGED = 'Your password has been changed.';

/**
 * Edits name, phone and e-mail. A new address (not just a change of case) is unverified again and
 * gets a verification mail; the old address's pending links die with the change. An address another
 * account holds is taken all the same, as a name without the holding (decision 044): the answer does
 * not say whose it is, and the verification mail becomes a notice to its owner.
 */
export async function updateProfile(ctx: IdentityContext, customerId: string, payload: UpdateProfilePayload) {
  const current = await findCustomerById(ctx.pool, customerId);
  if (!current) throw new Error(`customer ${customerId} of an active session is missing`);
  const changes: ProfileChanges = {};
  if (payload.firstName !== undefined) changes.firstName = blankToNull(payload.firstName);
  if (payload.lastName !== undefined) changes.lastName = blankToNull(payload.lastName);
  if (payload.phone !== undefined) changes.phone = blankToNull(payload.phone);
  const email = payload.email?.trim();
  const newAddress = email !== undefined && email.toLowerCase() !== current.email.toLowerCase();
  if (email !== undefined && email !== current.email) changes.email = email;
  if (newAddress) {
    changes.newEmailAddress = true;
    await takeRateLimit(ctx.pool, ctx.limits.rules.verificationMail, customerId);
  }
  const save = () =>
    withTransaction(ctx.pool, async (client) => {
      const row = await updateCustomerProfile(client, customerId, changes);
      if (newAddress) {
        await invalidateCustomerTokens(client, customerId, 'email-verification');
        await enqueueMail(client, { kind: 'email-verification', toAddress: row.email, customerId });
      }
      return row;
    });
  // Another account claimed the same free address a moment earlier: the second try names it.
  const updated: CustomerRecord = await save().catch((err: unknown) => (uniqueViolationField(err) === 'email' ? save() : Promise.reject(err)));
  return toCustomer(updated);
}

/**
 * Changes the password given the current one. The caller's own session stays signed in; every
 * other session of the customer ends (so does any outstanding reset link).
 */
export async function changePassword(
  ctx: IdentityContext,
  input: { customerId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<{ revokedSessions: string[] }> {
  await takeRateLimit(ctx.pool, ctx.limits.rules.changePassword, input.customerId);
  const customer = await findCustomerWithHashById(ctx.pool, input.customerId);
  if (!customer) throw new Error(`customer ${input.customerId} of an active session is missing`);
  if (!(await ctx.passwords.verify(customer.passwordHash, input.currentPassword))) {
    throw badRequest(CURRENT_PASSWORD_INCORRECT, IdentityErrorCodes.currentPasswordIncorrect);
  }
  const passwordHash = await ctx.passwords.hash(input.newPassword);
  return withTransaction(ctx.pool, async (client) => {
    // Two changes racing: the row lock makes the second one wait and then overwrite, both authorised.
    await findCustomerWithHashById(client, input.customerId, { forUpdate: true });
    await setPasswordHash(client, input.customerId, passwordHash);
    await invalidateCustomerTokens(client, input.customerId, 'password-reset');
    return { revokedSessions: await endCustomerSessions(client, input.customerId, { keep: input.sessionId }) };
  });
}
