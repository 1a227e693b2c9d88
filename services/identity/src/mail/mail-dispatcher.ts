// Sends what mail_outbox holds. A row is an intent; the dispatcher decides at send time whether
// it still applies (an unknown address, a changed one, too many resets), mints the link's token
// and delivers the message, all in one transaction per mail. Any number of instances can run it:
// each mail is claimed with SKIP LOCKED.
import { z } from 'zod';
import { startPeriodicWorker, withTransaction, type BackgroundWorker, type Logger, type Pool, type PoolClient } from '@pl/service-kit';
import type { CartClient } from '../clients/cart-client.js';
import { findCustomerById, findEmailHolder, holdEmailIfFree } from '../db/customers.repo.js';
import { countRecentTokens, insertEmailToken } from '../db/email-tokens.repo.js';
import { claimNextMail, countAddressNotices, finishMail, retryMailLater, type MailOutcome, type PendingMail } from '../db/mail-outbox.repo.js';
import { orderBelongsTo } from '../domain/order-lookup.js';
import { hashToken, newSecretToken } from '../domain/secret-tokens.js';
import type { MailMessage } from './mail-message.js';
import { MailPolicy } from './mail-policy.js';
import { addressInUseMail, emailVerificationMail, orderMail, OrderMailFacts, passwordResetMail } from './mail-templates.js';
import type { MailTransport } from './mail-transport.js';

export interface MailDispatcherDeps {
  pool: Pool;
  transport: MailTransport;
  publicOrigin: string;
  logger: Logger;
  /** Reset mails per account per hour (default MailPolicy.resetMailsPerHour; RATE_LIMIT_RESET_MAILS). */
  resetMailsPerHour?: number;
  /** The cart, asked which order an order lookup names. */
  cart: CartClient;
}

type Composed = { outcome: Exclude<MailOutcome, 'sent' | 'address-in-use' | 'failed'> } | { message: MailMessage; outcome?: 'address-in-use' };

async function mintToken(client: PoolClient, purpose: 'password-reset' | 'email-verification', customerId: string, email: string, ttlSeconds: number) {
  const token = newSecretToken();
  await insertEmailToken(client, { hash: hashToken(token), purpose, customerId, email, ttlSeconds });
  return token;
}

const OrderLinkIntent = z.object({ number: z.string() });

async function compose(client: PoolClient, mail: PendingMail, deps: MailDispatcherDeps): Promise<Composed> {
  const { publicOrigin } = deps;
  const resetMailsPerHour = deps.resetMailsPerHour ?? MailPolicy.resetMailsPerHour;
  if (mail.kind === 'order-link') {
    const intent = OrderLinkIntent.safeParse(mail.payload);
    if (!intent.success) return { outcome: 'stale' };
    const order = await deps.cart.orderByNumber(intent.data.number);
    if (!order || !(await orderBelongsTo(client, order, mail.toAddress))) return { outcome: 'no-order' };
    const customer = order.customerKind === 'customer' ? await findCustomerById(client, order.subject) : undefined;
    const facts = { orderId: order.orderId, number: order.number, status: 'link' as const, accessKey: order.accessKey };
    return { message: orderMail({ to: mail.toAddress, firstName: customer?.firstName ?? null, facts, publicOrigin }) };
  }
  if (mail.kind === 'order') {
    const facts = OrderMailFacts.safeParse(mail.payload);
    if (!facts.success) return { outcome: 'stale' };
    const customer = mail.customerId ? await findCustomerById(client, mail.customerId) : undefined;
    return { message: orderMail({ to: mail.toAddress, firstName: customer?.firstName ?? null, facts: facts.data, publicOrigin }) };
  }
  if (mail.kind === 'password-reset') {
    const customer = await findEmailHolder(client, mail.toAddress);
    if (!customer) return { outcome: 'no-account' };
    if ((await countRecentTokens(client, customer.id, 'password-reset', 3600)) >= resetMailsPerHour) return { outcome: 'throttled' };
    const token = await mintToken(client, 'password-reset', customer.id, customer.email, MailPolicy.resetTokenTtlSeconds);
    const validMinutes = MailPolicy.resetTokenTtlSeconds / 60;
    return { message: passwordResetMail({ to: customer.email, firstName: customer.firstName, username: customer.username, token, publicOrigin, validMinutes }) };
  }
  const customer = mail.customerId ? await findCustomerById(client, mail.customerId) : undefined;
  // The address changed again or was verified since the mail was queued: nothing left to confirm.
  if (!customer || customer.emailVerifiedAt || customer.email.toLowerCase() !== mail.toAddress.toLowerCase()) return { outcome: 'stale' };
  if (!customer.holdsEmail && !(await holdEmailIfFree(client, customer.id))) {
    // Another account holds the address: its owner is told, the one who typed it is sent nothing (decision 044).
    if ((await countAddressNotices(client, customer.email, 86_400)) >= MailPolicy.addressNoticesPerDay) return { outcome: 'throttled' };
    const owner = await findEmailHolder(client, customer.email);
    return { message: addressInUseMail({ to: customer.email, firstName: owner?.firstName ?? null, publicOrigin }), outcome: 'address-in-use' };
  }
  const token = await mintToken(client, 'email-verification', customer.id, customer.email, MailPolicy.verificationTokenTtlSeconds);
  const validHours = MailPolicy.verificationTokenTtlSeconds / 3600;
  return { message: emailVerificationMail({ to: customer.email, firstName: customer.firstName, token, publicOrigin, validHours }) };
}

