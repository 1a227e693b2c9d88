// Order e-mails: identity knows who the customers are and sends the shop's mail, the cart service
// says what happened to an order. Durable consumers of order.placed and order.status-changed queue
// the mail in mail_outbox keyed by the event id, so a redelivered event queues nothing twice and
// the dispatcher sends each mail exactly once. Only the steps a customer is told about are mailed.
import { DomainStream, OrderPlacedData, OrderStatusChangedData, Subjects, type EventEnvelope } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type Logger, type NatsConn, type Pool } from '@pl/service-kit';
import { findCustomerById } from '../db/customers.repo.js';
import { enqueueMail } from '../db/mail-outbox.repo.js';
import { MAILED_ORDER_STATUSES, OrderMailFacts } from '../mail/mail-templates.js';

interface Deps {
  pool: Pool;
  logger: Logger;
}

/** Queues one order mail to the order's e-mail, or else to the customer's account address. */
async function queueOrderMail(deps: Deps, eventId: string, who: { subject: string; email: string | null | undefined; guest: boolean }, facts: OrderMailFacts): Promise<void> {
  const customer = who.guest ? undefined : await findCustomerById(deps.pool, who.subject);
  // An account's address is mailed only if the account holds it (decision 044): not a stranger's named by someone else.
  const to = who.email || (customer?.holdsEmail ? customer.email : undefined);
  if (!to) {
    deps.logger.warn({ orderId: facts.orderId, status: facts.status }, 'order mail not queued: the order has no e-mail address');
    return;
  }
  await enqueueMail(deps.pool, { kind: 'order', toAddress: to, customerId: customer?.id, payload: OrderMailFacts.parse(facts), dedupeKey: `order-event:${eventId}` });
}

export function onOrderPlaced(deps: Deps) {
  return async (envelope: EventEnvelope) => {
    const data = OrderPlacedData.parse(envelope.data);
    // Events from before the order desk carry no number or fulfilment: nothing to write a mail with.
    if (!data.number || !data.subject || !data.fulfilment) return;
    const facts: OrderMailFacts = {
      orderId: data.orderId,
      number: data.number,
      status: 'paid',
      fulfilment: data.fulfilment,
      lines: data.lines,
      total: data.total,
      accessKey: data.accessKey,
      transferFrom: data.transferFrom,
    };
    await queueOrderMail(deps, envelope.id, { subject: data.subject, email: data.email, guest: data.customerKind === 'guest' }, facts);
  };
}

export function onOrderStatusChanged(deps: Deps) {
  return async (envelope: EventEnvelope) => {
    const data = OrderStatusChangedData.parse(envelope.data);
    const status = MAILED_ORDER_STATUSES.find((s) => s === data.status);
    if (!status || status === 'paid') return;
    const facts: OrderMailFacts = {
      orderId: data.orderId,
      number: data.number,
      status,
      fulfilment: data.fulfilment,
      shipment: data.shipment,
      accessKey: data.accessKey,
      refund: data.refund,
      items: data.items,
      reason: data.reason,
    };
    // A customer's order has the customer id as its subject; identity knows no guest subjects.
    await queueOrderMail(deps, envelope.id, { subject: data.subject, email: data.email, guest: false }, facts);
  };
}

export const startOrderPlacedMail = (deps: Deps & { nats: NatsConn }): Promise<BackgroundWorker> =>
  consumeDurable(deps.nats, { stream: DomainStream.name, durable: 'identity-order-placed-mail', subject: Subjects.orderPlaced, logger: deps.logger, handler: onOrderPlaced(deps) });

export const startOrderStatusMail = (deps: Deps & { nats: NatsConn }): Promise<BackgroundWorker> =>
  consumeDurable(deps.nats, {
    stream: DomainStream.name,
    durable: 'identity-order-status-mail',
    subject: Subjects.orderStatusChangedAll,
    logger: deps.logger,
    handler: onOrderStatusChanged(deps),
  });
