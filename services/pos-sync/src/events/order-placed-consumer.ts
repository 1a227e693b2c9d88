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
 * Every paid order's sale must reach the POS. The handler records the order with the units the
 * catalog committed to it (a redelivery records nothing more) and kicks the sender, so a POS
 * outage never holds up the stream. The units count as sold for every count from the POS from
 * this moment until the POS confirms the sale, however long that takes (settings not saved yet,
 * no first sync, the POS down). Without an answer from the catalog the event is redelivered.
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
      const allocations = await ctx.catalog.orderAllocations(order.data.orderId);
      if (await recordWriteback(ctx.pool, order.data.orderId, allocations?.lines ?? null)) void ctx.writebacks.kick();
    },
  });
}
