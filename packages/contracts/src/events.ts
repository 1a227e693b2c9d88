import { z } from 'zod';

/**
 * NATS subjects. Domain events are past tense and versioned in their envelope; they leave a
 * service through its outbox and are published to JetStream with the outbox id as message id.
 */
export const Subjects = {
  inventoryUpdated: (sku: string) => `inventory.updated.${sku}`,
  inventoryUpdatedAll: 'inventory.updated.>',
  orderPlaced: 'order.placed',
  /** An order moved on (ready for pickup, shipped, …): `order.status-changed.<orderId>`. */
  orderStatusChanged: (orderId: string) => `order.status-changed.${orderId}`,
  orderStatusChangedAll: 'order.status-changed.>',
} as const;

/** JetStream stream holding domain events (subjects it captures). */
export const DomainStream = {
  name: 'SHOP_EVENTS',
  subjects: ['inventory.updated.>', 'order.>', 'customer.>', 'pos.>'],
} as const;

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

export const WS_PATH = '/ws';
/** Browser messages are tiny; anything bigger is an attack or a bug. */
export const WS_MAX_PAYLOAD_BYTES = 4 * 1024;
