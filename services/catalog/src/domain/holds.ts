// Holds: the cart's reservations (ARCHITECTURE.md §5). Every change locks the variant first, so
// decisions about one variant happen one at a time across all instances, and records
// inventory.updated in the same transaction whenever availability changed.
import type pg from 'pg';
import { HoldErrorCodes, type CommittedHold, type CreateHoldRequest, type Hold } from '@pl/contracts';
import { AppError, conflict, inTransaction, notFound, withClient, withTransaction, type Pool, type Queryable } from '@pl/service-kit';
import {
  allocationsOf,
  findHold,
  findHolds,
  insertHold,
  lockHold,
  setHoldExpiry,
  setHoldStatus,
  variantIdOfHold,
  type HoldRecord,
} from '../db/holds.repo.js';
import { glanceAtSku, levelsWithHolds, lockVariantById, lockVariantBySku, takeOnHand, type VariantRef } from '../db/inventory.repo.js';
import { allocateHold } from './hold-allocation.js';
import { recordInventoryUpdated } from './inventory-events.js';

export const unknownSku = (sku: string) => new AppError(404, HoldErrorCodes.unknownSku, `Unknown SKU ${sku}`);
const holdNotFound = () => notFound('Hold not found');

/** The wire view: a hold whose time is up reads as expired even before the sweeper marks it. */
export function toHold(h: HoldRecord): Hold {
  return {
    id: h.id,
    sku: h.sku,
    qty: h.qty,
    holder: h.holder,
    status: h.status === 'active' && h.lapsed ? 'expired' : h.status,
    expiresAt: h.expiresAt.toISOString(),
  };
}

const notActive = (h: HoldRecord) => {
  const status = toHold(h).status;
  const message =
    status === 'committed' ? 'This reservation was already used for an order'
    : status === 'released' ? 'This reservation was released'
    : status === 'lost' ? 'Sorry, this item was sold in the store'
    : 'This reservation has expired';
  return conflict(message, HoldErrorCodes.holdNotActive);
};

/**
 * Holds units for a holder. A refusal needs no lock: if a consistent read already shows the
 * units cannot be had, answering so is as true as if the request had arrived at that moment, and
 * it keeps a rush of shoppers for one sold item off the lock. A grant is decided again under the
 * variant's lock, where it counts, on the same connection (no second wait for the pool).
 */
export function createHold(pool: Pool, request: CreateHoldRequest): Promise<Hold> {
  return withClient(pool, async (db) => {
    const refusal = await holdRefusal(db, request);
    if (refusal) throw conflict(refusal.message, refusal.code);
    return inTransaction(db, (client) => holdUnderLock(client, request));
  });
}

/**
 * Why a hold of `qty` units for `holder` would be refused now, from a consistent read without any
 * lock (undefined: it may be granted, which only the lock decides). Throws 404 for an unknown sku.
 */
export async function holdRefusal(db: Queryable, request: { sku: string; qty: number; holder?: string; preferLocationId?: string }): Promise<{ code: string; message: string } | undefined> {
  const seen = await glanceAtSku(db, request.sku, request.holder ?? '');
  if (!seen) throw unknownSku(request.sku);
  const glance = allocateHold(seen.levels, request.qty, request.preferLocationId);
  return glance.ok ? undefined : { code: glance.code, message: glance.message };
}

async function holdUnderLock(client: pg.PoolClient, request: CreateHoldRequest): Promise<Hold> {
  const variant = await lockVariantBySku(client, request.sku);
  if (!variant) throw unknownSku(request.sku);
  const levels = await levelsWithHolds(client, [variant.id], { holder: request.holder, clock: true });
  const decision = allocateHold(levels, request.qty, request.preferLocationId);
  if (!decision.ok) throw conflict(decision.message, decision.code);
  const { id, expiresAt } = await insertHold(client, { variantId: variant.id, qty: request.qty, holder: request.holder, ttlSeconds: request.ttlSeconds, allocations: decision.allocations });
  await recordInventoryUpdated(client, variant);
  // The answer is what was just written (a ttl of a second at least: active), not a read back under the variant's lock.
  return { id, sku: variant.sku, qty: request.qty, holder: request.holder, status: 'active', expiresAt: expiresAt.toISOString() };
}

/** The holds a cart still counts on, as they stand now: one read for a whole cart. */
export async function lookupHolds(pool: Pool, ids: readonly string[]): Promise<Hold[]> {
  return (await findHolds(pool, [...new Set(ids)])).map(toHold);
}

export async function getHold(pool: Pool, id: string): Promise<Hold> {
  const hold = await findHold(pool, id);
  if (!hold) throw holdNotFound();
  return toHold(hold);
}

/** Locks the hold's variant, then the hold, and runs fn with both. */
async function withLockedHold<T>(pool: Pool, id: string, fn: (client: pg.PoolClient, hold: HoldRecord, variant: VariantRef) => Promise<T>): Promise<T> {
  const variantId = await variantIdOfHold(pool, id);
  if (!variantId) throw holdNotFound();
  return withTransaction(pool, async (client) => {
    const variant = await lockVariantById(client, variantId);
    const hold = variant && (await lockHold(client, id));
    if (!variant || !hold) throw holdNotFound();
    return fn(client, hold, variant);
  });
}

/**
 * Gives the units back. Repeating it is harmless; a hold whose time is up is recorded as expired
 * (its units were already free, and this announces it); a committed hold cannot be released.
 */
export function releaseHold(pool: Pool, id: string): Promise<Hold> {
  return withLockedHold(pool, id, async (client, hold, variant) => {
    if (hold.status === 'committed') throw notActive(hold);
    if (hold.status === 'active') {
      const status = hold.lapsed ? 'expired' : 'released';
      await setHoldStatus(client, id, status);
      await recordInventoryUpdated(client, variant);
      return toHold({ ...hold, status });
    }
    return toHold(hold);
  });
}

/** Sets the hold to end `ttlSeconds` from now (longer or shorter); only while it is active. Availability does not change: no event. */
export function extendHold(pool: Pool, id: string, ttlSeconds: number): Promise<Hold> {
  return withLockedHold(pool, id, async (client, hold) => {
    if (hold.status !== 'active' || hold.lapsed) throw notActive(hold);
    return toHold({ ...hold, expiresAt: await setHoldExpiry(client, id, ttlSeconds) });
  });
}

/**
 * Turns a hold into a sale: the units leave the shelf where they were held. Repeating it with the
 * same order id answers the same hold; another order id, or a hold no longer active, is a 409.
 */
export function commitHold(pool: Pool, id: string, orderId: string): Promise<CommittedHold> {
  return withLockedHold(pool, id, async (client, hold, variant) => {
    if (hold.status === 'committed' && hold.orderId === orderId) return { ...toHold(hold), allocations: await allocationsOf(client, id) };
    if (hold.status === 'committed') throw conflict('This reservation was already used for another order', HoldErrorCodes.holdNotActive);
    if (hold.status !== 'active' || hold.lapsed) throw notActive(hold);
    const allocations = await allocationsOf(client, id);
    for (const allocation of allocations) {
      // Only a recount below what is held (the POS sold it meanwhile) can make this fail.
      if (!(await takeOnHand(client, variant.id, allocation.locationId, allocation.qty))) {
        throw conflict('Sorry, this item is no longer in stock', HoldErrorCodes.insufficientStock);
      }
    }
    await setHoldStatus(client, id, 'committed', orderId);
    await recordInventoryUpdated(client, variant);
    return { ...toHold({ ...hold, status: 'committed', orderId }), allocations };
  });
}
