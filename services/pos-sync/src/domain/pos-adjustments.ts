// The POS adjustments the shop sends (sales, give-backs, goods received): one change per sku and
// location, in a stable order, so that a retry rebuilds the very body its Idempotency-Key was first
// sent with; and the notes a write-back that is waiting or done without the POS carries.
import type { AdjustmentRequest } from '../connector/pos-wire.js';
import { versionKey } from '../db/stock-versions.repo.js';
import type { WritebackLine } from '../db/writebacks.repo.js';

/** Most changes one POS adjustment takes. */
const MAX_CHANGES = 100;

export const WritebackNotes = {
  noPosItems: 'The order has no POS items; nothing was sent to the POS',
  waitingForSync: 'Waiting for a first sync from the POS, which tells which items it has',
  notConfirmed: 'Not confirmed by the POS within 23 hours; check the POS and adjust by hand',
  noPosItemsReceived: 'The manifest batch has no new items and no units for items the POS has; nothing was sent to the POS',
  noPosItemForPrice: 'The POS has no item with this sku; the till has no price to change',
  noPrices: 'The price batch has no prices left to send',
  manifestItemsMissing: (answered: number, named: number) => `The catalog has ${answered} items for this manifest batch, not the ${named} its event named; nothing was sent to the POS`,
} as const;

export interface SaleAdjustment {
  idempotencyKey: string;
  body: AdjustmentRequest;
}

/**
 * The adjustments for `lines` (in units taken: a sale's positive, units given back or received
 * negative): delta minus the units taken per sku and location, sorted; more than 100 changes go as
 * numbered parts, each with its own key (`key`, `key-2`, …).
 */
export function adjustments(key: string, reason: AdjustmentRequest['reason'], reference: string, lines: readonly WritebackLine[]): SaleAdjustment[] {
  const taken = new Map<string, { sku: string; location_id: string; qty: number }>();
  for (const line of lines) {
    const key = versionKey(line);
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
      idempotencyKey: part === 0 ? key : `${key}-${part + 1}`,
      body: { reason, reference, changes: changes.slice(i, i + MAX_CHANGES) },
    });
  }
  return parts;
}

