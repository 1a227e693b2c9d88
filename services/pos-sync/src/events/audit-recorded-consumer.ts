import { DomainStream, Subjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import { storeAuditEvent } from '../domain/audit-log.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import type { EventConsumerOptions } from './order-placed-consumer.js';

/**
 * Every service's audit.recorded events (pos-sync's own included) into the merged log, once per
 * event id: a redelivery stores nothing more. A failure to store is redelivered, never dropped.
 */
export function startAuditRecordedConsumer(ctx: PosSyncContext, nats: NatsConn, options: EventConsumerOptions = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'pos-sync-audit-log',
    subject: options.subject ?? Subjects.auditRecordedAll,
    logger: ctx.logger,
    handler: async (envelope) => {
      if ((await storeAuditEvent(ctx.pool, envelope)) === 'malformed') ctx.logger.warn({ eventId: envelope.id }, 'audit.recorded event that is not an audit entry; not stored');
    },
  });
}
