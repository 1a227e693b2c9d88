// NATS subjects, the domain stream and the websocket's path: plain values, no schema, so a browser
// imports them without zod (decision 025). Event payload schemas are in events.ts.

/**
 * NATS subjects. Domain events are past tense and versioned in their envelope; they leave a
 * service through its outbox and are published to JetStream with the outbox id as message id.
 */
export const Subjects = {
  inventoryUpdated: (sku: string) => `inventory.updated.${sku}`,
  inventoryUpdatedAll: 'inventory.updated.>',
  orderPlaced: 'order.placed',
  /**
   * Listings' photos, inspection, price or publication changed (ProductUpdatedData):
   * `product.updated.<productId>` for one listing, `product.updated.<key>` for a markdown run's batch.
   */
  productUpdated: (productIdOrKey: string) => `product.updated.${productIdOrKey}`,
  productUpdatedAll: 'product.updated.>',
  /** An order moved on (ready for pickup, shipped, …): `order.status-changed.<orderId>`. */
  orderStatusChanged: (orderId: string) => `order.status-changed.${orderId}`,
  orderStatusChangedAll: 'order.status-changed.>',
  /** One of an order's refunds settled at the payment provider (succeeded or failed): `order.refund-settled.<orderId>`. */
  orderRefundSettled: (orderId: string) => `order.refund-settled.${orderId}`,
  orderRefundSettledAll: 'order.refund-settled.>',
  /** The cart asks the catalog to put an order's units back (cancellation, received return). */
  orderRestock: (orderId: string) => `order.restock.${orderId}`,
  orderRestockAll: 'order.restock.>',
  /** The catalog put units back: per sku and location, for the POS write-back. */
  stockReturned: (orderId: string) => `order.stock-returned.${orderId}`,
  stockReturnedAll: 'order.stock-returned.>',
  /** A committed batch of a manifest's rows (ManifestReceivedData), for pos-sync to create in the POS: `manifest.received.<manifestId>`. */
  manifestReceived: (manifestId: string) => `manifest.received.${manifestId}`,
  manifestReceivedAll: 'manifest.received.>',
  /** An admin did something (AuditRecordedData), announced by the service that did it: `audit.recorded.<service>`. */
  auditRecorded: (service: string) => `audit.recorded.${service}`,
  auditRecordedAll: 'audit.recorded.>',
  /** The shop set variants' prices (PriceChangedData: a markdown run's batch): `price.changed.<key>`, for the POS write-back. */
  priceChanged: (key: string) => `price.changed.${key}`,
  priceChangedAll: 'price.changed.>',
} as const;

/** JetStream stream holding domain events (subjects it captures). */
export const DomainStream = {
  name: 'SHOP_EVENTS',
  subjects: ['inventory.updated.>', 'product.updated.>', 'order.>', 'customer.>', 'pos.>', 'manifest.>', 'audit.>', 'price.changed.>'],
} as const;

/**
 * Events are delivered at least once (an outbox relay that lost NATS's answer publishes the same
 * event again, under the same id). Answers a check that is true the first time it sees an id and
 * false for a repeat, remembering the last `limit` ids.
 */
export function firstSightOf(limit: number): (eventId: string) => boolean {
  const seen = new Set<string>();
  return (eventId) => {
    if (seen.has(eventId)) return false;
    seen.add(eventId);
    if (seen.size > limit) seen.delete(seen.values().next().value!);
    return true;
  };
}

export const WS_PATH = '/ws';
/** Browser messages are tiny; anything bigger is an attack or a bug. */
export const WS_MAX_PAYLOAD_BYTES = 4 * 1024;
