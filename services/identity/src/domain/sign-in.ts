import { ErrorCodes, type SessionGrant } from '@pl/contracts';
import { AppError, withTransaction } from '@pl/service-kit';
import { findCustomerForSignIn, setPasswordHash } from '../db/customers.repo.js';
import { markAttemptSucceeded } from '../db/login-attempts.repo.js';
import { isEmailIdentifier, toCustomer } from './customer.js';
import type { IdentityContext } from './identity-context.js';
import { recordSignedIn } from './identity-events.js';
import { accountKeyFor, admitSignInAttempt } from './login-limits.js';
import { openSession, type ClientContext } from './sessions.js';

/** One answer for an unknown name and a wrong password: nothing tells which accounts exist. */
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const invalidCredentials = () => new AppError(401, ErrorCodes.unauthenticated, INVALID_CREDENTIALS);

export interface SignInInput {
  usernameOrEmail: string;
  password: string;
  previousSubject?: string;
  client: ClientContext;
}

/**
 * Checks a username-or-e-mail and password and opens a session. An unknown name takes the same
 * path as a known one: the same limit checks and one argon2 verify (against a dummy hash), so
 * neither the answer nor its timing tells them apart.
 */
export async function signIn(ctx: IdentityContext, input: SignInInput): Promise<SessionGrant> {
  const identifier = input.usernameOrEmail.trim();
  // An @ decides which (usernames have none).
  const customer = await findCustomerForSignIn(ctx.pool, { by: isEmailIdentifier(identifier) ? 'email' : 'username', value: identifier });
  const attemptId = await admitSignInAttempt(ctx.pool, ctx.limits, accountKeyFor(customer?.id, identifier), input.client);
  const hash = customer?.passwordHash ?? (await ctx.dummyHash());
  const passwordOk = await ctx.passwords.verify(hash, input.password);
  if (!customer || !passwordOk) throw invalidCredentials();

  const grant = await withTransaction(ctx.pool, async (client) => {
    await markAttemptSucceeded(client, attemptId);
    const session = await openSession(client, customer.id, input.client);
    await recordSignedIn(client, { customerId: customer.id, previousSubject: input.previousSubject ?? null });
    return { customer: toCustomer(customer), session };
  });
  if (ctx.passwords.needsRehash(customer.passwordHash)) {
    // Stored under weaker parameters (or a legacy scheme): upgrade while we hold the plain password.
    await ctx.passwords
      .hash(input.password)
      .then((upgraded) => setPasswordHash(ctx.pool, customer.id, upgraded))
      .catch((err: unknown) => ctx.logger.warn({ err, customerId: customer.id }, 'password rehash failed'));
  }
  return grant;
}
