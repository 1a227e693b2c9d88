import { decimalToCents, DomainStream, PriceChangedData, Subjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import { recordPriceWriteback } from '../db/price-writebacks.repo.js';
import { SHOP_PRICE_SOURCES } from '../domain/price-to-pos.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import type { EventConsumerOptions } from './order-placed-consumer.js';

/**
 * A price the shop set must reach the POS (decision 057). Each change the catalog announces
 * (price.changed) is recorded once, keyed by its changeId, whatever the redeliveries; the write-back
 * pass batches and sends it (price-to-pos.ts). A price that came from the POS is never sent back.
 */
export function startPriceChangedConsumer(ctx: PosSyncContext, nats: NatsConn, options: EventConsumerOptions = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'pos-sync-price-changed',
    subject: options.subject ?? Subjects.priceChangedAll,
    logger: ctx.logger,
    handler: async (envelope) => {
      const change = PriceChangedData.safeParse(envelope.data);
      if (!change.success) {
        ctx.logger.warn({ eventId: envelope.id, problem: change.error.issues[0]?.message }, 'price.changed not in the contract shape; nothing to send to the POS');
        return;
      }
      const { changeId, sku, newPrice, source } = change.data;
      if (!SHOP_PRICE_SOURCES.has(source)) {
        ctx.logger.debug({ eventId: envelope.id, sku, source }, 'a price the shop did not set; not sent to the POS');
        return;
      }
      // The event's time orders the changes of one sku; one that is not a time is ordered by its arrival.
      const changedAt = Number.isNaN(Date.parse(envelope.occurredAt)) ? new Date().toISOString() : envelope.occurredAt;
      const recorded = await recordPriceWriteback(ctx.pool, { changeId, sku, priceCents: decimalToCents(newPrice), source, changedAt });
      if (recorded) void ctx.writebacks.kick();
    },
  });
}
