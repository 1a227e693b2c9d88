import { DomainStream, ManifestReceivedBatch, ManifestReceivedData, Subjects, type EventEnvelope } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import { recordManifestWriteback } from '../db/writebacks.repo.js';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import type { EventConsumerOptions } from './order-placed-consumer.js';

/**
 * The units a manifest brought must reach the POS (decision 054). Each committed batch of its rows
 * (the catalog's manifest.received) is recorded once, keyed by manifest and batch, whatever the
 * redeliveries; the write-back pass sends it (manifest-to-pos.ts). Version 2 names the batch's rows,
 * and is recorded as it came: their items are asked of the catalog when the batch is sent (decision
 * 069). Version 1 carried them.
 */
export function startManifestReceivedConsumer(ctx: PosSyncContext, nats: NatsConn, options: EventConsumerOptions = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'pos-sync-manifest-received',
    subject: options.subject ?? Subjects.manifestReceivedAll,
    logger: ctx.logger,
    handler: async (envelope) => {
      const batch = receivedBatch(ctx, envelope);
      if (!batch) return;
      if (await recordManifestWriteback(ctx.pool, batch)) void ctx.writebacks.kick();
    },
  });
}

/** The batch an event announces (its items, or its rows for version 2); undefined (logged) when it is not in the contract's shape. */
function receivedBatch(ctx: PosSyncContext, envelope: EventEnvelope): ManifestReceivedData | ManifestReceivedBatch | undefined {
  const refused = (problem: string | undefined) => {
    ctx.logger.warn({ eventId: envelope.id, problem }, 'manifest.received not in the contract shape; nothing to send to the POS');
    return undefined;
  };
  if (envelope.version < 2) {
    const carried = ManifestReceivedData.safeParse(envelope.data);
    return carried.success ? carried.data : refused(carried.error.issues[0]?.message);
  }
  const named = ManifestReceivedBatch.safeParse(envelope.data);
  return named.success ? named.data : refused(named.error.issues[0]?.message);
}
