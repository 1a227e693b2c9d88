import { OrderRefundSettledData } from './cart.js';
import { z } from './zod-config.js';

/**
 * order.restock data (cart → catalog): units of an order to put back where they were taken from.
 * `key` names the action (one cancellation, one received return), so a redelivery restocks nothing twice.
 * A unit with another grade than its product's comes back as a listing of its own at that grade.
 */
export const OrderRestockData = z.object({
  orderId: z.string(),
  key: z.string().regex(/^[A-Za-z0-9:_-]{1,100}$/),
  /** 'unsold': units an order took but never sold (its payment was refunded): nothing to tell the POS. */
  reason: z.enum(['cancellation', 'return', 'unsold']),
  units: z.array(z.object({ sku: z.string(), qty: z.number().int().positive(), grade: z.string().optional(), priceCents: z.number().int().min(0).optional() })).min(1),
});
export type OrderRestockData = z.infer<typeof OrderRestockData>;

/** order.stock-returned data (catalog → pos-sync): the units back on hand of skus that were sold, per location. */
export const StockReturnedData = z.object({
  orderId: z.string(),
  key: z.string(),
  reason: z.enum(['cancellation', 'return']),
  lines: z.array(z.object({ sku: z.string(), locationId: z.string(), qty: z.number().int().positive() })),
});
export type StockReturnedData = z.infer<typeof StockReturnedData>;

/** The envelope every domain event travels in. */
export const EventEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

export const InventoryUpdatedData = z.object({
  productId: z.string(),
  variantId: z.string(),
  sku: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
});
export type InventoryUpdatedData = z.infer<typeof InventoryUpdatedData>;

/** What the gateway pushes to browsers over /ws for every inventory change. */
export const InventoryUpdatedMessage = InventoryUpdatedData.extend({
  type: z.literal('inventory.updated'),
  id: z.string(),
  timestamp: z.string(),
});
export type InventoryUpdatedMessage = z.infer<typeof InventoryUpdatedMessage>;

/**
 * What the gateway pushes over /ws when an order moves on: only to the sockets of the order's owner
 * (the session subject that placed it), never to anyone else.
 */
export const OrderStatusChangedMessage = z.object({
  type: z.literal('order.status-changed'),
  id: z.string(),
  timestamp: z.string(),
  orderId: z.string(),
  number: z.string(),
  status: z.string(),
});
export type OrderStatusChangedMessage = z.infer<typeof OrderStatusChangedMessage>;

/**
 * What the gateway pushes over /ws when one of an order's refunds settles at the payment provider,
 * only to the order's owner: the order page shows the refund as it is, without a reload. A refund is
 * settled after the action that owed it (a cancellation, a received return), so its status-changed
 * message came first and found it pending.
 */
export const OrderRefundSettledMessage = OrderRefundSettledData.omit({ subject: true }).extend({
  type: z.literal('order.refund-settled'),
  id: z.string(),
  timestamp: z.string(),
});
export type OrderRefundSettledMessage = z.infer<typeof OrderRefundSettledMessage>;

/** Anything the owner's pages of an order should show anew (DomEvents.orderUpdated). */
export type OrderUpdatedMessage = OrderStatusChangedMessage | OrderRefundSettledMessage;