/** Handles one due mail; false when there was none. */
async function dispatchOne(deps: MailDispatcherDeps): Promise<boolean> {
  // What the transaction claimed, for the bookkeeping of a failure after it rolled back.
  const claimed: { mail?: PendingMail } = {};
  try {
    const outcome = await withTransaction(deps.pool, async (client) => {
      const mail = (claimed.mail = await claimNextMail(client));
      if (!mail) return undefined;
      const composed = await compose(client, mail, deps);
      if (!('message' in composed)) {
        await finishMail(client, mail.id, composed.outcome);
        return composed.outcome;
      }
      // REVIEW: with SMTP, a COMMIT failing after the send leaves a mailed link whose token was
      // rolled back: the customer asks again. Sending after COMMIT would instead risk a token with no mail.
      await deps.transport.send(composed.message, client);
      const sent = composed.outcome ?? 'sent';
      await finishMail(client, mail.id, sent);
      return sent;
    });
    const { mail } = claimed;
    if (!mail || !outcome) return false;
    deps.logger.info({ mail: mail.id, kind: mail.kind, outcome, via: deps.transport.name }, 'mail handled');
    return true;
  } catch (err) {
    const { mail } = claimed;
    if (!mail) throw err;
    const error = err instanceof Error ? err.message : String(err);
    if (mail.attempts + 1 >= MailPolicy.maxAttempts) await finishMail(deps.pool, mail.id, 'failed', error);
    else await retryMailLater(deps.pool, mail.id, Math.min(3600, 5 * 2 ** mail.attempts), error);
    deps.logger.warn({ err, mail: mail.id, kind: mail.kind, attempt: mail.attempts + 1 }, 'sending mail failed');
    return true;
  }
}

/** Sends what is due now (at most `max` mails); resolves with how many it handled. */
export async function dispatchPendingMail(deps: MailDispatcherDeps, max = 50): Promise<number> {
  let handled = 0;
  while (handled < max && (await dispatchOne(deps))) handled++;
  return handled;
}

export const MAIL_DISPATCH_INTERVAL_MS = 500;

export function startMailDispatcher(deps: MailDispatcherDeps): BackgroundWorker {
  const worker = startPeriodicWorker({ name: 'mail-dispatch', intervalMs: MAIL_DISPATCH_INTERVAL_MS, logger: deps.logger, run: () => dispatchPendingMail(deps) });
  return {
    async stop() {
      await worker.stop();
      deps.transport.close();
    },
  };
}
