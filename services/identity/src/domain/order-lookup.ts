// A guest finds an order again by its number and the e-mail given at checkout. Like a password
// reset, the request does the same work whatever was typed: one rate-limit step and one queued
// intent. The dispatcher asks the cart off the request path and mails the order's link only to an
// address the order was placed with, so neither the answer nor its timing tells whether an order
// number exists or whose it is.
import { orderNumberOf, type InternalOrderLookupResult, type OrderLookupPayload } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';
import { findCustomerById } from '../db/customers.repo.js';
import { enqueueMail } from '../db/mail-outbox.repo.js';
import type { IdentityContext } from './identity-context.js';
import { takeClientRateLimit, type ClientKey } from './rate-limits.js';

export async function requestOrderLink(ctx: IdentityContext, { number, email }: OrderLookupPayload, from: ClientKey): Promise<void> {
  await takeClientRateLimit(ctx.pool, ctx.limits.rules.orderLookup, from, ctx.limits.addressFactor);
  await enqueueMail(ctx.pool, { kind: 'order-link', toAddress: email, payload: { number: orderNumberOf(number) } });
}

/** Whether the order was placed with this address: the one given at checkout, else its customer's account address. */
export async function orderBelongsTo(db: Queryable, order: NonNullable<InternalOrderLookupResult['order']>, address: string): Promise<boolean> {
  const same = (a: string | null | undefined) => !!a && a.toLowerCase() === address.toLowerCase();
  if (order.email) return same(order.email);
  if (order.customerKind !== 'customer') return false;
  // Only an address the account holds (decision 044): else anyone could name a stranger's and have order links sent there.
  const customer = await findCustomerById(db, order.subject);
  return !!customer?.holdsEmail && same(customer.email);
}
