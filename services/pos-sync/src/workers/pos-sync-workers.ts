import { startPeriodicWorker, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import type { PosSyncContext } from '../domain/pos-sync-context.js';
import { EVENT_PRUNE_INTERVAL_MS, pruneAppliedEvents, pruneDonePrices } from '../domain/prune-events.js';
import { runScheduledSync } from '../domain/run-sync.js';
import { startAuditRecordedConsumer } from '../events/audit-recorded-consumer.js';
import { startOrderPlacedConsumer, type EventConsumerOptions } from '../events/order-placed-consumer.js';
import { startManifestReceivedConsumer } from '../events/manifest-received-consumer.js';
import { startPriceChangedConsumer } from '../events/price-changed-consumer.js';
import { startStockReturnedConsumer } from '../events/stock-returned-consumer.js';

export interface PosSyncWorkerOptions {
  /** Incremental sync every so many seconds; 0: none. */
  syncIntervalS: number;
  /** How often due events and write-backs are looked for besides the kicks (retries, other instances' leftovers). */
  passIntervalMs?: number;
  orderPlaced?: EventConsumerOptions;
  stockReturned?: EventConsumerOptions;
  manifestReceived?: EventConsumerOptions;
  priceChanged?: EventConsumerOptions;
  auditRecorded?: EventConsumerOptions;
}

/**
 * The background side of pos-sync: the order.placed, order.stock-returned, manifest.received and
 * price.changed consumers, the merged audit log's audit.recorded consumer, the retry passes and the scheduled sync.
 */
export async function startPosSyncWorkers(ctx: PosSyncContext, nats: NatsConn, options: PosSyncWorkerOptions): Promise<BackgroundWorker> {
  const consumers = [
    await startOrderPlacedConsumer(ctx, nats, options.orderPlaced),
    await startStockReturnedConsumer(ctx, nats, options.stockReturned),
    await startManifestReceivedConsumer(ctx, nats, options.manifestReceived),
    await startPriceChangedConsumer(ctx, nats, options.priceChanged),
    await startAuditRecordedConsumer(ctx, nats, options.auditRecorded),
  ];
  const intervalMs = options.passIntervalMs ?? 5000;
  const periodic = [
    startPeriodicWorker({ name: 'pos-events', intervalMs, logger: ctx.logger, run: () => ctx.eventApplier.kick() }),
    startPeriodicWorker({ name: 'pos-writebacks', intervalMs, logger: ctx.logger, run: () => ctx.writebacks.kick() }),
    startPeriodicWorker({ name: 'pos-event-pruning', intervalMs: EVENT_PRUNE_INTERVAL_MS, logger: ctx.logger, run: () => pruneAppliedEvents(ctx.pool) }),
    startPeriodicWorker({ name: 'pos-price-pruning', intervalMs: EVENT_PRUNE_INTERVAL_MS, logger: ctx.logger, run: () => pruneDonePrices(ctx.pool) }),
    ...(options.syncIntervalS > 0
      ? [startPeriodicWorker({ name: 'pos-scheduled-sync', intervalMs: options.syncIntervalS * 1000, logger: ctx.logger, run: () => runScheduledSync(ctx) })]
      : []),
  ];
  // What was stored or recorded while no instance ran goes now.
  void ctx.eventApplier.kick();
  void ctx.writebacks.kick();
  // And what changed in the POS meanwhile comes in now, not an interval later; the run also
  // registers the webhook subscription again (a POS that restarted may have forgotten it).
  if (options.syncIntervalS > 0) {
    runScheduledSync(ctx).catch((err: unknown) => ctx.logger.warn({ err }, 'catch-up POS sync at start failed'));
  }
  return {
    async stop() {
      // A run this instance is making ends 'cancelled' (whole batches written) rather than abandoned.
      await ctx.syncs.stop();
      await Promise.all(consumers.map((c) => c.stop()));
      await Promise.all(periodic.map((w) => w.stop()));
      await Promise.all([ctx.eventApplier.stop(), ctx.writebacks.stop()]);
    },
  };
}
