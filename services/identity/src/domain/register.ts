import { ErrorCodes, type RegisterPayload, type SessionGrant } from '@pl/contracts';
import { badRequest, conflict, withTransaction } from '@pl/service-kit';
import { insertCustomer, uniqueViolationField } from '../db/customers.repo.js';
import { insertLoginAttempt } from '../db/login-attempts.repo.js';
import { enqueueMail } from '../db/mail-outbox.repo.js';
import { blankToNull, toCustomer, usernameProblem } from './customer.js';
import type { IdentityContext } from './identity-context.js';
import { recordSignedIn } from './identity-events.js';
import { accountKeyFor } from './login-limits.js';
import { takeClientRateLimit } from './rate-limits.js';
import { openSession, type ClientContext } from './sessions.js';
import { IdentityErrorCodes } from './error-codes.js';

export const USERNAME_TAKEN = 'Username is already taken';

export interface RegisterInput {
  registration: RegisterPayload;
  previousSubject?: string;
  client: ClientContext;
}

/**
 * Creates the account and signs it in: customer, session, "signed in" event and the verification
 * mail commit together. The client address becomes known to the account (decision 010).
 *
 * The answer is the same whether the e-mail address is already in use (decision 044): the new
 * account then names the address without holding it, and its verification mail turns into a notice
 * to the address's owner (the dispatcher decides, off the request path). A taken username is still
 * said: a handle the customer picks, public-ish, and one they must pick again.
 */
export async function register(ctx: IdentityContext, input: RegisterInput): Promise<SessionGrant> {
  const r = input.registration;
  const username = r.username.trim();
  const problem = usernameProblem(username);
  if (problem) throw badRequest(problem, ErrorCodes.validation);
  const email = r.email.trim();

  await takeClientRateLimit(ctx.pool, ctx.limits.rules.register, input.client, ctx.limits.addressFactor);
  const passwordHash = await ctx.passwords.hash(r.password);
  const create = () =>
    withTransaction(ctx.pool, async (client) => {
      const customer = await insertCustomer(client, {
        username,
        email,
        passwordHash,
        firstName: blankToNull(r.firstName),
        lastName: blankToNull(r.lastName),
        phone: blankToNull(r.phone),
        ifEmailHeld: 'name',
      });
      const session = await openSession(client, customer.id, input.client);
      await insertLoginAttempt(client, accountKeyFor(customer.id, username), input.client, true);
      await recordSignedIn(client, { customerId: customer.id, previousSubject: input.previousSubject ?? null });
      await enqueueMail(client, { kind: 'email-verification', toAddress: customer.email, customerId: customer.id });
      return { customer: toCustomer(customer), session };
    });
  try {
    // Another registration claimed the same free address a moment earlier: the second try names it.
    return await create().catch((err: unknown) => (uniqueViolationField(err) === 'email' ? create() : Promise.reject(err)));
  } catch (err) {
    if (uniqueViolationField(err) === 'username') throw conflict(USERNAME_TAKEN, IdentityErrorCodes.usernameTaken);
    throw err;
  }
}
