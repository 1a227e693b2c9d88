import { HoldErrorCodes } from '@pl/contracts';

/** One location's stock of a variant at the moment of deciding, holds counted. */
export interface LocationStock {
  locationId: string;
  onHand: number;
  /** Units in active, unexpired holds (any holder). */
  reserved: number;
  /** The part of `reserved` held by the holder who asks now. */
  reservedByHolder: number;
}

export interface Allocation {
  locationId: string;
  qty: number;
}

export type HoldDecision =
  | { ok: true; allocations: Allocation[] }
  | { ok: false; code: (typeof HoldErrorCodes)[keyof typeof HoldErrorCodes]; message: string; available: number };

const freeAt = (l: LocationStock) => Math.max(0, l.onHand - l.reserved);

/**
 * Decides where `qty` units come from, or why they cannot be held. Free units are counted per
 * location (a location whose holds exceed its stock lends nothing to another), so exactly what
 * the shop shows as available can be held. The `preferred` location (a pickup's store) gives
 * first, all of them when it has enough; otherwise one location is used when one has enough (the
 * one with most free units, so small remainders stay spread), else the fullest ones first.
 */
export function allocateHold(levels: readonly LocationStock[], qty: number, preferred?: string): HoldDecision {
  const free = levels
    .map((l) => ({ locationId: l.locationId, free: freeAt(l) }))
    .filter((l) => l.free > 0)
    .sort((a, b) => Number(b.locationId === preferred) - Number(a.locationId === preferred) || b.free - a.free || a.locationId.localeCompare(b.locationId));
  const available = free.reduce((sum, l) => sum + l.free, 0);

  if (available >= qty) {
    const [fullest] = free;
    if (fullest && fullest.free >= qty) return { ok: true, allocations: [{ locationId: fullest.locationId, qty }] };
    const allocations: Allocation[] = [];
    let missing = qty;
    for (const l of free) {
      const take = Math.min(l.free, missing);
      allocations.push({ locationId: l.locationId, qty: take });
      missing -= take;
      if (missing === 0) break;
    }
    return { ok: true, allocations };
  }

  if (available > 0) return { ok: false, code: HoldErrorCodes.insufficientStock, message: `Only ${available} left`, available };
  const heldByOthers = levels.reduce((sum, l) => sum + Math.max(0, l.reserved - l.reservedByHolder), 0);
  const heldByHolder = levels.reduce((sum, l) => sum + l.reservedByHolder, 0);
  if (heldByOthers > 0) return { ok: false, code: HoldErrorCodes.heldByAnother, message: 'Sorry, this item is reserved by another shopper', available };
  if (heldByHolder > 0) return { ok: false, code: HoldErrorCodes.insufficientStock, message: 'All available units are already in your cart', available };
  return { ok: false, code: HoldErrorCodes.insufficientStock, message: 'Sorry, this item is sold out', available };
}
