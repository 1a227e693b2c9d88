import { DomainStream, StockReturnedData, Subjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import { recordReturnWriteback, returnWritebackKey } from '../db/writebacks.repo.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import type { EventConsumerOptions } from './order-placed-consumer.js';

/**
 * Units an order gave back (the catalog's order.stock-returned: a cancellation, a received return)
 * must reach the POS like its sale did. Recorded once per action, then sent by the write-back pass.
 */
export function startStockReturnedConsumer(ctx: PosSyncContext, nats: NatsConn, options: EventConsumerOptions = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'pos-sync-stock-returned',
    subject: options.subject ?? Subjects.stockReturnedAll,
    logger: ctx.logger,
    handler: async (envelope) => {
      const event = StockReturnedData.safeParse(envelope.data);
      if (!event.success || event.data.lines.length === 0) {
        ctx.logger.warn({ eventId: envelope.id }, 'order.stock-returned without units; nothing to write back');
        return;
      }
      if (await recordReturnWriteback(ctx.pool, returnWritebackKey(event.data.orderId, event.data.key), event.data.lines)) void ctx.writebacks.kick();
    },
  });
}
