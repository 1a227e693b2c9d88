import { DomainStream, OrderPlacedData, Subjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import { recordWriteback } from '../db/writebacks.repo.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';

export interface EventConsumerOptions {
  stream?: string;
  subject?: string;
  durable?: string;
}

/**
 * Every paid order's sale must reach the POS. The handler only records the order (a redelivery
 * records nothing more) and kicks the sender, so a POS outage never holds up the stream.
 */
export function startOrderPlacedConsumer(ctx: PosSyncContext, nats: NatsConn, options: EventConsumerOptions = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'pos-sync-writeback',
    subject: options.subject ?? Subjects.orderPlaced,
    logger: ctx.logger,
    handler: async (envelope) => {
      const order = OrderPlacedData.safeParse(envelope.data);
      if (!order.success) {
        ctx.logger.warn({ eventId: envelope.id }, 'order.placed without an order id; nothing to write back');
        return;
      }
      if (await recordWriteback(ctx.pool, order.data.orderId)) void ctx.writebacks.kick();
    },
  });
}
