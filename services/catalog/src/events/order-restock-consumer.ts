import { DomainStream, OrderRestockData, Subjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type Logger, type NatsConn, type Pool } from '@pl/service-kit';
import { restockOrder } from '../domain/restock-order.js';

/** The cart's order.restock events (cancellations, received returns): the units back on sale, once each. */
export function startOrderRestockConsumer(deps: { pool: Pool; logger: Logger; nats: NatsConn }, options: { durable?: string } = {}): Promise<BackgroundWorker> {
  return consumeDurable(deps.nats, {
    stream: DomainStream.name,
    durable: options.durable ?? 'catalog-order-restock',
    subject: Subjects.orderRestockAll,
    logger: deps.logger,
    handler: async (envelope) => {
      const data = OrderRestockData.safeParse(envelope.data);
      if (!data.success) {
        deps.logger.warn({ eventId: envelope.id }, 'order.restock event without a valid body; ignored');
        return;
      }
      await restockOrder(deps.pool, deps.logger, data.data);
    },
  });
}
