import { DomainStream, ManifestReceivedData, Subjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import { recordManifestWriteback } from '../db/writebacks.repo.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import type { EventConsumerOptions } from './order-placed-consumer.js';

/**
 * The units a manifest brought must reach the POS (decision 054). Each committed batch of its rows
 * (the catalog's manifest.received) is recorded once, keyed by manifest and batch, whatever the
 * redeliveries; the write-back pass sends it (manifest-to-pos.ts).
 */
export function startManifestReceivedConsumer(ctx: PosSyncContext, nats: NatsConn, options: EventConsumerOptions = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'pos-sync-manifest-received',
    subject: options.subject ?? Subjects.manifestReceivedAll,
    logger: ctx.logger,
    handler: async (envelope) => {
      const batch = ManifestReceivedData.safeParse(envelope.data);
      if (!batch.success) {
        ctx.logger.warn({ eventId: envelope.id, problem: batch.error.issues[0]?.message }, 'manifest.received not in the contract shape; nothing to send to the POS');
        return;
      }
      if (await recordManifestWriteback(ctx.pool, batch.data)) void ctx.writebacks.kick();
    },
  });
}
