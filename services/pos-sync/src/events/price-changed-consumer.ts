import { decimalToCents, DomainStream, PriceChangedData, PriceChangedDataV1, Subjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import { recordPriceWritebacks } from '../db/price-writebacks.repo.js';
import { SHOP_PRICE_SOURCES } from '../domain/price-to-pos.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import type { EventConsumerOptions } from './order-placed-consumer.js';

/**
 * Prices the shop set must reach the POS (decision 057). Each change the catalog announces
 * (price.changed: version 2 carries up to a thousand, version 1 one) is recorded once, keyed by its
 * changeId, whatever the redeliveries; the write-back pass batches and sends them (price-to-pos.ts).
 * A price that came from the POS is never sent back.
 */
export function startPriceChangedConsumer(ctx: PosSyncContext, nats: NatsConn, options: EventConsumerOptions = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'pos-sync-price-changed',
    subject: options.subject ?? Subjects.priceChangedAll,
    logger: ctx.logger,
    handler: async (envelope) => {
      const batch = PriceChangedData.safeParse(envelope.data);
      const single = batch.success ? undefined : PriceChangedDataV1.safeParse(envelope.data);
      const event = batch.success ? batch.data : single?.success ? { source: single.data.source, changes: [single.data] } : undefined;
      if (!event) {
        ctx.logger.warn({ eventId: envelope.id, problem: batch.error?.issues[0]?.message }, 'price.changed not in the contract shape; nothing to send to the POS');
        return;
      }
      if (!SHOP_PRICE_SOURCES.has(event.source)) {
        ctx.logger.debug({ eventId: envelope.id, source: event.source }, 'prices the shop did not set; not sent to the POS');
        return;
      }
      // The event's time orders the changes of one sku; one that is not a time is ordered by its arrival.
      const changedAt = Number.isNaN(Date.parse(envelope.occurredAt)) ? new Date().toISOString() : envelope.occurredAt;
      const recorded = await recordPriceWritebacks(
        ctx.pool,
        event.changes.map(({ changeId, sku, newPrice }) => ({ changeId, sku, priceCents: decimalToCents(newPrice), source: event.source, changedAt })),
      );
      if (recorded > 0) void ctx.writebacks.kick();
    },
  });
}
