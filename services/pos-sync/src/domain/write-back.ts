// Sales reach the POS exactly once. The order.placed consumer only records the order (once per
// order id, whatever the redeliveries); this pass sends it. The POS de-duplicates by
// Idempotency-Key order-<id> and the body is rebuilt identically every time (the order's committed
// allocations, sorted), so a retry after a lost answer, or a second instance, applies nothing twice.
import type { OrderAllocations } from '@pl/contracts';
import { CatalogError } from '../clients/catalog-client.js';
import { PosError } from '../connector/pos-connector.js';
import type { AdjustmentRequest } from '../connector/pos-wire.js';
import { claimDueWritebacks, markWritebackFailed, markWritebackSent, scheduleWritebackRetry, type DueWriteback } from '../db/writebacks.repo.js';
import { loadPosSettings, NOT_CONFIGURED_MESSAGE, type PosSettings } from './pos-settings.js';
import { retryDelayMs, type PosSyncContext } from './pos-sync-context.js';

const BATCH = 10;
const LEASE_MS = 5 * 60_000;
/** Most changes one POS adjustment takes. */
const MAX_CHANGES = 100;

export interface SaleAdjustment {
  idempotencyKey: string;
  body: AdjustmentRequest;
}

/**
 * The POS adjustments for an order: one change per sku and location (delta minus the units taken),
 * in a stable order; more than 100 changes go as numbered parts, each with its own key.
 */
export function saleAdjustments(allocations: OrderAllocations): SaleAdjustment[] {
  const taken = new Map<string, { sku: string; location_id: string; qty: number }>();
  for (const line of allocations.lines) {
    const key = `${line.sku}\u0000${line.locationId}`;
    const entry = taken.get(key) ?? { sku: line.sku, location_id: line.locationId, qty: 0 };
    entry.qty += line.qty;
    taken.set(key, entry);
  }
  const changes = [...taken.values()]
    .sort((a, b) => a.sku.localeCompare(b.sku) || a.location_id.localeCompare(b.location_id))
    .map(({ sku, location_id, qty }) => ({ sku, location_id, delta: -qty }));
  const parts: SaleAdjustment[] = [];
  for (let i = 0; i < changes.length; i += MAX_CHANGES) {
    const part = i / MAX_CHANGES;
    parts.push({
      idempotencyKey: part === 0 ? `order-${allocations.orderId}` : `order-${allocations.orderId}-${part + 1}`,
      body: { reason: 'sale', reference: allocations.orderId, changes: changes.slice(i, i + MAX_CHANGES) },
    });
  }
  return parts;
}

/** Sends every due write-back; answers how many were handled. */
export async function sendDueWritebacks(ctx: PosSyncContext): Promise<number> {
  let handled = 0;
  for (;;) {
    const due = await claimDueWritebacks(ctx.pool, BATCH, LEASE_MS);
    for (const writeback of due) {
      await sendWriteback(ctx, writeback);
      handled++;
    }
    if (due.length < BATCH) return handled;
  }
}

async function sendWriteback(ctx: PosSyncContext, { orderId, attempts }: DueWriteback): Promise<void> {
  let settings: PosSettings | undefined;
  try {
    settings = await loadPosSettings(ctx);
  } catch (err) {
    await scheduleWritebackRetry(ctx.pool, orderId, { error: (err as Error).message, delayMs: ctx.settings.retryMaxMs, attempted: false });
    return;
  }
  // Waits for a POS; saving settings makes it due again at once.
  if (!settings) {
    await scheduleWritebackRetry(ctx.pool, orderId, { error: NOT_CONFIGURED_MESSAGE, delayMs: ctx.settings.retryMaxMs, attempted: false });
    return;
  }
  try {
    const allocations = await ctx.catalog.orderAllocations(orderId);
    if (!allocations || allocations.lines.length === 0) {
      await markWritebackFailed(ctx.pool, orderId, 'The catalog has no stock committed to this order');
      return;
    }
    const pos = ctx.connect(settings);
    for (const adjustment of saleAdjustments(allocations)) await pos.adjustInventory(adjustment.idempotencyKey, adjustment.body);
    await markWritebackSent(ctx.pool, orderId);
    ctx.logger.info({ orderId }, 'sale written back to the POS');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const permanent = (err instanceof PosError && err.kind === 'rejected') || (err instanceof CatalogError && !err.transient);
    if (permanent) {
      ctx.logger.error({ orderId, reason: message }, 'the POS or the catalog refused a sale write-back; it will not be retried');
      await markWritebackFailed(ctx.pool, orderId, message);
      return;
    }
    ctx.logger.warn({ orderId, attempts: attempts + 1, reason: message }, 'sale write-back failed; retrying later');
    await scheduleWritebackRetry(ctx.pool, orderId, { error: message, delayMs: retryDelayMs(ctx.settings, attempts + 1), attempted: true });
  }
}
